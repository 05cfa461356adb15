/**
 * The service pages in Chromium on the demo store: statistics, latest alerts by class, cross-match upload and GW
 * sky-map upload. The cross-match and sky-map tests need `/api/v1/xmatch` and `/api/v1/skymap` (built by their
 * own branches): they are written against those endpoints' documented answers.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pix2angNest, separationDeg } from '../../compute/sky/index.js';
import {
  credibleRegion,
  formatMocJson,
  mocFromCredibleRegion,
  readSkymap,
} from '../../compute/skymap/index.js';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { testDataPath } from '../support/test-data.js';

let server: RunningServer;
let browser: Browser;

type Row = Record<string, unknown>;

async function api<T = Row[]>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface TraceInfo {
  readonly name: string;
  readonly x: unknown[];
  readonly y: unknown[];
}

async function traces(page: Page, label: string): Promise<TraceInfo[]> {
  const figure = page.locator(`figure[aria-label="${label}"][data-state="ready"]`);
  await figure.waitFor({ timeout: 30_000 });
  return figure
    .locator('.js-plotly-plot')
    .evaluate((el) =>
      (el as unknown as { data: TraceInfo[] }).data.map((t) => ({ name: t.name, x: t.x, y: t.y })),
    );
}

/**
 * Errors other than Aladin Lite failing to reach its survey images: on this closed network it throws (uncaught)
 * while resolving the HiPS survey and its fallbacks; the portal itself logs nothing.
 */
function withoutOfflineSurveyErrors(errors: readonly string[]): string[] {
  return errors.filter(
    (e) =>
      !/does not refer to a found CDS ID|does not points to a HiPS location|^uncaught: Failed to fetch$/.test(
        e,
      ),
  );
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('statistics page', () => {
  it('draws nightly counts and classes equal to /api/v1/statistics', async () => {
    const stats = await api('statistics?date=');
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/stats`);
    const nightly = await traces(page, 'Alerts per night');
    const received = nightly.find((t) => t.name === 'received');
    expect(received?.x.length).toBe(stats.length);
    const byNight = new Map(stats.map((r) => [String(r['key:key']).slice(4), r['basic:raw']]));
    received?.x.forEach((night, i) => {
      expect(received.y[i]).toBe(byNight.get(String(night).replace(/-/g, '')));
    });
    const classes = await traces(page, 'Alerts per class and night');
    expect(classes.length).toBeGreaterThan(3);
    const totals = await traces(page, 'Alerts per class, all nights');
    const sso = stats.reduce((s, r) => s + Number(r['class:Solar System MPC'] ?? 0), 0);
    const [bars] = totals;
    expect(bars.x[bars.y.indexOf('Solar System MPC')]).toBe(sso);
    await screenshot(page, 'stats');

    await page.getByLabel('Cumulative').check();
    await page.waitForURL(/cumulative=1/);
    const total = stats.reduce((s, r) => s + Number(r['basic:raw']), 0);
    // the chart redraws after the URL changes: wait for the cumulative trace rather than read it once
    await expect
      .poll(
        async () => (await traces(page, 'Alerts per night')).find((t) => t.name === 'received')?.y.at(-1),
        { timeout: 15_000 },
      )
      .toBe(total);
    expect(errors).toEqual([]);
  });

  it('draws in the dark theme too', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/stats?date=202403`);
    await traces(page, 'Alerts per night');
    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await page.locator('figure[aria-label="Alerts per night"][data-state="ready"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'stats-dark');
    expect(errors).toEqual([]);
  });
});

describe('latest alerts page', () => {
  it('lists the alerts of a class picked in the form and links to object pages (phone size)', async () => {
    const expected = await api('latests?class=SN%20candidate&n=5');
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/latests`);
    await page.getByLabel('Class').selectOption('SN candidate');
    await page.getByLabel(/Number of alerts/).fill('5');
    await page.getByRole('button', { name: 'Show' }).click();
    const table = page.getByRole('table', { name: 'Latest SN candidate alerts' });
    await table.waitFor();
    expect(new URL(page.url()).searchParams.get('class')).toBe('SN candidate');
    const ids = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(ids).toEqual(expected.map((r) => r['i:objectId']));
    await screenshot(page, 'latests-phone');
    await table.locator('tbody tr td:first-child a').first().click();
    await page.waitForURL(`${server.url}/${ids[0]}`);
    await page.getByRole('heading', { name: ids[0] }).waitFor();
    expect(errors).toEqual([]);
  });

  it('opens from a shared URL', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/latests?class=Solar%20System%20MPC&n=20&distinct=true`);
    const table = page.getByRole('table', { name: 'Latest Solar System MPC alerts' });
    await table.waitFor();
    const ids = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(ids.length).toBe(20);
    expect(new Set(ids).size).toBe(20);
    await screenshot(page, 'latests');
    expect(errors).toEqual([]);
  });
});

