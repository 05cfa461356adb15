/**
 * `/api/v1/sso` and the SSOFT job on real data: 40 nights of real ZTF detections of asteroids (the API export of
 * 30 asteroids), the JPL orbit tables loaded as the orbit catalogue, tables built by the monthly job. Checks name
 * resolution, exact matching, ephemerides against the observed positions, reduced magnitudes, residuals, the
 * error paths, and /api/v1/ssoft on the built tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { separationArcsec } from '../../compute/sso/ssoft-statistics.js';
import { ssoftColumns } from '../../data/index.js';
import { buildSsoft, type SsoftBuildSummary } from '../../data/jobs/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { publishNights } from '../../ingest/publish/index.js';
import { createApp } from '../../serve/app.js';
import { EPHEMERIS_FIELDS } from '../../serve/sso-fields.js';
import { StoreReader } from '../../serve/store-reader.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const EXPORT = () => testDataPath('sso', 'fink-fat_mpc_example_30sso.parquet');
const NIGHTS = 40;
type Row = Record<string, unknown>;

describe('/api/v1/sso and the SSOFT job on real asteroid detections', () => {
  const layout = tempStore('skyalert-sso-');
  const input = path.join(layout.root, 'export.parquet');
  let reader: StoreReader;
  let app: Hono;
  let build: SsoftBuildSummary;
  /** Detections per ssnamenr in the input. */
  let counts: Map<string, number>;

  beforeAll(async () => {
    await sql(
      `COPY (SELECT * FROM read_parquet('${EXPORT()}') WHERE floor("i:jd" - 0.5) IN (
         SELECT DISTINCT floor("i:jd" - 0.5) AS n FROM read_parquet('${EXPORT()}') ORDER BY n LIMIT ${NIGHTS}))
       TO '${input}' (FORMAT parquet)`,
    );
    counts = new Map(
      (
        await sql(
          `SELECT "i:ssnamenr"::VARCHAR AS s, count(*)::INT AS n FROM read_parquet('${input}') GROUP BY 1`,
        )
      ).map((r) => [String(r.s), Number(r.n)]),
    );
    // and three full Fink alerts (with stamps) of (8467) Benoitcarry, an object the JPL tables do not hold
    const benoitcarry = fs
      .readdirSync(testDataPath('ztf_enriched', 'fink-utils'))
      .filter((f) => f.startsWith('sso8467_'))
      .map((f) => testDataPath('ztf_enriched', 'fink-utils', f));
    expect(benoitcarry).toHaveLength(3);
    const s = await ingestFiles(layout, [input, ...benoitcarry], { ingesterId: 't', log: testLog });
    await publishNights(layout, s.nights, testLog);
    await loadOrbitFiles(
      layout,
      [
        testDataPath('orbits', 'jpl_sbdb_asteroids_kstars.json'),
        testDataPath('orbits', 'jpl_sbdb_comets_kstars.json'),
      ],
      testLog,
    );
    build = await buildSsoft(layout, {
      version: '2025.01',
      flavors: ['HG', 'HG1G2', 'SHG1G2'],
      minDetections: 12,
      log: testLog,
    });
    reader = await StoreReader.open(layout, testLog);
    app = createApp(reader, testLog);
  }, 300_000);
  afterAll(() => {
    reader?.close();
    fs.rmSync(layout.root, { recursive: true, force: true });
  });

  const get = async (q: string) => {
    const res = await app.request(`/api/v1/sso?${q}`);
    return { res, body: (await res.json()) as Row[] & { text?: string } };
  };

  it('returns every roid=3 alert of an object by number, most recent first, named', async () => {
    const { res, body } = await get('n_or_d=1583');
    expect(res.status).toBe(200);
    expect(body).toHaveLength(counts.get('1583') ?? -1);
    expect(new Set(body.map((r) => r['i:ssnamenr']))).toEqual(new Set(['1583']));
    expect(body.every((r) => r['d:roid'] === 3)).toBe(true);
    expect(body.every((r) => r.sso_number === 1583 && r.sso_name === 'Antilochus')).toBe(true);
    const jds = body.map((r) => r['i:jd'] as number);
    expect(jds).toEqual([...jds].sort((a, b) => b - a));
    // the name, a JSON integer and a POST body resolve to the same object
    const byName = await get('n_or_d=antilochus');
    expect(byName.body.map((r) => r['i:candid'])).toEqual(body.map((r) => r['i:candid']));
    const post = await app.request('/api/v1/sso', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n_or_d: 1583 }),
    });
    expect(((await post.json()) as Row[]).length).toBe(body.length);
  });

  it('matches names exactly and answers several objects at once', async () => {
    const both = await get('n_or_d=1583,9799');
    expect(both.body).toHaveLength((counts.get('1583') ?? 0) + (counts.get('9799') ?? 0));
    // "158" is another catalogue object: none of 1583's alerts
    const short = await get('n_or_d=158');
    expect(short.res.status).toBe(200);
    expect(short.body.filter((r) => r['i:ssnamenr'] === '1583')).toEqual([]);
  });

  it('adds ephemerides first, matching the observed positions, and the reduced magnitude last', async () => {
    const { body } = await get('n_or_d=1583&withEphem=true');
    expect(body).toHaveLength(counts.get('1583') ?? -1);
    const keys = Object.keys(body[0]);
    expect(keys.slice(0, EPHEMERIS_FIELDS.length)).toEqual([...EPHEMERIS_FIELDS]);
    expect(keys.at(-1)).toBe('i:magpsf_red');
    for (const r of body) {
      const sepArcsec = separationArcsec(
        r.RA as number,
        r.Dec as number,
        r['i:ra'] as number,
        r['i:dec'] as number,
      );
      expect(sepArcsec).toBeLessThan(2);
      expect(r.Date as number).toBeCloseTo((r['i:jd'] as number) + 15 / 86400, 8);
      const red = (r['i:magpsf'] as number) - 5 * Math.log10((r.Dobs as number) * (r.Dhelio as number));
      // i:magpsf is a 32-bit float, written in its shortest float32 form
      expect(r['i:magpsf_red'] as number).toBeCloseTo(red, 5);
      expect(r['SDSS:g'] as number).toBeCloseTo((r.VMag as number) + 0.262, 9);
      expect(r.Phase as number).toBeGreaterThan(0);
    }
  });

  it('adds sHG1G2 residuals, or NaN with the reason when the fit cannot be made', async () => {
    const few = await app.request('/api/v1/sso?n_or_d=4209&withResiduals=true');
    const rows = (await few.json()) as Row[];
    expect(rows.length).toBe(counts.get('4209'));
    expect(rows.every((r) => r.residuals_shg1g2 === null)).toBe(true);
    expect(few.headers.get('x-skyalert-notes')).toMatch(/residuals_shg1g2 is NaN/);
    const many = (await get('n_or_d=1583&withResiduals=true')).body;
    const residuals = many.map((r) => r.residuals_shg1g2 as number);
    expect(residuals.every((v) => Number.isFinite(v))).toBe(true);
    const rms = Math.sqrt(residuals.reduce((s, v) => s + v * v, 0) / residuals.length);
    expect(rms).toBeLessThan(0.3);
  });

  it('answers real Fink alerts of an object missing from the catalogue, with their stamps', async () => {
    const res = await app.request('/api/v1/sso?n_or_d=8467&withcutouts=true&withEphem=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-skyalert-notes')).toMatch(/8467: no orbit/);
    const rows = (await res.json()) as Row[];
    expect(rows.map((r) => r['i:objectId']).sort()).toEqual(['ZTF25aabvany', 'ZTF25aabzjns', 'ZTF25aadhncf']);
    for (const r of rows) {
      expect(r.sso_number).toBe(8467);
      const stamp = r['b:cutoutScience_stampData'] as (number | null)[][];
      expect(stamp).toHaveLength(63);
      expect(stamp.flat().some((v) => typeof v === 'number' && v !== 0)).toBe(true);
    }
  });

  it('keeps i:ssnamenr whatever the columns, and projects the rest', async () => {
    const { body } = await get('n_or_d=1583&columns=i:jd,i:magpsf');
    expect(Object.keys(body[0]).sort()).toEqual(
      ['i:jd', 'i:magpsf', 'i:ssnamenr', 'sso_name', 'sso_number'].sort(),
    );
  });

  it('refuses what it cannot answer with a 400 that says why', async () => {
    const cases: [string, RegExp][] = [
      ['n_or_d=kdflsjffld', /not a known name/],
      ['n_or_d=1583,9799&withResiduals=true', /one object/],
      ['n_or_d=1583,10P&withEphem=true', /asteroids only or comets only/],
      ['n_or_d=1583;DROP', /Invalid n_or_d/],
      ['n_or_d=1583&cutout-kind=Bogus', /Science, Template, Difference/],
      ['withEphem=true', /n_or_d/],
    ];
    for (const [q, text] of cases) {
      const { res, body } = await get(q);
      expect(res.status, q).toBe(400);
      expect(body.text, q).toMatch(text);
    }
    // mixing is fine without ephemerides
    expect((await get('n_or_d=1583,10P')).res.status).toBe(200);
  });

  it('builds one SSOFT row per object with enough detections, served by /api/v1/ssoft', async () => {
    const expected = [...counts].filter(([, n]) => n >= 12).length;
    expect(build.objects + build.withoutOrbit).toBe(expected);
    expect(build.objects).toBeGreaterThan(0);
    expect(build.fitted.HG).toBeGreaterThan(0);
    const res = await app.request('/api/v1/ssoft?flavor=HG&sso_number=1583');
    const [row] = (await res.json()) as Row[];
    expect(Object.keys(row)).toEqual(ssoftColumns('HG').map((c) => c.name));
    expect(row).toMatchObject({
      ssnamenr: '1583',
      sso_name: 'Antilochus',
      version: '2025.01',
      n_obs: counts.get('1583'),
    });
    expect(row.fit).toBe(0);
    expect(row.H_2 as number).toBeGreaterThan(5);
    expect(row.mean_astrometry as number).toBeLessThan(2);
    const shg = (await (await app.request('/api/v1/ssoft?sso_name=Antilochus')).json()) as Row[];
    expect(shg).toHaveLength(1);
    expect(Object.keys(shg[0])).toHaveLength(57);
  });
});
