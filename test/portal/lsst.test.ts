/**
 * The LSST pages of the portal in Chromium, on one server of two stores (`--store ztf=… --store lsst=…`): the LSST
 * store of the 25 real Rubin alerts of test/data/lsst (test/support/lsst-fixture-store.ts) under /lsst/, and a ZTF
 * store of one real ZTF alert moved to 0.5″ of a Rubin diaObject, so that the cross-survey views (position search,
 * counterpart links) have an object of each survey to find. Expected values come from DuckDB reading the Rubin
 * parquet and from avsc reading the ZTF Avro file, never from the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { defaultPortalDir } from '../../serve/portal-files.js';
import { type RunningServer, startServer } from '../../serve/server.js';
import { lsstSampleSql, writeLsstFixtureStore } from '../support/lsst-fixture-store.js';
import { launchBrowser, screenshot, watchedPage } from '../support/portal.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';
import { firstGoodPositiveAlert, writeZtfAlertFile } from '../support/ztf-alert-file.js';

/** The Rubin diaObject of the sample with the longest history (23 diaSources). */
const DIA_OBJECT = '169738309211783177';
/** Where the ZTF alert is put: this far north of the diaObject (arcsec). */
const OFFSET_ARCSEC = 0.5;
/** Real ZTF alerts, one per file; the first that passes Fink's quality cut is moved beside the diaObject. */
const ZTF_ALERTS = testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');
const SRC = lsstSampleSql();

interface Source {
  readonly id: string;
  readonly band: string;
  readonly flux: number;
  readonly mjd: number;
}

let server: RunningServer;
let browser: Browser;
let ztfStore: StoreLayout;
let lsstStore: StoreLayout;
let workDir: string;
/** The diaObject's position (deg, its diaObject record) and its diaSources, from the parquet. */
let position: { ra: number; dec: number };
let sources: Source[];
/** The ZTF object id of the moved alert, from its Avro file. */
let ztfId: string;

/** The diaSources of the diaObject (its alerts' and their histories'), one per id, read from the parquet. */
async function sampleSources(): Promise<Source[]> {
  const rows = await sql(`
    WITH s AS (
      SELECT diaSource AS d FROM ${SRC}
      UNION ALL SELECT unnest(prvDiaSources) AS d FROM ${SRC})
    SELECT DISTINCT CAST(d.diaSourceId AS VARCHAR) AS id, d.band AS band, d.psfFlux AS flux, d.midpointMjdTai AS mjd
    FROM s WHERE CAST(d.diaObjectId AS VARCHAR) = '${DIA_OBJECT}' ORDER BY mjd`);
  return rows.map((r) => ({
    id: String(r.id),
    band: String(r.band),
    flux: Number(r.flux),
    mjd: Number(r.mjd),
  }));
}

/**
 * Writes the first real ZTF alert that passes Fink's quality cut (nbad = 0, rb ≥ 0.55, band g or r) and brightened
 * (isdiffpos 't') with its position (and its history's) moved to (raDeg, decDeg); returns its objectId.
 */
async function writeMovedZtfAlert(file: string, raDeg: number, decDeg: number): Promise<string> {
  const { type, alert } = await firstGoodPositiveAlert(ZTF_ALERTS);
  alert.candidate.ra = raDeg;
  alert.candidate.dec = decDeg;
  for (const prv of alert.prv_candidates ?? []) {
    if (prv.ra !== null) prv.ra = raDeg;
    if (prv.dec !== null) prv.dec = decDeg;
  }
  await writeZtfAlertFile(file, type, alert);
  return String(alert.objectId);
}

