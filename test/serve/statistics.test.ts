import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_BASIC_COLUMNS } from '../../data/index.js';
import { EG_HOST_LIST, isSimbadCounterpart } from '../support/fink-statistics-oracle.js';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  realStore,
  type ServedStore,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/statistics';

describe('/api/v1/statistics on the real alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('never answers 5xx to fuzzed arguments, and every 4xx is a JSON error', async () => {
    expect(await fuzzFor5xx(store.app, PATH, ['date', 'columns', 'schema', 'output-format'])).toEqual([]);
  });

  it('answers every night with an empty date, keyed ztf_YYYYMMDD, sorted', async () => {
    const nights = Object.keys(store.reader.current().statistics).sort();
    const rows = (await call(store.app, PATH, { date: '' })).body as Row[];
    expect(rows.map((r) => r['key:key'])).toEqual(nights.map((n) => `ztf_${n}`));
    expect((await call(store.app, PATH, { date: '', schema: false })).body).toEqual(rows);
  });

  it('answers one night with the real counts (datasim 2018-11-29: 31 alerts, 18 valid)', async () => {
    const rows = (await call(store.app, PATH, { date: '20181129' })).body as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]['key:key']).toBe('ztf_20181129');
    expect(rows[0]['basic:raw']).toBe(31);
    expect(rows[0]['basic:sci']).toBe(18);
    expect(rows[0]['basic:exposures']).toBe(1);
    for (const [k, v] of Object.entries(rows[0])) if (k !== 'key:key') expect(typeof v).toBe('number');
    // one class: column per label seen that night (each count above 0), none zero-filled, and no column of ours
    const classes = Object.keys(rows[0]).filter((k) => k.startsWith('class:'));
    expect(classes).toContain('class:simbad_tot');
    expect(classes).toContain('class:simbad_gal');
    for (const k of classes) if (!k.startsWith('class:simbad_')) expect(rows[0][k]).toBeGreaterThan(0);
    expect(rows[0]).not.toHaveProperty('basic:objects');
    expect(Object.keys(rows[0]).slice(0, 8)).toEqual(['key:key', 'key:time', ...STATS_BASIC_COLUMNS]);
  });

  it('selects nights by month and year', async () => {
    const month = (await call(store.app, PATH, { date: '201911' }, 'GET')).body as Row[];
    expect(month.map((r) => r['key:key'])).toEqual(['ztf_20191101', 'ztf_20191115', 'ztf_20191127']);
    const year = (await call(store.app, PATH, { date: 2019 })).body as Row[];
    expect(year.map((r) => r['key:key'])).toEqual([
      'ztf_20191101',
      'ztf_20191115',
      'ztf_20191127',
      'ztf_20191216',
    ]);
    expect((await call(store.app, PATH, { date: '1999' })).body).toEqual([]);
  });

  it('restricts columns, keeps key:key and key:time, and gives null for a class absent from a night', async () => {
    const rows = (
      await call(store.app, PATH, { date: '2019', columns: 'basic:sci, class:RRLyr,basic:objects,nope' })
    ).body as Row[];
    expect(rows.map((r) => Object.keys(r))).toEqual(
      rows.map(() => ['key:key', 'key:time', 'basic:sci', 'basic:objects', 'class:RRLyr']),
    );
    // the four 2019-11-15 alerts are RRLyr (test/data/README.md §2); 2019-11-27 has none
    const byNight = new Map(rows.map((r) => [r['key:key'], r]));
    expect(byNight.get('ztf_20191115')?.['class:RRLyr']).toBeGreaterThan(0);
    expect(byNight.get('ztf_20191127')?.['class:RRLyr']).toBeNull();
    // a class no night of the answer has is no column
    const one = (await call(store.app, PATH, { date: '20191127', columns: 'basic:sci,class:RRLyr' }))
      .body as Row[];
    expect(Object.keys(one[0])).toEqual(['key:key', 'key:time', 'basic:sci']);
  });

  it('lists its columns with schema=true', async () => {
    const rows = (await call(store.app, PATH, { date: '', schema: 'True' })).body as { schema: string }[];
    const names = rows.map((r) => r.schema);
    expect(names.slice(0, 9)).toEqual(['key:key', 'key:time', ...STATS_BASIC_COLUMNS, 'basic:objects']);
    expect(names).toContain('class:Unknown');
    expect(names).toContain('class:simbad_tot');
  });

  it('writes csv with the same values', async () => {
    const { res } = await call(store.app, PATH, {
      date: '20181129',
      columns: 'basic:raw',
      'output-format': 'csv',
    });
    const [header, row, ...rest] = parseCsv(await res.text());
    expect(header).toEqual(['key:key', 'key:time', 'basic:raw']);
    expect([row[0], row[2]]).toEqual(['ztf_20181129', '31']);
    expect(Number(row[1])).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(rest).toEqual([]);
  });

  it('writes parquet and votable with the json values, null for a label a night did not see', async () => {
    const args = { date: '2019', columns: 'basic:sci,class:RRLyr' };
    const json = (await call(store.app, PATH, args)).body as Row[];
    expect(json.some((r) => r['class:RRLyr'] === null)).toBe(true);
    const parquet = await readParquet(
      new Uint8Array(
        await (await call(store.app, PATH, { ...args, 'output-format': 'parquet' })).res.arrayBuffer(),
      ),
    );
    expect(parquet.columns.map((c) => c.name)).toEqual(Object.keys(json[0]));
    const count = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    expect(parquet.rows.map((r) => [r['key:key'], count(r['basic:sci']), count(r['class:RRLyr'])])).toEqual(
      json.map((r) => [r['key:key'], r['basic:sci'], r['class:RRLyr']]),
    );
    const votable = parseVotable(
      await (await call(store.app, PATH, { ...args, 'output-format': 'votable' })).res.text(),
    );
    expect(votable.fields.map((f) => f.name)).toEqual(Object.keys(json[0]));
    expect(votable.rows.map((r) => r[3] === null || r[3] === '')).toEqual(
      json.map((r) => r['class:RRLyr'] === null),
    );
  });

  it.each([
    [{ columns: '*' }, /`date`.*required/],
    [{ schema: true }, /`date`.*required/],
    [{ date: '2021-11-03' }, /`date`.*YYYYMMDD.*YYYYMM.*YYYY/],
    [{ date: '20211' }, /`date`/],
    [{ date: "2021' OR 1=1" }, /`date`/],
    [{ date: '', schema: 'maybe' }, /`schema`/],
    [{ date: '', 'output-format': 'xls' }, /`output-format`/],
  ])('rejects %j with a 400 JSON error', async (args, pattern) => {
    for (const method of ['GET', 'POST'] as const) {
      const { status, body } = await call(store.app, PATH, args, method);
      expect(status).toBe(400);
      expect((body as { text: string }).text).toMatch(pattern);
    }
  });
});

