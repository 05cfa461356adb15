/**
 * `/api/v1/ssocand` on a store holding both real fink-fat sets of test/data/fink_fat (671 orbits, 4,150
 * detections), loaded with `skyalert ssocand load` and no alert night published: each kind, the ssoCandId
 * filter, the date window, maxnumber, the four output formats, every error path, fuzzed arguments; and the
 * empty answer of a store without candidates.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { sqlPathLiteral } from '../../data/index.js';
import { loadSsoCand } from '../../ingest/ssocand/index.js';
import { OPENAPI_PATH } from '../../serve/api/docs.js';
import { MAX_SSOCAND_ROWS } from '../../serve/api/ssocand.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { type Answer, call, fuzzFor5xx } from '../support/serve-stores.js';
import { tempStore, testLog } from '../support/store.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/ssocand';
/** JD of 2020-05-05 00:00 UTC and 2020-05-07 00:00 UTC. */
const JD_2020_05_05 = 2458974.5;
const JD_2020_05_07 = 2458976.5;
const ONE_ID = 'FF20200505aaaaaaa';

interface Served {
  readonly layout: StoreLayout;
  readonly reader: StoreReader;
  readonly app: ReturnType<typeof createApp>;
  close(): void;
}

async function serve(load: readonly string[]): Promise<Served> {
  const layout = tempStore('skyalert-serve-ssocand-');
  if (load.length > 0) await loadSsoCand(layout, load, testLog);
  const reader = await StoreReader.open(layout, testLog);
  return {
    layout,
    reader,
    app: createApp(reader, testLog),
    close: () => {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    },
  };
}

function expectError(a: Answer, argument: string | RegExp): void {
  expect(a.status).toBe(400);
  const body = a.body as { status: string; text: string };
  expect(body.status).toBe('error');
  expect(body.text).toMatch(typeof argument === 'string' ? `\`${argument}\`` : argument);
}

