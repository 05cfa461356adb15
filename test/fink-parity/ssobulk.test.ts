/**
 * Fink parity: `/api/v1/ssobulk`. Fink's route (fink-object-api `apps/routes/v1/ztf/ssobulk/{api.py,utils.py}`
 * at commit 17051ca, astrolabsoftware/fink-object-api, Apache-2.0) has no test.py at that commit: these tests
 * check what its api.py and utils.py define — one argument `output-format`, parquet by default answered as the
 * file itself, any other format the whole table — and the content fink-broker's `bin/ztf/extract_ssobulk.py`
 * writes: the aggregated light curves (columns and types of fink-science's
 * `sso_ztf_lc_aggregated_202504_three_obj.parquet`, in test/data/sso) joined with the sHG1G2 SSOFT, plus
 * `residuals_shg1g2`. Expected values come from the input files (DuckDB over the parquet export and the JPL
 * orbit tables), never from our answers.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, realStore, type ServedStore, SSO_OPTIONS, ssoStore } from '../support/serve-stores.js';
import { sql } from '../support/sql.js';
import { parseCsv, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/ssobulk';
const FINK_SAMPLE = () => testDataPath('sso', 'sso_ztf_lc_aggregated_202504_three_obj.parquet');

/** Input detections of one ssnamenr, sorted by jd. */
interface Detections {
  readonly jd: number[];
  readonly magpsf: number[];
  readonly fid: number[];
  readonly ra: number[];
}

const sortedByJd = (row: Row, names: readonly string[]): Record<string, number[]> => {
  const jd = row.cjd as number[];
  const order = jd.map((_, i) => i).sort((a, b) => jd[a] - jd[b]);
  return Object.fromEntries(names.map((n) => [n, order.map((i) => (row[n] as number[])[i])]));
};

/** Angular separation (arcsec) of two positions in degrees (haversine). */
function separationArcsec(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((dec2 - dec1) * r) / 2) ** 2 +
    Math.cos(dec1 * r) * Math.cos(dec2 * r) * Math.sin(((ra2 - ra1) * r) / 2) ** 2;
  return 2 * Math.asin(Math.sqrt(h)) * 3600 * (180 / Math.PI);
}