/** The traces of the light-curve chart: name and y values. */
async function plotted(page: Page): Promise<{ name: string; y: number[] }[]> {
  return page.evaluate(() => {
    const div = document.querySelector('figure[aria-label="Light curve"] .js-plotly-plot') as
      | (HTMLElement & { data?: { name: string; y: number[] }[] })
      | null;
    return (div?.data ?? []).map((t) => ({ name: t.name, y: [...t.y] }));
  });
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(defaultPortalDir(), 'index.html')))
    throw new Error(`the portal is not built (${defaultPortalDir()} missing): run \`npm run build\` first`);
  sources = await sampleSources();
  // the diaObject's position (its record in its newest alert): the one its page shows and searches around
  const [at] = await sql(
    `SELECT diaObject.ra AS ra, diaObject.dec AS dec FROM ${SRC}
     WHERE CAST(diaSource.diaObjectId AS VARCHAR) = '${DIA_OBJECT}' ORDER BY diaSource.midpointMjdTai DESC LIMIT 1`,
  );
  position = { ra: Number(at.ra), dec: Number(at.dec) };
  lsstStore = tempStore('skyalert-portal-lsst-');
  ztfStore = tempStore('skyalert-portal-ztf-');
  workDir = fs.mkdtempSync(path.join(path.dirname(ztfStore.root), 'skyalert-portal-moved-'));
  await writeLsstFixtureStore(lsstStore);
  const moved = path.join(workDir, 'moved.avro');
  ztfId = await writeMovedZtfAlert(moved, position.ra, position.dec + OFFSET_ARCSEC / 3600);
  const summary = await ingestFiles(ztfStore, [moved], { ingesterId: 't', log: testLog, publish: true });
  if (summary.staged !== 1) throw new Error(`the moved ZTF alert was not kept: ${JSON.stringify(summary)}`);
  server = await startServer(
    [
      { name: 'ztf', layout: ztfStore },
      { name: 'lsst', layout: lsstStore },
    ],
    { port: 0, host: '127.0.0.1', log: testLog },
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  for (const dir of [ztfStore?.root, lsstStore?.root, workDir])
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the stores of the server', () => {
  it('are listed at /api/v1/stores by every store, the first being the default, with their resolvers', async () => {
    // no TNS table, no SIMBAD service; Solar System detections (ssSource) only in the Rubin sample
    const [sso] = await sql(`SELECT count(ssSource) AS n FROM ${SRC}`);
    expect(Number(sso.n)).toBeGreaterThan(0);
    const expected = [
      { name: 'ztf', survey: 'ztf', api: '/ztf/api/v1', default: true, resolvers: [] },
      { name: 'lsst', survey: 'lsst', api: '/lsst/api/v1', default: false, resolvers: ['ssodnet'] },
    ];
    for (const base of ['', '/ztf', '/lsst']) {
      const res = await fetch(`${server.url}${base}/api/v1/stores`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    }
  });
});