describe('/api/v1/ssocand on the real fink-fat sets', () => {
  let s: Served;
  let oracle: (sql: string) => Promise<Row[]>;
  beforeAll(async () => {
    s = await serve([
      testDataPath('fink_fat', 'fink-broker_fink_fat_example'),
      testDataPath('fink_fat', 'fink-fat_cli_test_20200505'),
    ]);
    const lc = `read_parquet(${sqlPathLiteral(s.layout.ssocandLightcurvesFile)})`;
    oracle = (sql) => s.reader.query(sql.replace('LC', lc), []);
  });
  afterAll(() => s?.close());

  it('lists its arguments on a GET without parameters, and appears in the OpenAPI document', async () => {
    const a = await call(s.app, PATH, {}, 'GET');
    expect(a.status).toBe(200);
    const listed = (a.body as { args: { name: string; required: boolean }[] }).args;
    expect(listed.filter((x) => x.required).map((x) => x.name)).toEqual(['kind']);
    expect(listed.map((x) => x.name)).toEqual([
      'kind',
      'ssoCandId',
      'start_date',
      'stop_date',
      'maxnumber',
      'output-format',
      'output_format',
    ]);
    const doc = (await call(s.app, OPENAPI_PATH, {}, 'GET')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(PATH);
  });

  it('answers every orbit (kind=orbParams), sorted by ssoCandId, with key:key and the d: elements', async () => {
    const rows = (await call(s.app, PATH, { kind: 'orbParams' })).body as Row[];
    expect(rows).toHaveLength(671);
    const ids = rows.map((r) => String(r['d:ssoCandId']));
    expect(ids).toEqual([...ids].sort());
    expect(Object.keys(rows[0])).toEqual([
      'key:key',
      'd:ssoCandId',
      'd:ref_epoch',
      'd:a',
      'd:e',
      'd:i',
      'd:long_node',
      'd:arg_peric',
      'd:mean_anomaly',
      'd:rms_a',
      'd:rms_e',
      'd:rms_i',
      'd:rms_long_node',
      'd:rms_arg_peric',
      'd:rms_mean_anomaly',
      'd:chi_reduced',
    ]);
  });

  it('answers one orbit by ssoCandId, with the values of the source file (GET and POST alike)', async () => {
    const post = (await call(s.app, PATH, { kind: 'orbParams', ssoCandId: ONE_ID })).body as Row[];
    const get = (await call(s.app, PATH, { kind: 'orbParams', ssoCandId: ONE_ID }, 'GET')).body as Row[];
    expect(get).toEqual(post);
    // fink-fat fink_fat_out_test/mpc/orbital.parquet, first row
    expect(post).toEqual([
      {
        'key:key': `cand_${ONE_ID}`,
        'd:ssoCandId': ONE_ID,
        'd:ref_epoch': 2458974.815326241,
        'd:a': 5.742128074488424,
        'd:e': 0.884659997860316,
        'd:i': 33.6948991337638,
        'd:long_node': 208.5482808559352,
        'd:arg_peric': 286.2173280261642,
        'd:mean_anomaly': 4.1581839934354,
        'd:rms_a': -1,
        'd:rms_e': -1,
        'd:rms_i': -1,
        'd:rms_long_node': -1,
        'd:rms_arg_peric': -1,
        'd:rms_mean_anomaly': -1,
        'd:chi_reduced': -1,
      },
    ]);
    expect((await call(s.app, PATH, { kind: 'orbParams', ssoCandId: 'FF20200505zzzzzzz' })).body).toEqual([]);
  });

  it('answers detections (kind=lightcurves) sorted by jd, all of them within the default window', async () => {
    const rows = (await call(s.app, PATH, { kind: 'lightcurves' })).body as Row[];
    expect(rows).toHaveLength(4150);
    const jds = rows.map((r) => r['d:jd'] as number);
    expect(jds).toEqual([...jds].sort((a, b) => a - b));
    expect(rows[0]).toEqual({
      'key:key': '2458789.6376736_FF2022aaaaabx',
      'd:ra': 29.1853006,
      'd:dec': 18.807126,
      'd:jd': 2458789.6376736,
      'd:nid': 1035,
      'd:fid': 2,
      'd:magpsf': 19.384495,
      'd:sigmapsf': 0.16251272,
      'd:candid': 1035137672515015000,
      'd:objectId': 'ZTF19acmdutq',
      'd:assoc_tag': 'I',
      'd:ssoCandId': 'FF2022aaaaabx',
    });
  });

  it('keeps 64-bit candids exact in JSON', async () => {
    const res = await s.app.request(`${PATH}?kind=lightcurves&maxnumber=1`);
    expect(await res.text()).toContain('"d:candid":1035137672515015000');
  });

  it('filters detections by ssoCandId: one object, every one of its detections', async () => {
    const rows = (await call(s.app, PATH, { kind: 'lightcurves', ssoCandId: ONE_ID })).body as Row[];
    const [expected] = await oracle(`SELECT count(*)::INTEGER AS n FROM LC WHERE ssoCandId = '${ONE_ID}'`);
    expect(rows).toHaveLength(expected.n as number);
    expect(new Set(rows.map((r) => r['d:ssoCandId']))).toEqual(new Set([ONE_ID]));
  });

  it('restricts detections to [start_date, stop_date), as ISO dates, JD or MJD', async () => {
    const rows = (
      await call(s.app, PATH, { kind: 'lightcurves', start_date: '2020-05-05', stop_date: '2020-05-07' })
    ).body as Row[];
    const [expected] = await oracle(
      `SELECT count(*)::INTEGER AS n FROM LC WHERE jd >= ${JD_2020_05_05} AND jd < ${JD_2020_05_07}`,
    );
    expect(rows.length).toBe(expected.n);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r['d:jd'] as number).toBeGreaterThanOrEqual(JD_2020_05_05);
      expect(r['d:jd'] as number).toBeLessThan(JD_2020_05_07);
    }
    const asJd = (
      await call(s.app, PATH, { kind: 'lightcurves', start_date: JD_2020_05_05, stop_date: JD_2020_05_07 })
    ).body;
    const asMjd = (
      await call(s.app, PATH, { kind: 'lightcurves', start_date: '58974', stop_date: '58976' }, 'GET')
    ).body;
    expect(asJd).toEqual(rows);
    expect(asMjd).toEqual(rows);
    expect(
      (await call(s.app, PATH, { kind: 'lightcurves', start_date: '2030-01-01', stop_date: '2030-01-01' }))
        .body,
    ).toEqual([]);
  });

  it('limits the rows to maxnumber (the first ones by jd), and rejects more than the cap', async () => {
    const all = (await call(s.app, PATH, { kind: 'lightcurves' })).body as Row[];
    const some = (await call(s.app, PATH, { kind: 'lightcurves', maxnumber: '100' }, 'GET')).body as Row[];
    expect(some).toEqual(all.slice(0, 100));
    const orbits = (await call(s.app, PATH, { kind: 'orbParams', maxnumber: 5 })).body as Row[];
    // ids sort as text: FF20200505… before FF2022…
    expect(orbits.map((r) => r['d:ssoCandId'])).toEqual([
      'FF20200505aaaaaaa',
      'FF20200505aaaaaab',
      'FF20200505aaaaaac',
      'FF20200505aaaaaad',
      'FF20200505aaaaaae',
    ]);
    expect((await call(s.app, PATH, { kind: 'orbParams', maxnumber: MAX_SSOCAND_ROWS })).status).toBe(200);
    expectError(await call(s.app, PATH, { kind: 'orbParams', maxnumber: MAX_SSOCAND_ROWS + 1 }), 'maxnumber');
  });

  it('gives the same values in csv, parquet and votable as in json, with units and types', async () => {
    const args = { kind: 'lightcurves', ssoCandId: ONE_ID };
    const json = (await call(s.app, PATH, args)).body as Row[];
    const names = Object.keys(json[0]);

    const pq = await call(s.app, PATH, { ...args, 'output-format': 'parquet' });
    expect(pq.res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    const table = await readParquet(new Uint8Array(await pq.res.arrayBuffer()));
    expect(table.columns.map((c) => c.name)).toEqual(names);
    expect(table.columns.find((c) => c.name === 'd:candid')?.type).toBe('BIGINT');
    expect(table.columns.find((c) => c.name === 'd:fid')?.type).toBe('INTEGER');
    // JSON.parse rounds the 19-digit candids to a double; parquet keeps them exact (BIGINT → bigint)
    expect(table.rows.map((r) => ({ ...r, 'd:candid': Number(r['d:candid']) }))).toEqual(json);
    const exactCells = table.rows.map((r) => names.map((n) => String(r[n])));

    const csv = await call(s.app, PATH, { ...args, 'output-format': 'csv' });
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.res.headers.get('content-disposition')).toContain(`ssocand_lightcurves_${ONE_ID}.csv`);
    const [header, ...cells] = parseCsv(await csv.res.text());
    expect(header).toEqual(names);
    expect(cells).toEqual(exactCells);

    const vo = await call(s.app, PATH, { ...args, 'output-format': 'votable' });
    expect(vo.res.headers.get('content-type')).toBe('application/x-votable+xml');
    const votable = parseVotable(await vo.res.text());
    expect(votable.fields.map((f) => f.name)).toEqual(names);
    const field = (n: string) => votable.fields.find((f) => f.name === n) ?? {};
    expect(field('d:ra')).toMatchObject({ unit: 'deg', ucd: 'pos.eq.ra;meta.main', datatype: 'double' });
    expect(field('d:magpsf')).toMatchObject({ unit: 'mag', ucd: 'phot.mag' });
    expect(field('d:candid')).toMatchObject({ datatype: 'long' });
    expect(field('d:jd').ref).toBeDefined();
    expect(votable.rows).toEqual(exactCells);

    const orbitVo = parseVotable(
      await (await s.app.request(`${PATH}?kind=orbParams&ssoCandId=${ONE_ID}&output-format=votable`)).text(),
    );
    expect(orbitVo.fields.find((f) => f.name === 'd:a')).toMatchObject({ unit: 'AU' });
    expect(orbitVo.fields.find((f) => f.name === 'd:i')).toMatchObject({ unit: 'deg' });
    expect(orbitVo.fields.find((f) => f.name === 'd:a')?.description).toMatch(/Semi-major axis/);
  });

  it('answers 400 naming the argument for every bad input', async () => {
    expectError(await call(s.app, PATH, { ssoCandId: ONE_ID }), 'kind');
    expectError(await call(s.app, PATH, { kind: 'orbparams' }), 'kind');
    expectError(
      await call(s.app, PATH, { kind: 'lightcurves', ssoCandId: "FF2020' OR 1=1 --" }),
      'ssoCandId',
    );
    expectError(await call(s.app, PATH, { kind: 'lightcurves', ssoCandId: 12 }), 'ssoCandId');
    expectError(await call(s.app, PATH, { kind: 'lightcurves', ssoCandId: 'FF20200505aaaaaa' }), 'ssoCandId');
    expectError(await call(s.app, PATH, { kind: 'lightcurves', start_date: '2020-13-01' }), 'start_date');
    expectError(await call(s.app, PATH, { kind: 'lightcurves', stop_date: 'tomorrow' }), 'stop_date');
    expectError(
      await call(s.app, PATH, { kind: 'lightcurves', start_date: '2021-01-01', stop_date: '2020-01-01' }),
      'stop_date',
    );
    for (const n of [0, -1, 1.5, 'ten', '1e3'])
      expectError(await call(s.app, PATH, { kind: 'lightcurves', maxnumber: n }), 'maxnumber');
    expectError(await call(s.app, PATH, { kind: 'orbParams', 'output-format': 'xlsx' }), 'output-format');
    const badJson = await s.app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"kind": ',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { text: string }).text).toMatch(/not valid JSON/);
  });

  it('never answers 5xx to fuzzed arguments', async () => {
    const listed = (await call(s.app, PATH, {}, 'GET')).body as { args: { name: string }[] };
    const names = listed.args.map((a) => a.name);
    expect(await fuzzFor5xx(s.app, PATH, names)).toEqual([]);
    expect(
      await fuzzFor5xx(
        s.app,
        PATH,
        names.filter((n) => n !== 'kind'),
        50,
      ),
    ).toEqual([]);
  });

  it('answers a valid kind with any ssoCandId text by 200 (rows of that id only) or 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('orbParams', 'lightcurves'),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(ONE_ID, 'FF2022aaaaaaa', 'FF2022aaaaaa%', 'FF%', 'FF20200505aaaaaa_'),
          fc.stringMatching(/^FF\d{8}[a-z]{7}$/),
        ),
        async (kind, id) => {
          const a = await call(s.app, PATH, { kind, ssoCandId: id }, 'GET');
          expect([200, 400]).toContain(a.status);
          // an empty (or blank) value is an absent argument, as for every endpoint: all trajectories
          if (a.status === 200 && id.trim() !== '')
            for (const r of a.body as Row[]) expect(r['d:ssoCandId']).toBe(id.trim());
        },
      ),
      { numRuns: 60, seed: 20240310 },
    );
  });
});