describe('/api/v1/statistics on simulated alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await simulatedStore();
  });
  afterAll(() => store?.close());

  it('equals, night by night, the counts of the published alerts', async () => {
    const full = (await call(store.app, PATH, { date: '202403' })).body as Row[];
    const objects = (await call(store.app, PATH, { date: '202403', columns: 'basic:objects' })).body as Row[];
    const rows: Row[] = full.map((r, i) => ({ ...r, 'basic:objects': objects[i]['basic:objects'] }));
    expect(rows.map((r) => r['key:key'])).toEqual(['ztf_20240310', 'ztf_20240311', 'ztf_20240312']);
    const alerts = allPartFiles(store, 'alerts.parquet');
    const basic = await storeRows(
      store,
      `SELECT night, count(*)::INT AS sci, count(*) FILTER (WHERE i_fid = 1)::INT AS n_g,
              count(*) FILTER (WHERE i_fid = 2)::INT AS n_r, count(DISTINCT i_objectId)::INT AS objects,
              count(DISTINCT i_jd)::INT AS exposures, count(DISTINCT i_field)::INT AS fields
       FROM read_parquet(${alerts}) GROUP BY night ORDER BY night`,
    );
    const xmatch = await storeRows(
      store,
      `SELECT night, coalesce(d_cdsxmatch, 'Unknown') AS cds, count(*)::INT AS n
       FROM read_parquet(${alerts}) GROUP BY 1, 2`,
    );
    const classes = await storeRows(
      store,
      `SELECT night, classification, count(*)::INT AS n FROM read_parquet(${alerts}) GROUP BY 1, 2`,
    );
    basic.forEach((b, i) => {
      expect(rows[i]['key:key']).toBe(`ztf_${b.night}`);
      expect(rows[i]['basic:sci']).toBe(b.sci);
      expect(rows[i]['basic:n_g']).toBe(b.n_g);
      expect(rows[i]['basic:n_r']).toBe(b.n_r);
      expect(rows[i]['basic:objects']).toBe(b.objects);
      expect(rows[i]['basic:exposures']).toBe(b.exposures);
      expect(rows[i]['basic:fields']).toBe(b.fields);
      expect(rows[i]['basic:raw']).toBeGreaterThanOrEqual(b.sci as number);
      const night = xmatch.filter((x) => x.night === b.night);
      const sum = (keep: (cds: string) => boolean) =>
        night.filter((x) => keep(String(x.cds))).reduce((t, x) => t + (x.n as number), 0);
      expect(rows[i]['class:simbad_tot']).toBe(sum(isSimbadCounterpart));
      expect(rows[i]['class:simbad_gal']).toBe(sum((cds) => EG_HOST_LIST.has(cds)));
    });
    // the simulation draws SIMBAD types: both counts are exercised
    expect(rows.some((r) => (r['class:simbad_tot'] as number) > 0)).toBe(true);
    for (const c of classes) {
      const row = rows.find((r) => r['key:key'] === `ztf_${c.night}`);
      expect(row?.[`class:${c.classification}`]).toBe(c.n);
    }
  });
});
