import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  realStore,
  type ServedStore,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/latests';

/** The latest alerts of a class from the class index (test oracle): candids, most recent first. */
async function oracle(
  store: ServedStore,
  label: string | null,
  n: number,
  where = 'TRUE',
): Promise<number[]> {
  const rows = await storeRows(
    store,
    `SELECT i_candid FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')})
     WHERE ${label === null ? 'TRUE' : `classification = '${label}'`} AND ${where}
     ORDER BY i_jd DESC, i_candid DESC LIMIT ${n}`,
  );
  return rows.map((r) => Number(r.i_candid));
}

const candids = (rows: unknown) => (rows as Row[]).map((r) => r['i:candid']);

describe('/api/v1/latests on the real alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('never answers 5xx to fuzzed arguments, and every 4xx is a JSON error', async () => {
    expect(
      await fuzzFor5xx(store.app, PATH, [
        'class',
        'trend',
        'n',
        'startdate',
        'stopdate',
        'distinct',
        'color',
        'columns',
        'output-format',
      ]),
    ).toEqual([]);
  });

  it('returns the latest alerts of a Fink class, sorted by jd descending (reference test_simple_classsearch)', async () => {
    const { status, body } = await call(store.app, PATH, { class: 'SN candidate', n: 10 });
    expect(status).toBe(200);
    const rows = body as Row[];
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r['v:classification'] === 'SN candidate')).toBe(true);
    expect(candids(rows)).toEqual(await oracle(store, 'SN candidate', 10));
    const jds = rows.map((r) => r['i:jd'] as number);
    expect([...jds].sort((a, b) => b - a)).toEqual(jds);
  });

  it('reads a SIMBAD class with or without its prefix (reference test_simbad_classsearch)', async () => {
    const prefixed = (await call(store.app, PATH, { class: '(SIMBAD) QSO', n: 100 })).body as Row[];
    const bare = (await call(store.app, PATH, { class: 'QSO', n: 100 }, 'GET')).body as Row[];
    expect(prefixed.length).toBeGreaterThan(0);
    expect(prefixed.every((r) => r['v:classification'] === 'QSO')).toBe(true);
    expect(candids(bare)).toEqual(candids(prefixed));
    expect(candids(prefixed)).toEqual(await oracle(store, 'QSO', 100));
  });

  it('answers allclasses from the time index and Unknown from the class index', async () => {
    expect(candids((await call(store.app, PATH, { class: 'allclasses', n: 7 })).body)).toEqual(
      await oracle(store, null, 7),
    );
    const unknown = (await call(store.app, PATH, { class: 'Unknown', n: 20 })).body as Row[];
    expect(unknown.every((r) => r['v:classification'] === 'Unknown')).toBe(true);
    expect(candids(unknown)).toEqual(await oracle(store, 'Unknown', 20));
  });

  it('answers a TNS type with the alerts whose d:tns is that type, and the trends rising and fading', async () => {
    const { status, body } = await call(store.app, PATH, { class: '(TNS) SN II', n: 100 });
    expect(status).toBe(200);
    const expected = await storeRows(
      store,
      `SELECT i_candid FROM read_parquet(${allPartFiles(store, 'alerts.parquet')})
       WHERE d_tns = 'SN II' ORDER BY i_jd DESC, i_candid DESC`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(candids(body).map(Number)).toEqual(expected.map((r) => Number(r.i_candid)));
    expect((body as Row[]).every((r) => r['d:tns'] === 'SN II')).toBe(true);
    const rates = (body as Row[]).map((r) => r['d:mag_rate'] as number | null);
    const rising = (await call(store.app, PATH, { class: '(TNS) SN II', n: 100, trend: 'rising' }))
      .body as Row[];
    const fading = (await call(store.app, PATH, { class: '(TNS) SN II', n: 100, trend: 'fading' }))
      .body as Row[];
    expect(rising).toHaveLength(rates.filter((r) => r !== null && r < 0).length);
    expect(fading).toHaveLength(rates.filter((r) => r !== null && r > 0).length);
    // low_state is for the CTA blazar low state only
    const wrong = await call(store.app, PATH, { class: '(TNS) SN II', trend: 'low_state' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { text: string }).text).toMatch(/Blazar low state/);
    expect((await call(store.app, PATH, { class: 'QSO', trend: 'up' })).status).toBe(400);
  });

  it('answers SLSN candidate and the CTA blazar states by their fink-filters definitions, one alert per object', async () => {
    const definitions: [string, string][] = [
      ['SLSN candidate', 'd_slsn_score >= 0.5'],
      [
        '(CTA) Blazar low state',
        `d_blazar_stats_instantness_low >= 0 AND d_blazar_stats_instantness_low < 1
         AND d_blazar_stats_robustness_low >= 0 AND d_blazar_stats_robustness_low < 1`,
      ],
      [
        '(CTA) Blazar high state',
        'd_blazar_stats_instantness_high > 1 AND d_blazar_stats_robustness_high > 1',
      ],
    ];
    for (const [cls, where] of definitions) {
      const { status, body } = await call(store.app, PATH, { class: cls, n: 1000 });
      expect(status, cls).toBe(200);
      const expected = await storeRows(
        store,
        `SELECT i_candid FROM read_parquet(${allPartFiles(store, 'alerts.parquet')}) WHERE ${where}
         QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
         ORDER BY i_jd DESC, i_candid DESC`,
      );
      expect(candids(body).map(Number), cls).toEqual(expected.map((r) => Number(r.i_candid)));
    }
  });

  it('gives the same alerts for a window in ISO, JD and MJD (reference test_classsearch_and_date)', async () => {
    // the 2021-11-22 sample: 2021-11-22 00:00 UTC = JD 2459540.5
    const iso = (
      await call(store.app, PATH, {
        class: 'allclasses',
        n: 1000,
        startdate: '2021-11-22',
        stopdate: '2021-11-23',
      })
    ).body as Row[];
    const jd = (
      await call(store.app, PATH, {
        class: 'allclasses',
        n: 1000,
        startdate: 2459540.5,
        stopdate: '2459541.5',
      })
    ).body as Row[];
    const mjd = (
      await call(store.app, PATH, { class: 'allclasses', n: 1000, startdate: 59540, stopdate: 59541 }, 'GET')
    ).body as Row[];
    expect(iso.length).toBeGreaterThan(0);
    expect(candids(jd)).toEqual(candids(iso));
    expect(candids(mjd)).toEqual(candids(iso));
    expect(candids(iso)).toEqual(await oracle(store, null, 1000, 'i_jd BETWEEN 2459540.5 AND 2459541.5'));
    expect(
      iso.every(
        (r) => (r['v:lastdate'] as string) >= '2021-11-22' && (r['v:lastdate'] as string) < '2021-11-23',
      ),
    ).toBe(true);
  });

  it('restricts columns (reference test_classsearch_and_cols_*)', async () => {
    const two = (await call(store.app, PATH, { class: 'SN candidate', n: 3, columns: 'i:jd,i:objectId' }))
      .body as Row[];
    expect(two.map((r) => Object.keys(r))).toEqual([
      ['i:objectId', 'i:jd'],
      ['i:objectId', 'i:jd'],
      ['i:objectId', 'i:jd'],
    ]);
    const one = (await call(store.app, PATH, { class: 'SN candidate', n: 3, columns: 'i:objectId' }))
      .body as Row[];
    expect(Object.keys(one[0])).toEqual(['i:objectId']);
  });

  it('answers GET like POST (reference test_query_url)', async () => {
    const get = await call(
      store.app,
      PATH,
      { class: 'Early SN Ia candidate', n: 10, 'output-format': 'json' },
      'GET',
    );
    const post = await call(store.app, PATH, {
      class: 'Early SN Ia candidate',
      n: 10,
      'output-format': 'json',
    });
    expect(await get.res.text()).toBe(await post.res.text());
  });

  it.each([
    [{ n: 5 }, /`class`/],
    [{ class: 'NotAClass' }, /Unknown class "NotAClass".*\/api\/v1\/classes/],
    [{ class: 'SN Ia' }, /Unknown class/],
    [{ class: "QSO' OR '1'='1" }, /Unknown class/],
    [{ class: 'QSO', n: 0 }, /`n`.*from 1 to 10,000/],
    [{ class: 'QSO', n: 10001 }, /`n`.*from 1 to 10,000/],
    [{ class: 'QSO', n: '5; DROP' }, /`n`/],
    [{ class: 'QSO', startdate: 'last week' }, /`startdate`/],
    [{ class: 'QSO', startdate: '2021-12-01', stopdate: '2021-11-01' }, /before `startdate`/],
    [{ class: 'QSO', distinct: 'maybe' }, /`distinct`.*boolean/],
    [{ class: 'QSO', color: 'maybe' }, /`color`/],
    [{ class: 'QSO', 'output-format': 'html' }, /`output-format`/],
  ])('rejects %j with a 400 JSON error', async (args, pattern) => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await call(store.app, PATH, args, method);
      expect(status).toBe(400);
      expect((body as { status: string; text: string }).status).toBe('error');
      expect((body as { text: string }).text).toMatch(pattern);
    }
  });
});

