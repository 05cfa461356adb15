/**
 * The object page in Chromium on the demo store: summary, light-curve modes (values read from the Plotly
 * chart), cutout controls (image bytes change), the chosen alert's content with its exact 64-bit id,
 * downloads equal to the API's rows, share link and QR code, tabs, themes and phone size.
 * Objects are picked from the store through the API (no hard-coded ids).
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightCurvePoints } from '../../serve/portal/src/lib/photometry.js';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { objectIdsOf } from './answer-ids.js';
import { type Args, apiRows, plotted, type Row } from './object-page-support.js';

let server: RunningServer;
let browser: Browser;
/** An object with DC photometry (valid g-band alerts with magnr), and its rows (candid as exact text). */
let objectId: string;
let rows: Row[];

const api = (endpoint: string, args: Args): Promise<Row[]> => apiRows(server.url, endpoint, args);

/** The y values of a trace of the light-curve chart. */
const plottedY = async (page: Page, trace: number): Promise<number[]> =>
  (await plotted(page, 'Light curve', trace)) as number[];

async function lightCurveReady(page: Page): Promise<void> {
  await page.locator('figure[aria-label="Light curve"][data-state="ready"]').waitFor();
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  const latest = await api('latests', {
    class: 'allclasses',
    n: 300,
    columns: 'i:objectId,i:magnr,i:fid,d:roid',
  });
  for (const candidate of latest) {
    if (candidate['i:magnr'] === null || candidate['d:roid'] === 3) continue;
    const own = await api('objects', { objectId: String(candidate['i:objectId']), withupperlim: true });
    const g = own.filter((r) => r['i:fid'] === 1 && r['d:tag'] === 'valid' && r['i:magnr'] !== null);
    if (g.length >= 3) {
      objectId = String(candidate['i:objectId']);
      rows = own;
      break;
    }
  }
  if (!objectId) throw new Error('the demo store has no object with three g-band alerts with magnr');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('object page', () => {
  it('shows the summary and draws the light curve in each mode with the values of the formulas', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    await page.getByRole('heading', { level: 1, name: objectId }).waitFor();
    await lightCurveReady(page);
    const summary = await page.getByRole('region', { name: 'Summary' }).textContent();
    expect(summary).toContain('Constellation');
    expect(summary).toMatch(/\d{2}:\d{2}:\d{2}\.\d{2} [+-]\d{2}:\d{2}:\d{2}\.\d/);
    expect(summary).toContain(String(rows[0]['v:classification']));
    // trace 0 is the g band, valid points, sorted by time
    const expected = (mode: 'diffmag' | 'dcmag' | 'dcflux') =>
      lightCurvePoints(rows, mode)
        .filter((p) => p.fid === 1 && p.tag === 'valid')
        .map((p) => p.value);
    const diff = await plottedY(page, 0);
    expect(diff).toEqual(expected('diffmag'));
    await page.getByLabel('DC magnitude').check();
    await page.waitForFunction((first) => {
      const div = document.querySelector(
        'figure[aria-label="Light curve"] .js-plotly-plot',
      ) as HTMLElement & {
        data?: { y: number[] }[];
      };
      return div?.data?.[0]?.y?.[0] !== first;
    }, diff[0]);
    const dc = await plottedY(page, 0);
    expect(dc).toEqual(expected('dcmag'));
    expect(dc).not.toEqual(diff);
    await page.getByLabel('DC flux').check();
    await page.waitForFunction((first) => {
      const div = document.querySelector(
        'figure[aria-label="Light curve"] .js-plotly-plot',
      ) as HTMLElement & {
        data?: { y: number[] }[];
      };
      return div?.data?.[0]?.y?.[0] !== first;
    }, dc[0]);
    const flux = await plottedY(page, 0);
    // the browser's V8 may round 10 ** x one unit in the last place away from Node's: equal to 1e-12 relative
    const expectedFlux = expected('dcflux');
    expect(flux).toHaveLength(expectedFlux.length);
    for (const [i, f] of flux.entries()) expect(Math.abs(f / expectedFlux[i]! - 1)).toBeLessThan(1e-12);
    // f = 3631 Jy·10^(−0.4·m) in mJy, to 1e-9 relative
    for (const [i, f] of flux.entries()) {
      expect(Math.abs(f / (3631e3 * 10 ** (-0.4 * dc[i])) - 1)).toBeLessThan(1e-9);
    }
    await screenshot(page, 'object');
    expect(errors).toEqual([]);
  });

  it('hides and shows upper limits and bad-quality points', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    await lightCurveReady(page);
    const names = () =>
      page.evaluate(() => {
        const div = document.querySelector(
          'figure[aria-label="Light curve"] .js-plotly-plot',
        ) as HTMLElement & {
          data?: { name: string }[];
        };
        return (div?.data ?? []).map((t) => t.name);
      });
    const hasUpper = rows.some((r) => r['d:tag'] === 'upperlim');
    expect((await names()).some((n) => n.includes('upper limit'))).toBe(hasUpper);
    await page.getByLabel('Upper limits').uncheck();
    await page.waitForFunction(() => {
      const div = document.querySelector(
        'figure[aria-label="Light curve"] .js-plotly-plot',
      ) as HTMLElement & {
        data?: { name: string }[];
      };
      return !(div?.data ?? []).some((t) => t.name.includes('upper limit'));
    });
    await page.getByLabel('Bad-quality points').uncheck();
    await page.waitForFunction(() => {
      const div = document.querySelector(
        'figure[aria-label="Light curve"] .js-plotly-plot',
      ) as HTMLElement & {
        data?: { name: string }[];
      };
      return (div?.data ?? []).every((t) => !t.name.includes('('));
    });
    expect(errors).toEqual([]);
  });

  it('changes the cutout images with the stretch, colour map, clipping percentile and chosen alert', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    const science = page.getByRole('img', { name: 'Science stamp' });
    await page.locator('figure.stamp[data-state="ready"]').first().waitFor();
    const bytes = async (): Promise<Buffer> => {
      const src = await science.getAttribute('src');
      const response = await page.request.get(new URL(src ?? '', server.url).href);
      expect(response.status()).toBe(200);
      return response.body();
    };
    const before = await bytes();
    await page.locator('select[name="stretch"]').selectOption('linear');
    await page.locator('select[name="colormap"]').selectOption('viridis');
    await page.locator('figure.stamp[data-state="ready"]').first().waitFor();
    const src = (await science.getAttribute('src')) ?? '';
    expect(src).toContain('stretch=linear');
    expect(src).toContain('colormap=viridis');
    const after = await bytes();
    expect(after.equals(before)).toBe(false);
    // a percentile being typed is kept while another control redraws the images, and applied once committed
    const pmin = page.locator('input[name="pmin"]');
    await pmin.fill('3.5');
    await page.locator('select[name="colormap"]').selectOption('gray');
    await expect.poll(() => science.getAttribute('src')).toContain('colormap=gray');
    expect(await pmin.inputValue()).toBe('3.5');
    expect(await science.getAttribute('src')).not.toContain('pmin=3.5');
    await pmin.press('Enter');
    await expect.poll(() => science.getAttribute('src')).toContain('pmin=3.5');
    // another alert: the stamps of that candid (exact 64-bit id)
    const detections = rows.filter((r) => r['d:tag'] !== 'upperlim');
    const older = String(detections[detections.length - 1]['i:candid']);
    await page.locator('select[name="candid"]').first().selectOption(older);
    await page.waitForFunction(
      (candid) =>
        (document.querySelector('img[alt="Science stamp"]') as HTMLImageElement).src.includes(candid),
      older,
    );
    expect(new URL(page.url()).searchParams.get('candid')).toBe(older);
    expect(await bytes()).not.toEqual(after);
    expect(errors).toEqual([]);
  });

  it('shows every field of the chosen alert with its exact candid', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}?tab=alert`);
    const table = page.getByRole('table', { name: 'Alert content' });
    await table.waitFor();
    const latestValid = rows.find((r) => r['d:tag'] === 'valid') as Row;
    const candidRow = table.locator('tr', { has: page.locator('code', { hasText: /^i:candid$/ }) });
    expect(await candidRow.locator('td').nth(1).textContent()).toBe(String(latestValid['i:candid']));
    expect(await table.locator('tbody tr').count()).toBe(Object.keys(latestValid).length);
    expect(errors).toEqual([]);
  });

  it('downloads the same rows as the API, and offers a share link with a QR code', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}?tab=download`);
    await page.locator('.downloads').waitFor();
    const expected = (await api('objects', { objectId, withupperlim: true }))
      .map((r) => String(r['i:objectId']))
      .sort();
    const candids = (await api('objects', { objectId, withupperlim: true })).map((r) =>
      String(r['i:candid']),
    );
    for (const format of ['csv', 'json', 'votable'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator(`.downloads a[data-format="${format}"]`).click(),
      ]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      expect(objectIdsOf(format, text), format).toEqual(expected);
      if (format === 'json') {
        const got = JSON.parse(text.replace(/("i:candid":)(\d+)/g, '$1"$2"')) as Row[];
        expect(got.map((r) => String(r['i:candid']))).toEqual(candids);
      }
    }
    expect(await page.getByLabel('Link to this object').inputValue()).toBe(`${server.url}/${objectId}`);
    expect(await page.getByRole('img', { name: `QR code of ${server.url}/${objectId}` }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows the neighbourhood and the classification scores tabs', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}?tab=neighbourhood`);
    await page.getByText(/Other objects within 30″/).waitFor();
    await page.locator('.neighbourhood ul.neighbours, .neighbourhood p.notice').last().waitFor();
    await page.getByRole('tab', { name: 'Classification' }).click();
    await page.locator('figure[aria-label="Classification scores"][data-state="ready"]').waitFor();
    expect(errors).toEqual([]);
  });

  it('offers the Solar System tab for alerts of a known Solar System object', async () => {
    const [sso] = await api('latests', { class: 'Solar System MPC', n: 1, columns: 'i:objectId' });
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${sso['i:objectId']}`);
    await page.getByRole('tab', { name: 'Solar System' }).click();
    await page.getByRole('tabpanel', { name: 'Solar System' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is usable on a phone (390×844) and in the dark theme', async () => {
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/${objectId}`);
    await lightCurveReady(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'object-phone');
    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await lightCurveReady(page);
    await screenshot(page, 'object-phone-dark');
    expect(errors).toEqual([]);
  });
});