describe('Fink ssobulk (api.py, utils.py) against /api/v1/ssobulk', () => {
  let store: ServedStore & { readonly input: string };
  let parquet: { columns: { name: string; type: string }[]; rows: Row[] };
  /** ssnamenr → its input detections, for the objects the job must table. */
  let expected: Map<string, Detections>;

  beforeAll(async () => {
    store = await ssoStore();
    const res = await call(store.app, PATH, {});
    expect(res.status).toBe(200);
    parquet = await readParquet(new Uint8Array(await res.res.arrayBuffer()));
    // objects with enough detections whose number the JPL asteroid table holds (the job needs an orbit)
    const jpl = JSON.parse(
      fs.readFileSync(testDataPath('orbits', 'jpl_sbdb_asteroids_kstars.json'), 'utf8'),
    ) as {
      data: string[][];
    };
    const numbers = new Set(jpl.data.map((d) => d[0].trim().split(' ')[0]));
    const rows = await sql(
      `SELECT "i:ssnamenr"::VARCHAR AS s, list("i:jd" ORDER BY "i:jd") AS jd, list("i:magpsf" ORDER BY "i:jd") AS mag,
              list("i:fid" ORDER BY "i:jd") AS fid, list("i:ra" ORDER BY "i:jd") AS ra
       FROM read_parquet('${store.input}') GROUP BY 1 HAVING count(*) >= ${SSO_OPTIONS.minDetections}`,
    );
    expected = new Map(
      rows
        .filter((r) => numbers.has(String(r.s)))
        .map((r) => [
          String(r.s),
          {
            jd: r.jd as number[],
            magpsf: r.mag as number[],
            fid: (r.fid as number[]).map(Number),
            ra: r.ra as number[],
          },
        ]),
    );
  }, 600_000);
  afterAll(() => store?.close());

  it('answers the whole table as one parquet file by default (utils.py get_lc)', async () => {
    const res = await store.app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/parquet/);
    expect(res.headers.get('content-disposition')).toContain(`ssobulk_${SSO_OPTIONS.version}.parquet`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe('PAR1');
    // one row per object with enough detections and an orbit, listed under its ssnamenr
    expect(parquet.rows.map((r) => r.ssnamenr).sort()).toEqual([...expected.keys()].sort());
    expect(expected.size).toBeGreaterThan(3);
  });

  it("has the aggregated light-curve columns with Fink's names and types, the sHG1G2 SSOFT and the residuals", async () => {
    const fink = await sql(`DESCRIBE SELECT * FROM read_parquet('${FINK_SAMPLE()}')`);
    const ours = new Map(parquet.columns.map((c) => [c.name, c.type]));
    for (const col of fink) {
      // Elong (solar elongation) is not computed by our geometry ephemerides: a documented difference
      if (col.column_name === 'Elong') continue;
      expect(ours.get(String(col.column_name)), String(col.column_name)).toBe(col.column_type);
    }
    expect(ours.has('Elong')).toBe(false);
    const ssoft = await sql(
      `DESCRIBE SELECT * FROM read_parquet('${store.layout.ssoftFile('SHG1G2', SSO_OPTIONS.version)}')`,
    );
    for (const col of ssoft) expect(ours.has(String(col.column_name)), String(col.column_name)).toBe(true);
    expect(ours.get('residuals_shg1g2')).toBe('FLOAT[]');
  });

  it('holds, per object, the detections of the input files', async () => {
    for (const row of parquet.rows) {
      const want = expected.get(String(row.ssnamenr));
      expect(want, String(row.ssnamenr)).toBeDefined();
      if (!want) continue;
      const got = sortedByJd(row, ['cjd', 'cmagpsf', 'cfid', 'cra']);
      expect(got.cjd).toEqual(want.jd);
      expect(got.cmagpsf).toEqual(want.magpsf.map(Math.fround));
      expect(got.cfid).toEqual(want.fid);
      expect(got.cra).toEqual(want.ra);
      for (const name of ['cdec', 'csigmapsf', 'Dobs', 'Dhelio', 'Phase', 'RA', 'DEC'])
        expect((row[name] as number[]).length, name).toBe(want.jd.length);
      expect(Number(row.n_obs)).toBe(want.jd.length);
    }
  });

  it('carries ephemerides that match the observed positions and distances of main-belt asteroids', async () => {
    for (const row of parquet.rows) {
      const [cra, cdec, ra, dec] = ['cra', 'cdec', 'RA', 'DEC'].map((n) => row[n] as number[]);
      const seps = cra.map((_, i) => separationArcsec(cra[i], cdec[i], ra[i], dec[i])).sort((a, b) => a - b);
      expect(seps[Math.floor(seps.length / 2)], String(row.ssnamenr)).toBeLessThan(5);
      for (const d of row.Dhelio as number[]) expect(d).toBeGreaterThan(1.5);
      for (const p of row.Phase as number[]) expect(p).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives sHG1G2 residuals whose rms is the SSOFT rms, or none when the fit failed (extract_ssobulk.py)', async () => {
    let fitted = 0;
    for (const row of parquet.rows) {
      const residuals = row.residuals_shg1g2 as number[];
      if (Number(row.fit) !== 0) {
        expect(residuals).toEqual([]);
        continue;
      }
      fitted++;
      expect(residuals).toHaveLength((row.cjd as number[]).length);
      const rms = Math.sqrt(residuals.reduce((s, v) => s + v * v, 0) / residuals.length);
      expect(rms).toBeCloseTo(row.rms as number, 5);
    }
    expect(fitted).toBeGreaterThan(0);
  });

  it('answers the same table in json and csv on request', async () => {
    const json = await call(store.app, PATH, { 'output-format': 'json' });
    expect(json.status).toBe(200);
    const rows = json.body as Row[];
    expect(rows.map((r) => r.ssnamenr)).toEqual(parquet.rows.map((r) => r.ssnamenr));
    expect(rows.map((r) => r.cjd)).toEqual(parquet.rows.map((r) => r.cjd));
    const csv = await call(store.app, PATH, { 'output-format': 'csv' }, 'GET');
    expect(csv.status).toBe(200);
    const [header, ...lines] = parseCsv(await csv.res.text());
    expect(lines).toHaveLength(parquet.rows.length);
    const h1 = header.indexOf('H_1');
    expect(lines.map((l) => (l[h1] === '' ? null : Number(l[h1])))).toEqual(
      parquet.rows.map((r) => (r.H_1 === null ? null : (r.H_1 as number))),
    );
  });

  it('takes a built version, and refuses an unbuilt or malformed one with a 400', async () => {
    const same = await call(store.app, PATH, { version: SSO_OPTIONS.version, 'output-format': 'json' });
    expect((same.body as Row[]).length).toBe(parquet.rows.length);
    for (const version of ['2024.12', '2025-01', '2025.13']) {
      const bad = await call(store.app, PATH, { version });
      expect(bad.status, version).toBe(400);
      expect(bad.body).toMatchObject({ status: 'error' });
    }
    expect((await call(store.app, PATH, { 'output-format': 'fits' })).status).toBe(400);
  });

  it('answers 404 with a JSON error where no table is built', async () => {
    const other = await realStore();
    try {
      const res = await call(other.app, PATH, {});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 'error' });
    } finally {
      other.close();
    }
  });
});
