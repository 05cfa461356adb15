import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  realStore,
  type ServedStore,
  separationDeg,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/explorer';

/** ZTF19acihgng (fink-client datatest): one alert, 2019-11-27, first detected 2019-10-25, in Draco. */
const ACIHGNG = { ra: 289.8937586, dec: 61.8469285, jd: 2458814.6358333, jdstarthist: 2458781.6433681 };
/** Tolerance on the separation of an alert from itself (degrees): float64 rounding of the haversine. */
const SELF_SEPARATION_DEG = 1e-9;
/** Tolerance between a separation from SQL and from the oracle (degrees): 1e-9° ≈ 4 µas. */
const SEPARATION_TOLERANCE_DEG = 1e-9;

describe('/api/v1/explorer on the real alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('never answers 5xx to fuzzed arguments, and every 4xx is a JSON error', async () => {
    expect(
      await fuzzFor5xx(store.app, PATH, [
        'objectId',
        'ra',
        'dec',
        'radius',
        'startdate',
        'stopdate',
        'window',
        'time_field',
        'n',
        'columns',
        'output-format',
      ]),
    ).toEqual([]);
  });

  it('lists its arguments on a GET without parameters', async () => {
    const res = await store.app.request(PATH);
    const names = ((await res.json()) as { args: { name: string }[] }).args.map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining(['objectId', 'ra', 'dec', 'radius', 'time_field', 'window']),
    );
  });

  it('finds ZTF19acihgng in a 5″ cone around its position, at separation ~0', async () => {
    const { status, body } = await call(store.app, PATH, { ra: ACIHGNG.ra, dec: ACIHGNG.dec, radius: 5 });
    expect(status).toBe(200);
    const rows = body as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]['i:objectId']).toBe('ZTF19acihgng');
    expect(rows[0]['v:separation_degree']).toBeLessThan(SELF_SEPARATION_DEG);
    expect(rows[0]['i:jd']).toBeCloseTo(ACIHGNG.jd, 6);
    expect(rows[0]['v:constellation']).toBe('Draco');
    expect(rows[0]['v:lastdate']).toMatch(/^2019-11-27 /);
  });

  it.each([
    ['19 19 34.502', '+61 50 48.943'],
    ['19:19:34.502', '61:50:48.943'],
    ['19h19m34.502s', '61d50m48.943s'],
    ['289d53m37.531s', '+61d50m48.943s'],
  ])('gives the same answer for the cone at (%s, %s) as in degrees', async (ra, dec) => {
    const degrees = (await call(store.app, PATH, { ra: ACIHGNG.ra, dec: ACIHGNG.dec, radius: 5 }))
      .body as Row[];
    const sexagesimal = (await call(store.app, PATH, { ra, dec, radius: '5' }, 'GET')).body as Row[];
    expect(sexagesimal.map((r) => r['i:candid'])).toEqual(degrees.map((r) => r['i:candid']));
    // the sexagesimal text is rounded to 1 ms of time / 1 mas: the centres differ by < 0.02″
    expect(sexagesimal[0]['v:separation_degree']).toBeLessThan(0.02 / 3600);
  });

  it('treats arguments sent empty (HTML forms) as absent', async () => {
    const res = await store.app.request(
      `${PATH}?ra=${ACIHGNG.ra}&dec=${ACIHGNG.dec}&radius=5&startdate=&stopdate=&window=&time_field=&n=`,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as Row[]).map((r) => r['i:objectId'])).toEqual(['ZTF19acihgng']);
  });

  it('finds nothing in 5″ cones elsewhere (reference test_empty_conesearch)', async () => {
    for (const [ra, dec] of [
      [0, 0],
      [ACIHGNG.ra + 30 / 3600 / Math.cos((ACIHGNG.dec * Math.PI) / 180), ACIHGNG.dec],
    ]) {
      const { status, body } = await call(store.app, PATH, { ra, dec, radius: 5 });
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
  });

  it('filters a cone on the alert time (any) or on the first detection (first)', async () => {
    const cone = { ra: ACIHGNG.ra, dec: ACIHGNG.dec, radius: 5 };
    const ids = async (args: Record<string, string | number>) =>
      ((await call(store.app, PATH, { ...cone, ...args })).body as Row[]).map((r) => r['i:objectId']);
    // the alert is on 2019-11-27; the object was first seen on 2019-10-25
    expect(await ids({ startdate: '2019-11-27', window: 1, time_field: 'any' })).toEqual(['ZTF19acihgng']);
    expect(await ids({ startdate: '2019-11-27', window: 1 })).toEqual([]);
    expect(await ids({ startdate: '2019-10-25', window: 1 })).toEqual(['ZTF19acihgng']);
    expect(
      await ids({ startdate: ACIHGNG.jdstarthist - 2400000.5 - 0.1, stopdate: ACIHGNG.jdstarthist + 0.1 }),
    ).toEqual(['ZTF19acihgng']);
    expect(await ids({ startdate: '2019-11-28', time_field: 'any' })).toEqual([]);
  });

  it('answers group 0 with the latest alert of each object, ids and prefixes', async () => {
    const one = (await call(store.app, PATH, { objectId: 'ZTF19acihgng' })).body as Row[];
    expect(one).toHaveLength(1);
    expect(one[0]['i:ra']).toBeCloseTo(ACIHGNG.ra, 7);
    expect(one[0]['v:classification']).toEqual(expect.any(String));
    const prefix = 'ZTF18acsbu';
    const oracle = await storeRows(
      store,
      `SELECT i_objectId, max(i_jd) AS jd FROM read_parquet(${allPartFiles(store, 'alerts.parquet')})
       WHERE starts_with(i_objectId, '${prefix}') GROUP BY 1 ORDER BY 1`,
    );
    expect(oracle.length).toBeGreaterThan(1);
    const rows = (await call(store.app, PATH, { objectId: `${prefix}, ZTF19acihgng` })).body as Row[];
    expect(rows.map((r) => r['i:objectId'])).toEqual([...oracle.map((r) => r.i_objectId), 'ZTF19acihgng']);
    expect(rows.slice(0, oracle.length).map((r) => r['i:jd'])).toEqual(oracle.map((r) => r.jd));
    // the first n objects in id order; a selection of columns (written from the decoded rows)
    const first = (await call(store.app, PATH, { objectId: prefix, n: 1, columns: 'i:jd,i:objectId' }))
      .body as Row[];
    expect(first).toEqual([{ 'i:objectId': oracle[0].i_objectId, 'i:jd': oracle[0].jd }]);
    expect((await call(store.app, PATH, { objectId: 'ZTF99zzzzzzz' })).body).toEqual([]);
  });

  it('answers a date search with one row per object, most recent first, within the window', async () => {
    // the datasim exposure of 2018-11-29 06:04 UTC (jd 2458451.7528): 18 valid alerts of 18 objects
    const start = 2458451.7;
    const oracle = await storeRows(
      store,
      `SELECT count(DISTINCT i_objectId)::INT AS n FROM read_parquet(${allPartFiles(store, 'alerts.parquet')})
       WHERE i_jd BETWEEN ${start} AND ${start + 0.1}`,
    );
    const rows = (await call(store.app, PATH, { startdate: start, window: 0.1 })).body as Row[];
    expect(oracle[0].n).toBe(18);
    expect(rows).toHaveLength(18);
    expect(new Set(rows.map((r) => r['i:objectId'])).size).toBe(18);
    expect(rows.every((r) => (r['i:jd'] as number) >= start && (r['i:jd'] as number) <= start + 0.1)).toBe(
      true,
    );
    const limited = (await call(store.app, PATH, { startdate: start, window: 0.1, n: 5 })).body as Row[];
    expect(limited).toHaveLength(5);
  });

  it('restricts columns and keeps only the v: fields named, always adding i:ra, i:dec and v:separation_degree to a cone search (as Fink)', async () => {
    const { body } = await call(store.app, PATH, {
      ra: ACIHGNG.ra,
      dec: ACIHGNG.dec,
      radius: 5,
      columns: 'i:objectId,i:magpsf,v:separation_degree,nope',
    });
    expect(Object.keys((body as Row[])[0])).toEqual([
      'i:objectId',
      'i:ra',
      'i:dec',
      'i:magpsf',
      'v:separation_degree',
    ]);
  });

  it('gives the same values in json, csv, parquet and votable', async () => {
    const args = { ra: ACIHGNG.ra, dec: ACIHGNG.dec, radius: 5, columns: 'i:objectId,i:candid,i:ra,i:dec' };
    const json = (await call(store.app, PATH, args)).body as Row[];
    const csv = parseCsv(await (await call(store.app, PATH, { ...args, 'output-format': 'csv' })).res.text());
    expect(csv[0]).toEqual(['i:objectId', 'i:candid', 'i:ra', 'i:dec', 'v:separation_degree']);
    expect(csv[1][0]).toBe('ZTF19acihgng');
    expect(Number(csv[1][2])).toBe(json[0]['i:ra']);
    const parquet = await readParquet(
      new Uint8Array(
        await (await call(store.app, PATH, { ...args, 'output-format': 'parquet' })).res.arrayBuffer(),
      ),
    );
    expect(parquet.rows[0]['i:candid']).toBe(1060135832015015002n);
    const votable = parseVotable(
      await (await call(store.app, PATH, { ...args, 'output-format': 'votable' })).res.text(),
    );
    expect(votable.fields.map((f) => f.ID)).toEqual([
      'i_objectId',
      'i_candid',
      'i_ra',
      'i_dec',
      'v_separation_degree',
    ]);
    expect(Number(votable.rows[0][3])).toBe(json[0]['i:dec']);
  });

  it.each([
    [{ objectId: 'ZTF19acihgng', ra: 1, dec: 2, radius: 3 }, /same group/],
    [{ ra: 193.82, dec: 2.89 }, /`radius` is required for group 1/],
    [{ ra: 193.82, radius: 5 }, /`dec` is required for group 1/],
    [{ ra: 'kfdlkj', dec: 'lkfdjf', radius: 5 }, /`ra`.*not a right ascension/],
    [{ ra: 193.82, dec: 95, radius: 5 }, /`dec`.*between -90 and \+90/],
    [
      { ra: 193.82, dec: 2.89, radius: 36000 },
      /`radius`.*cannot be bigger than 18,000 arcseconds \(5 degrees\)/,
    ],
    [{ ra: 193.82, dec: 2.89, radius: 5, window: 1 }, /give a startdate/],
    [
      { ra: 193.82, dec: 2.89, radius: 5, startdate: '2021-11-05', stopdate: '2021-11-04' },
      /before `startdate`/,
    ],
    [{ ra: 193.82, dec: 2.89, radius: 5, startdate: 'soon' }, /`startdate`/],
    [{ ra: 193.82, dec: 2.89, radius: 5, time_field: 'last' }, /`time_field`.*first or any/],
    [{ startdate: '2021-11-01', window: 2 }, /at most 1 day/],
    [{ startdate: '2021-11-01', window: 0 }, /`window`.*positive/],
    [{ startdate: '2021-11-01', stopdate: '2021-11-05' }, /at most 1 day/],
    [{ n: 0 }, /`n`.*from 1 to 10,000/],
    [{ n: 'ten' }, /`n`/],
    [{ objectId: "ZTF'; DROP TABLE x" }, /Invalid objectId/],
    [{ objectId: ' , ' }, /`objectId` is required/],
    [{ objectId: 'ZTF19acihgng', columns: 'nope,i:nothing' }, /None of the requested columns/],
    [{ objectId: 'ZTF19acihgng', 'output-format': 'xml' }, /`output-format`/],
  ])('rejects %j with a 400 JSON error', async (args, pattern) => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await call(store.app, PATH, args, method);
      expect(status).toBe(400);
      expect((body as { status: string }).status).toBe('error');
      expect((body as { text: string }).text).toMatch(pattern);
    }
  });
});