describe('LSST object page', () => {
  it('shows the diaObject: exact id, detections per band, light curve in flux and AB magnitude, cutouts, alert, counterpart', async () => {
    const { page, errors } = await watchedPage(browser);
    // a loaded machine (2 cores shared) can take tens of seconds to draw a chart
    page.setDefaultTimeout(90_000);
    await page.goto(`${server.url}/lsst/object/${DIA_OBJECT}`);
    await page.getByRole('heading', { level: 1, name: DIA_OBJECT }).waitFor();
    const figure = page.locator('figure[aria-label="Light curve"][data-state="ready"]');
    await figure.waitFor();

    const bands = [...new Set(sources.map((s) => s.band))];
    const summary = (await page.getByRole('region', { name: 'Summary' }).textContent()) ?? '';
    for (const band of bands)
      expect(summary).toContain(`${band}: ${sources.filter((s) => s.band === band).length}`);

    // flux mode: one trace per band, the parquet's psfFlux in time order (float32 storage: 1e-6 relative)
    const closeTo = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      for (const [i, v] of got.entries())
        expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(1e-6 * Math.abs(want[i]!));
    };
    const flux = await plotted(page);
    expect(flux.map((t) => t.name).sort()).toEqual([...bands].sort());
    for (const band of bands)
      closeTo(
        flux.find((t) => t.name === band)?.y ?? [],
        sources.filter((s) => s.band === band).map((s) => s.flux),
      );
    // AB magnitude: 31.4 − 2.5 log10(flux / nJy), positive fluxes only
    await page.getByLabel('AB magnitude').check();
    await page.waitForFunction(() => {
      const div = document.querySelector(
        'figure[aria-label="Light curve"] .js-plotly-plot',
      ) as HTMLElement & {
        layout?: { yaxis?: { title?: { text?: string } } };
      };
      return div?.layout?.yaxis?.title?.text === 'AB magnitude';
    });
    const mag = await plotted(page);
    for (const band of bands) {
      const want = sources
        .filter((s) => s.band === band && s.flux > 0)
        .map((s) => 31.4 - 2.5 * Math.log10(s.flux));
      const got = mag.find((t) => t.name === band)?.y ?? [];
      expect(got).toHaveLength(want.length);
      for (const [i, v] of got.entries()) expect(Math.abs(v - want[i]!)).toBeLessThan(1e-6);
    }

    // cutouts of the newest diaSource, read from the LSST store's cutouts endpoint
    const newest = sources[sources.length - 1]!;
    expect(await page.locator('select[name="diaSourceId"]').inputValue()).toBe(newest.id);
    const stamps = page.locator('.stamps figure.stamp');
    await expect
      .poll(() => stamps.evaluateAll((f) => f.map((e) => e.getAttribute('data-state'))))
      .toEqual(['ready', 'ready', 'ready']);
    const src = await page.locator('.stamps img').first().getAttribute('src');
    expect(src).toContain(`/lsst/api/v1/cutouts?diaSourceId=${newest.id}`);

    // the ZTF counterpart, 0.5″ away
    const counterpart = page.getByRole('region', { name: 'Counterparts' });
    await counterpart.getByRole('link', { name: ztfId }).waitFor();
    expect(await counterpart.textContent()).toContain(`at ${OFFSET_ARCSEC.toFixed(2)}″`);

    // alert content: the chosen diaSource with its exact 64-bit id
    await page.getByRole('tab', { name: 'Alert content' }).click();
    const table = page.getByRole('table', { name: 'Alert content' }).first();
    await expect
      .poll(() => table.locator('tr', { hasText: 'r:diaSourceId' }).first().textContent())
      .toContain(newest.id);
    // forced photometry: the sample's prvDiaForcedSources are all empty
    const [forced] = await sql(
      `SELECT count(*) AS n FROM (SELECT unnest(prvDiaForcedSources) FROM ${SRC} WHERE CAST(diaSource.diaObjectId AS VARCHAR) = '${DIA_OBJECT}')`,
    );
    expect(Number(forced.n)).toBe(0);
    await page.getByRole('tab', { name: 'Forced photometry' }).click();
    await page.getByText('No forced photometry for this diaObject').waitFor();
    await screenshot(page, 'lsst-object');
    expect(errors).toEqual([]);
  }, 240_000);

  it('says "No cutouts" for a diaSource stored without stamps, asking no cutouts of it; the others show theirs', async () => {
    // the diaSources whose alert carried the three stamps, from the parquet (history diaSources carry none)
    const stamped = (
      await sql(`
        SELECT CAST(diaSource.diaSourceId AS VARCHAR) AS id FROM ${SRC}
        WHERE CAST(diaSource.diaObjectId AS VARCHAR) = '${DIA_OBJECT}' AND cutoutScience IS NOT NULL
          AND cutoutTemplate IS NOT NULL AND cutoutDifference IS NOT NULL`)
    ).map((r) => String(r.id));
    expect(stamped.length).toBeGreaterThan(0);
    const stampless = sources.filter((s) => !stamped.includes(s.id));
    expect(stampless.length).toBeGreaterThan(0);
    // the API: v:hasCutouts only when named in columns (ids read as text, exact)
    const sourcesApi = `${server.url}/lsst/api/v1/sources?diaObjectId=${DIA_OBJECT}`;
    const text = await (await fetch(`${sourcesApi}&columns=r:diaSourceId,v:hasCutouts`)).text();
    const told = Object.fromEntries(
      [...text.matchAll(/"r:diaSourceId":(\d+),"v:hasCutouts":(true|false)/g)].map((m) => [
        m[1],
        m[2] === 'true',
      ]),
    );
    expect(told).toEqual(Object.fromEntries(sources.map((s) => [s.id, stamped.includes(s.id)])));
    const full = (await (await fetch(sourcesApi)).json()) as Record<string, unknown>[];
    expect(full).toHaveLength(sources.length);
    for (const row of full) expect(Object.keys(row)).not.toContain('v:hasCutouts');
    const png = (id: string) =>
      fetch(`${server.url}/lsst/api/v1/cutouts?diaSourceId=${id}&kind=Science&output-format=PNG`);
    expect((await png(stampless[0]!.id)).status).toBe(400);

    const { page, errors } = await watchedPage(browser);
    page.setDefaultTimeout(90_000);
    const cutoutRequests: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/cutouts')) cutoutRequests.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const older = stampless[stampless.length - 1]!;
    await page.goto(`${server.url}/lsst/object/${DIA_OBJECT}?diaSourceId=${older.id}`);
    const message = page.locator('.no-cutouts');
    await message.waitFor();
    expect(await message.textContent()).toContain('No cutouts for this alert');
    expect(await page.locator('select[name="diaSourceId"]').inputValue()).toBe(older.id);
    expect(await page.locator('.stamps img').count()).toBe(0);
    await page.locator('figure[aria-label="Light curve"][data-state="ready"]').waitFor();
    expect(cutoutRequests).toEqual([]);
    // a diaSource with stamps: its three stamps are drawn
    await page.locator('select[name="diaSourceId"]').selectOption(stamped[0]!);
    await page.waitForFunction(
      () => document.querySelectorAll('.stamps figure[data-state="ready"]').length === 3,
    );
    expect(await message.count()).toBe(0);
    expect(cutoutRequests).toHaveLength(3);
    expect(cutoutRequests.every((u) => u.includes(`diaSourceId=${stamped[0]}`))).toBe(true);
    await screenshot(page, 'lsst-object-no-cutouts');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('opens from a diaObjectId typed in the search bar, and links back from the ZTF counterpart', async () => {
    const { page, errors } = await watchedPage(browser);
    // a loaded machine (2 cores shared) can take tens of seconds to draw a chart
    page.setDefaultTimeout(90_000);
    await page.goto(`${server.url}/`);
    await page.locator('input[name="q"]').fill(DIA_OBJECT);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: DIA_OBJECT }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/lsst/object/${DIA_OBJECT}`);

    await page.goto(`${server.url}/${ztfId}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: ztfId }).waitFor();
    const link = page.getByRole('region', { name: 'Counterparts' }).getByRole('link', { name: DIA_OBJECT });
    await link.click();
    await page.getByRole('heading', { level: 1, name: DIA_OBJECT }).waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('position search across surveys', () => {
  it('lists the ZTF and the LSST objects of the cone together, with their survey', async () => {
    const { page, errors } = await watchedPage(browser);
    // a loaded machine (2 cores shared) can take tens of seconds to draw a chart
    page.setDefaultTimeout(90_000);
    await page.goto(`${server.url}/?query=${encodeURIComponent(`${position.ra} ${position.dec} 5`)}`);
    const table = page.getByRole('table', { name: 'Objects of every survey' });
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
      );
    // the diaObjects of the sample within 5″ of the position, from the parquet
    const near = await sql(`
      SELECT DISTINCT CAST(diaSource.diaObjectId AS VARCHAR) AS id FROM ${SRC}
      WHERE diaSource.diaObjectId <> 0 AND abs(diaSource.dec - ${position.dec}) < 5 / 3600.0
        AND abs(diaSource.ra - ${position.ra}) * cos(radians(${position.dec})) < 5 / 3600.0`);
    expect(rows).toContainEqual(['ZTF', ztfId]);
    expect(rows).toContainEqual(['LSST', DIA_OBJECT]);
    expect(
      rows
        .filter((r) => r[0] === 'LSST')
        .map((r) => r[1])
        .sort(),
    ).toEqual(near.map((r) => String(r.id)).sort());
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('LSST Solar System page', () => {
  it('shows the detections of a designation with their exact diaSourceIds', async () => {
    const [sso] = await sql(`
      SELECT mpc_orbits.packed_primary_provisional_designation AS packed,
        mpc_orbits.unpacked_primary_provisional_designation AS unpacked,
        CAST(diaSource.diaSourceId AS VARCHAR) AS id, diaSource.band AS band
      FROM ${SRC} WHERE diaSource.diaObjectId = 0 ORDER BY id LIMIT 1`);
    const { page, errors } = await watchedPage(browser);
    // a loaded machine (2 cores shared) can take tens of seconds to draw a chart
    page.setDefaultTimeout(90_000);
    await page.goto(`${server.url}/lsst/sso/${encodeURIComponent(String(sso.packed))}`);
    await page.getByRole('heading', { level: 1, name: String(sso.unpacked) }).waitFor();
    const table = page.getByRole('table', { name: 'Detections' });
    await table.waitFor();
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells[1]).toBe(String(sso.id));
    expect(cells[2]).toBe(String(sso.band));
    await page.locator('figure[aria-label="Light curve"][data-state="ready"]').waitFor({ timeout: 120_000 });
    // the phase curve: every detection with a positive flux, a phase angle and both distances (ssSource)
    const [phased] = await sql(`
      SELECT count(DISTINCT diaSource.diaSourceId) AS n FROM ${SRC}
      WHERE mpc_orbits.packed_primary_provisional_designation = '${String(sso.packed)}'
        AND diaSource.psfFlux > 0 AND ssSource.phaseAngle IS NOT NULL
        AND ssSource.helioRange IS NOT NULL AND ssSource.topoRange IS NOT NULL`);
    const phase = page.getByRole('region', { name: 'Phase curve' });
    if (Number(phased.n) === 0) await phase.getByText('no phase curve').waitFor();
    else {
      const figure = phase.locator('figure[aria-label="LSST phase curve"][data-state="ready"]');
      await figure.waitFor({ timeout: 120_000 });
      const drawn = await figure
        .locator('.js-plotly-plot')
        .evaluate((el) =>
          (el as unknown as { data: { legendgroup: string; x: unknown[] }[] }).data
            .filter((t) => t.legendgroup === 'observed')
            .reduce((n, t) => n + t.x.length, 0),
        );
      expect(drawn).toBe(Number(phased.n));
    }
    // no orbital elements in the LSST API: the card says so and links the object elsewhere
    const orbit = page.getByRole('region', { name: 'Orbit' });
    expect(await orbit.getByRole('link').count()).toBe(3);
    // this store has no SSOFT built: the two flavours' tables answer 404 (logged by the browser as failed
    // resources) and the page says the object has no fitted parameters
    await phase.getByText("not in the store's SSOFT").waitFor();
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(2);
  }, 240_000);
});
