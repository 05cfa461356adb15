/**
 * Fink parity: `/api/v1/ssocand`. Adapted from fink-object-api `apps/routes/v1/ztf/ssocand/test.py` at commit
 * 17051ca (astrolabsoftware/fink-object-api, Apache-2.0): every test function of that file is an `it` of the same
 * name and meaning. The candidates are both real fink-fat sets of test/data/fink_fat, loaded with
 * `skyalert ssocand load`; counts, ids and dates come from those parquet files (DuckDB), never from our answers.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { loadSsoCand } from '../../ingest/ssocand/index.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { call } from '../support/serve-stores.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { parseCsv, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/ssocand';
const SETS = ['fink-broker_fink_fat_example', 'fink-fat_cli_test_20200505'];
const files = (name: string) => `[${SETS.map((s) => `'${testDataPath('fink_fat', s, name)}'`).join(', ')}]`;
/** JD of 2020-05-04 00:00 and 2020-05-07 00:00 UTC (JD 2458974.5 is 2020-05-05 00:00 UTC). */
const JD_2020_05_04 = 2458973.5;
const JD_2020_05_07 = 2458976.5;

describe('Fink ssocand/test.py against /api/v1/ssocand', () => {
  let layout: StoreLayout;
  let reader: StoreReader;
  let app: ReturnType<typeof createApp>;
  let orbits: number;
  let detections: number;

  /** Fink's helper: POST, then the table read back from the answer's format. */
  async function ssocandsearch(
    options: {
      kind?: string;
      trajectory_id?: string;
      start_date?: string;
      stop_date?: string;
      maxnumber?: number;
      output_format?: string;
    } = {},
  ): Promise<{ columns: string[]; rows: Row[] }> {
    const format = options.output_format ?? 'json';
    const payload: Record<string, string | number> = {
      kind: options.kind ?? 'orbParams',
      'output-format': format,
    };
    if (options.trajectory_id !== undefined) payload.ssoCandId = options.trajectory_id;
    if (options.start_date !== undefined) payload.start_date = options.start_date;
    if (options.stop_date !== undefined) payload.stop_date = options.stop_date;
    if (options.maxnumber !== undefined) payload.maxnumber = options.maxnumber;
    const { status, res, body } = await call(app, PATH, payload);
    expect(status, JSON.stringify(body)).toBe(200);
    if (format === 'json') {
      const rows = body as Row[];
      return { columns: rows.length ? Object.keys(rows[0]) : [], rows };
    }
    if (format === 'csv') {
      const [header, ...lines] = parseCsv(await res.text());
      return { columns: header, rows: lines.map((l) => Object.fromEntries(header.map((h, i) => [h, l[i]]))) };
    }
    const t = await readParquet(new Uint8Array(await res.arrayBuffer()));
    return { columns: t.columns.map((c) => c.name), rows: t.rows };
  }

  beforeAll(async () => {
    layout = tempStore('skyalert-parity-ssocand-');
    await loadSsoCand(
      layout,
      SETS.map((s) => testDataPath('fink_fat', s)),
      testLog,
    );
    reader = await StoreReader.open(layout, testLog);
    app = createApp(reader, testLog);
    orbits = Number(
      (
        await sql(`SELECT count(*) AS n FROM read_parquet(${files('orbital.parquet')}, union_by_name = true)`)
      )[0].n,
    );
    detections = Number(
      (
        await sql(
          `SELECT count(*) AS n FROM read_parquet(${files('trajectory_orb.parquet')}, union_by_name = true)`,
        )
      )[0].n,
    );
  });
  afterAll(() => {
    reader?.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('test_orbparam', async () => {
    const pdf = await ssocandsearch();
    expect(pdf.rows.length).toBeGreaterThan(0);
    // Fink: at least 327 orbits in its database; here every orbit of the two sets
    expect(pdf.rows).toHaveLength(orbits);
    expect(pdf.columns).toContain('d:a');
  });

  it('test_lightcurves', async () => {
    const pdf = await ssocandsearch({ kind: 'lightcurves' });
    expect(pdf.rows.length).toBeGreaterThan(0);
    expect(pdf.columns).toContain('d:magpsf');
  });

  it('test_lightcurves_max', async () => {
    // Fink's database holds more than 10,000 detections: the default gives 10,000 and maxnumber=20000 more.
    // Ours hold fewer: the default gives them all, and maxnumber cuts below the total and lifts above it.
    expect(detections).toBeLessThan(10_000);
    const pdf = await ssocandsearch({ kind: 'lightcurves' });
    expect(pdf.rows).toHaveLength(detections);
    const cut = await ssocandsearch({ kind: 'lightcurves', maxnumber: 1000 });
    expect(cut.rows).toHaveLength(1000);
    const pdf2 = await ssocandsearch({ kind: 'lightcurves', maxnumber: 20000 });
    expect(pdf2.rows.length).toBeGreaterThan(1000);
    expect(pdf2.rows).toHaveLength(detections);
  });

  it('test_lightcurves_traj', async () => {
    // Fink: FF20230725aaaacgw. Here the trajectory of the data with the most detections.
    const [top] = await sql(
      `SELECT ssoCandId::VARCHAR AS id, count(*)::INT AS n FROM read_parquet(${files('trajectory_orb.parquet')},
       union_by_name = true) WHERE ssoCandId LIKE 'FF________a%' GROUP BY 1 ORDER BY n DESC, id LIMIT 1`,
    );
    const pdf = await ssocandsearch({ kind: 'lightcurves', trajectory_id: String(top.id) });
    expect(pdf.columns).toContain('d:ssoCandId');
    const nobjects = new Set(pdf.rows.map((r) => r['d:ssoCandId'])).size;
    expect(nobjects, `Expecting 1 object, but found ${nobjects}`).toBe(1);
    expect(pdf.rows).toHaveLength(top.n as number);
  });

  it('test_time_boundaries', async () => {
    // Fink: 2023-01-01 to 2023-12-31; here 2020-05-04 to 2020-05-07, nights of the fink-fat CLI test set.
    const pdf = await ssocandsearch({
      kind: 'lightcurves',
      start_date: '2020-05-04',
      stop_date: '2020-05-07',
    });
    expect(pdf.rows.length).toBeGreaterThan(0);
    const jds = pdf.rows.map((r) => r['d:jd'] as number);
    expect(jds.every((jd) => jd >= JD_2020_05_04)).toBe(true);
    expect(jds.every((jd) => jd <= JD_2020_05_07)).toBe(true);
    const [inWindow] = await sql(
      `SELECT count(*)::INT AS n FROM read_parquet(${files('trajectory_orb.parquet')}, union_by_name = true)
       WHERE jd >= ${JD_2020_05_04} AND jd < ${JD_2020_05_07}`,
    );
    expect(pdf.rows).toHaveLength(inWindow.n as number);
  });
});