describe('/api/v1/explorer cone searches on simulated alerts, against a brute-force oracle', () => {
  let store: ServedStore;
  let sky: Row[];
  beforeAll(async () => {
    store = await simulatedStore();
    sky = await storeRows(
      store,
      `SELECT i_objectId, i_candid, i_ra, i_dec, i_jd, i_jdstarthist FROM read_parquet(${allPartFiles(store, 'idx_sky.parquet')})`,
    );
  });
  afterAll(() => store?.close());

  /** Latest alert per object within the cone (and the window), nearest first. */
  function oracle(ra: number, dec: number, radiusDeg: number, filter: (r: Row) => boolean = () => true) {
    const best = new Map<string, Row & { sep: number }>();
    for (const r of sky) {
      const sep = separationDeg(ra, dec, r.i_ra as number, r.i_dec as number);
      if (sep > radiusDeg || !filter(r)) continue;
      const seen = best.get(r.i_objectId as string);
      if (!seen || (r.i_jd as number) > (seen.i_jd as number))
        best.set(r.i_objectId as string, { ...r, sep });
    }
    return [...best.values()].sort((a, b) => a.sep - b.sep);
  }

  it.each([
    [0, 3600],
    [7, 18000],
    [20, 600],
    [40, 18000],
    [60, 5],
  ])('finds the same objects as the oracle around alert #%i within %i″', async (index, radiusArcsec) => {
    const centre = [...sky].sort((a, b) => String(a.i_candid).localeCompare(String(b.i_candid)))[index];
    const [ra, dec] = [centre.i_ra as number, centre.i_dec as number];
    const expected = oracle(ra, dec, radiusArcsec / 3600);
    const rows = (await call(store.app, PATH, { ra, dec, radius: radiusArcsec, n: 10000 })).body as Row[];
    expect(rows.map((r) => r['i:objectId'])).toEqual(expected.map((r) => r.i_objectId));
    expect(rows.map((r) => r['i:candid'])).toEqual(expected.map((r) => Number(r.i_candid)));
    rows.forEach((r, i) => {
      expect(Math.abs((r['v:separation_degree'] as number) - expected[i].sep)).toBeLessThan(
        SEPARATION_TOLERANCE_DEG,
      );
    });
    // the centre's object is found (its latest alert may lie a fraction of an arcsecond away)
    expect(rows.map((r) => r['i:objectId'])).toContain(centre.i_objectId);
  });

  it('keeps the n nearest objects', async () => {
    const c = sky[0];
    const expected = oracle(c.i_ra as number, c.i_dec as number, 5).slice(0, 3);
    const rows = (
      await call(store.app, PATH, { ra: c.i_ra as number, dec: c.i_dec as number, radius: 18000, n: 3 })
    ).body as Row[];
    expect(rows.map((r) => r['i:objectId'])).toEqual(expected.map((r) => r.i_objectId));
  });

  it('applies the window to the first detection or to the alert time, as time_field says', async () => {
    const c = sky[0];
    const [startJd, stopJd] = [2460380.5, 2460381.5]; // the night of 2024-03-11
    for (const timeField of ['first', 'any'] as const) {
      const key = timeField === 'first' ? 'i_jdstarthist' : 'i_jd';
      const expected = oracle(c.i_ra as number, c.i_dec as number, 5, (r) => {
        const t = r[key] as number;
        return t >= startJd && t <= stopJd;
      });
      const rows = (
        await call(store.app, PATH, {
          ra: c.i_ra as number,
          dec: c.i_dec as number,
          radius: 18000,
          startdate: startJd,
          stopdate: stopJd,
          time_field: timeField,
          n: 10000,
        })
      ).body as Row[];
      expect(rows.map((r) => r['i:objectId'])).toEqual(expected.map((r) => r.i_objectId));
    }
  });

  it('answers a date search on first detections from the sky index', async () => {
    const [startJd, stopJd] = [2460380.5, 2460381.5];
    const expected = new Set(
      sky
        .filter((r) => (r.i_jdstarthist as number) >= startJd && (r.i_jdstarthist as number) <= stopJd)
        .map((r) => r.i_objectId),
    );
    const rows = (await call(store.app, PATH, { startdate: startJd, stopdate: stopJd, time_field: 'first' }))
      .body as Row[];
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r['i:objectId']))).toEqual(expected);
    const jds = rows.map((r) => r['i:jd'] as number);
    expect([...jds].sort((a, b) => b - a)).toEqual(jds);
  });
});