describe('cross-match page', () => {
  it('checks the form before sending', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/xmatch`);
    await page.getByLabel('Radius (arcsec)').fill('20000');
    await page.getByRole('button', { name: 'Cross-match' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Give a catalogue');
    expect(await alert.textContent()).toContain('at most 18,000');
    await screenshot(page, 'xmatch');
    expect(errors).toEqual([]);
  });

  // needs /api/v1/xmatch
  it('matches pasted CSV rows placed on objects of the store', async () => {
    const latest = await api('latests?class=SN%20candidate&n=3&distinct=true');
    const csv = [
      'RA,Dec,ID',
      ...latest.map((r, i) => `${r['i:ra']},${r['i:dec']},row-${i}`),
      '10.0,-80.0,nowhere',
    ];
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/xmatch`);
    await page.getByLabel(/Catalogue as CSV text/).fill(`${csv.join('\n')}\n`);
    await page.getByRole('button', { name: 'Cross-match' }).click();
    const table = page.getByRole('table', { name: 'Cross-match results' });
    await table.waitFor({ timeout: 30_000 });
    const links = await table.locator('a').allTextContents();
    expect(new Set(links)).toEqual(new Set(latest.map((r) => r['i:objectId'])));
    await screenshot(page, 'xmatch-results');
    // the CSV download sends the same form again with output-format=csv
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('xmatch.csv');
    const csvText = fs.readFileSync(await download.path(), 'utf8');
    for (const r of latest) expect(csvText).toContain(String(r['i:objectId']));
    expect(errors).toEqual([]);
  });

  // needs /api/v1/xmatch
  it('matches an uploaded CSV file', async () => {
    const [one] = await api('latests?class=SN%20candidate&n=1');
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/xmatch`);
    await page.getByLabel(/or a file/).setInputFiles({
      name: 'mine.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,ra,dec\nsrc,${one['i:ra']},${one['i:dec']}\n`),
    });
    await page.getByLabel(/Header/).fill('ra,dec,name');
    await page.getByRole('button', { name: 'Cross-match' }).click();
    const table = page.getByRole('table', { name: 'Cross-match results' });
    await table.waitFor({ timeout: 30_000 });
    expect(await table.locator('a').allTextContents()).toEqual([one['i:objectId']]);
    expect(errors).toEqual([]);
  });

  // needs /api/v1/xmatch: a malformed row is a 400 naming its line, shown as the API wrote it
  it("shows the API's error text", async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${server.url}/xmatch`);
    await page.getByLabel(/Catalogue as CSV text/).fill('RA,Dec,ID\n10,abc,a\n');
    await page.getByRole('button', { name: 'Cross-match' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/The API answered an error.*line 2/s);
  });
});

describe('GW sky-map page', () => {
  // needs /api/v1/skymap with output-format=moc-json
  it('uploads a sky map and draws its credible region', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/gw`);
    await page
      .getByLabel(/Sky map/)
      .setInputFiles(testDataPath('skymaps', 'S200219ac_G364600_bayestar.fits.gz'));
    await page.getByLabel(/Credible level/).fill('0.9');
    await page.getByRole('button', { name: 'Search' }).click();
    const area = page.getByTestId('gw-area');
    await area.waitFor({ timeout: 30_000 });
    // 90 % region of S200219ac: 1,250.70 deg² (compute/skymap tests, test/skymap/bayestar-maps.test.ts)
    const deg2 = Number((await area.textContent())?.match(/([\d,.]+)\s*deg²/)?.[1].replace(/,/g, ''));
    expect(Math.abs(deg2 - 1250.7) / 1250.7).toBeLessThan(0.01);
    await screenshot(page, 'gw');
    expect(withoutOfflineSurveyErrors(errors)).toEqual([]);
  });

  // the page alone, with /api/v1/skymap answered in the browser as its brief documents (objects as JSON rows,
  // the region as MOC 2.0 JSON built here by compute/skymap from the real map)
  it('draws the region MOC and the objects of the answer, and sends the form fields', async () => {
    const mapFile = testDataPath('skymaps', 'S200219ac_G364600_bayestar.fits.gz');
    const map = readSkymap(new Uint8Array(fs.readFileSync(mapFile)));
    const region = credibleRegion(map, 0.9);
    const moc = formatMocJson(mocFromCredibleRegion(map, region));
    const objects = (await api('latests?class=SN%20candidate&n=3&distinct=true')).map(
      (r, i): Row => ({
        ...r,
        'v:jdstartgw': Number(r['i:jdstarthist']) - 0.5,
        'v:prob_density': 10 - i,
      }),
    );
    const sent: string[] = [];
    const { page, errors } = await watchedPage(browser);
    await page.route('**/api/v1/skymap', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];
      sent.push(
        `${field('output-format')} ${field('credible_level')} ${field('n_day_before')} ${field('n_day_after')}`,
      );
      expect(body).toContain('name="file"; filename="S200219ac_G364600_bayestar.fits.gz"');
      const isMoc = field('output-format') === 'moc-json';
      await route.fulfill({ contentType: 'application/json', body: isMoc ? moc : JSON.stringify(objects) });
    });
    await page.goto(`${server.url}/gw`);
    await page.getByLabel(/Sky map/).setInputFiles(mapFile);
    await page.getByLabel(/Credible level/).fill('0.9');
    await page.getByLabel(/Days after/).fill('3');
    await page.getByRole('button', { name: 'Search' }).click();
    const area = page.getByTestId('gw-area');
    await area.waitFor();
    expect(sent.sort()).toEqual(['json 0.9 1 3', 'moc-json 0.9 1 3']);
    // the area of the MOC's cells is the region's: 1,250.70 deg² (test/skymap/bayestar-maps.test.ts)
    const deg2 = Number((await area.textContent())?.match(/([\d,.]+)\s*deg²/)?.[1].replace(/,/g, ''));
    expect(Math.abs(deg2 - region.areaDeg2)).toBeLessThan(0.05);
    const table = page.getByRole('table', { name: 'Objects in the credible region' });
    expect(await table.locator('tbody a').allTextContents()).toEqual(objects.map((o) => o['i:objectId']));
    const viewer = page.locator('.sky-viewer:not([data-state="loading"])');
    await viewer.waitFor({ timeout: 30_000 });
    // the view is fitted to the region: every pixel of the credible region (read from the map here) lies inside
    // the field, and the field is not much wider than that (this map's 90 % region has two far-apart lobes)
    const view = await viewer.evaluate((el) => ({
      ra: Number(el.getAttribute('data-ra-deg')),
      dec: Number(el.getAttribute('data-dec-deg')),
      fov: Number(el.getAttribute('data-fov-deg')),
    }));
    let farthest = 0;
    region.isInRegion.forEach((inside, cell) => {
      if (!inside) return;
      const { raDeg, decDeg } = pix2angNest(map.orders[cell], map.pixels[cell]);
      farthest = Math.max(farthest, separationDeg(view.ra, view.dec, raDeg, decDeg));
    });
    expect(farthest).toBeLessThan(view.fov / 2);
    expect(view.fov).toBeLessThan(2.5 * farthest + 15);
    await screenshot(page, 'gw-region');
    expect(withoutOfflineSurveyErrors(errors)).toEqual([]);
  });

  it('checks the form before sending', async () => {
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/gw`);
    await page.getByLabel(/Credible level/).fill('1.5');
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Choose a sky map');
    expect(await alert.textContent()).toContain('credible level');
    await screenshot(page, 'gw-phone');
    expect(errors).toEqual([]);
  });
});