describe('/api/v1/ssocand on a store without candidates', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve([]);
  });
  afterAll(() => s?.close());

  it('answers 200 and an empty table before any load (and before any night is published)', async () => {
    expect(s.reader.current().version).toBe(0);
    for (const kind of ['orbParams', 'lightcurves']) {
      const a = await call(s.app, PATH, { kind });
      expect(a.status).toBe(200);
      expect(a.body).toEqual([]);
    }
    const csv = await s.app.request(`${PATH}?kind=orbParams&output-format=csv`);
    expect(csv.status).toBe(200);
    expect(parseCsv(await csv.text())[0].slice(0, 3)).toEqual(['key:key', 'd:ssoCandId', 'd:ref_epoch']);
    expectError(await call(s.app, PATH, { kind: 'neither' }), 'kind');
  });
});

describe('/api/v1/ssocand while candidates are loaded', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve([testDataPath('fink_fat', 'fink-fat_cli_test_20200505')]);
  });
  afterAll(() => s?.close());

  it('answers a new load at once, without a restart (the tables are renamed over the old ones)', async () => {
    expect((await call(s.app, PATH, { kind: 'orbParams' })).body).toHaveLength(66);
    expect((await call(s.app, PATH, { kind: 'lightcurves' })).body).toHaveLength(422);
    await loadSsoCand(s.layout, [testDataPath('fink_fat', 'fink-broker_fink_fat_example')], testLog);
    expect((await call(s.app, PATH, { kind: 'orbParams' })).body).toHaveLength(671);
    expect((await call(s.app, PATH, { kind: 'lightcurves' })).body).toHaveLength(4150);
  });
});