describe('/api/v1/latests on simulated alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await simulatedStore();
  });
  afterAll(() => store?.close());

  it('returns n alerts, an object possibly repeated; distinct=true returns n distinct objects', async () => {
    const alerts = (await call(store.app, PATH, { class: 'EB*', n: 60 })).body as Row[];
    expect(alerts).toHaveLength(60);
    expect(candids(alerts)).toEqual(await oracle(store, 'EB*', 60));
    const objects = new Set(alerts.map((r) => r['i:objectId']));
    expect(objects.size).toBeLessThan(60);
    const latest = await storeRows(
      store,
      `SELECT i_objectId, max(i_jd) AS jd FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')})
       WHERE classification = 'EB*' GROUP BY 1`,
    );
    const n = Math.min(40, latest.length);
    expect(n).toBeGreaterThan(objects.size);
    const distinct = (await call(store.app, PATH, { class: 'EB*', n: 40, distinct: true })).body as Row[];
    expect(distinct).toHaveLength(n);
    expect(new Set(distinct.map((r) => r['i:objectId'])).size).toBe(n);
    // each object's row is its latest alert of the class
    const latestJd = new Map(latest.map((r) => [r.i_objectId, r.jd]));
    expect(distinct.every((r) => latestJd.get(r['i:objectId']) === r['i:jd'])).toBe(true);
  });

  it('reads parts newest first and stops early, with the answers of a query over every part', async () => {
    for (const n of [1, 7, 25, 80, 300, 1000]) {
      for (const label of ['EB*', 'Unknown']) {
        const alerts = (await call(store.app, PATH, { class: label, n })).body as Row[];
        expect(candids(alerts), `${label} n=${n}`).toEqual(await oracle(store, label, n));
      }
      const distinct = (await call(store.app, PATH, { class: 'EB*', n, distinct: true })).body as Row[];
      const expected = await storeRows(
        store,
        `SELECT i_candid FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')}) WHERE classification = 'EB*'
         QUALIFY row_number() OVER (PARTITION BY i_objectId ORDER BY i_jd DESC, i_candid DESC) = 1
         ORDER BY i_jd DESC, i_candid DESC LIMIT ${n}`,
      );
      expect(candids(distinct), `distinct n=${n}`).toEqual(expected.map((r) => Number(r.i_candid)));
    }
  });

  it('adds the colour and rate fields with color=true or a bare ?color', async () => {
    const off = (await call(store.app, PATH, { class: 'RRLyr', n: 20 })).body as Row[];
    expect(off[0]).not.toHaveProperty('v:g-r');
    const on = (await call(store.app, PATH, { class: 'RRLyr', n: 20, color: true })).body as Row[];
    expect(on[0]).toHaveProperty('v:g-r');
    expect(on[0]).toHaveProperty('v:rate');
    const bare = await store.app.request(`${PATH}?class=RRLyr&n=20&color`);
    expect(await bare.json()).toEqual(on);
    const no = (await call(store.app, PATH, { class: 'RRLyr', n: 20, color: 'False' }, 'GET')).body as Row[];
    expect(no[0]).not.toHaveProperty('v:g-r');
  });

  it('finds every Fink class the simulation produces', async () => {
    for (const label of [
      'Early SN Ia candidate',
      'Kilonova candidate',
      'Microlensing candidate',
      'Tracklet',
    ]) {
      const rows = (await call(store.app, PATH, { class: label, n: 1000 })).body as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r['v:classification'] === label)).toBe(true);
      expect(candids(rows)).toEqual(await oracle(store, label, 1000));
    }
  });
});
