/**
 * The Solar System tab in Chromium on the demo store: light curve, astrometry and phase curve of a simulated
 * asteroid, with the HG / HG1G2 / sHG1G2 parameters of the SSOFT (or fitted in the page for an object the table
 * does not hold), compared with what the API answers.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';

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
  readonly group: string;
  readonly n: number;
}

/** The traces of the Plotly chart inside `figure[aria-label=label]`, once drawn. */
async function traces(page: Page, label: string): Promise<TraceInfo[]> {
  const figure = page.locator(`figure[aria-label="${label}"][data-state="ready"]`);
  await figure.waitFor({ timeout: 30_000 });
  return figure.locator('.js-plotly-plot').evaluate((el) =>
    (el as unknown as { data: { name: string; legendgroup: string; x: unknown[] }[] }).data.map((t) => ({
      name: t.name,
      group: t.legendgroup,
      n: t.x.length,
    })),
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

describe('Solar System tab', () => {
  it('draws the phase curve with one curve per model and band, parameters equal to the SSOFT', async () => {
    const table = await api('ssoft?flavor=SHG1G2&output-format=json');
    const pick = table.find((r) => r.fit === 0 && Number(r.n_obs_1) >= 5 && Number(r.n_obs_2) >= 5);
    expect(pick, 'a simulated asteroid with a successful sHG1G2 fit in both bands').toBeDefined();
    const number = Number(pick?.sso_number);
    const rows = await api(`sso?n_or_d=${number}&withEphem=true`);
    const perModel: Record<string, Row> = {};
    for (const flavor of ['HG', 'HG1G2', 'SHG1G2']) {
      [perModel[flavor]] = await api(`ssoft?flavor=${flavor}&sso_number=${number}`);
    }

    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/sso/${number}?ssoview=phase`);
    const drawn = await traces(page, 'Phase curve');
    const observed = drawn.filter((t) => t.group === 'observed');
    expect(observed.map((t) => t.name).sort()).toEqual(['g observed', 'r observed']);
    const g = rows.filter((r) => r['i:fid'] === 1).length;
    const r = rows.filter((r) => r['i:fid'] === 2).length;
    expect(observed.find((t) => t.name === 'g observed')?.n).toBe(g);
    expect(observed.find((t) => t.name === 'r observed')?.n).toBe(r);
    for (const model of ['HG', 'HG1G2', 'SHG1G2']) {
      const curves = drawn.filter((t) => t.group === model);
      expect(curves.length, model).toBe(2);
      for (const c of curves) expect(c.n, model).toBeGreaterThan(50);
    }
    // the parameters shown are the API's, to the last digit (data-value), from the SSOFT
    for (const [model, row] of Object.entries(perModel)) {
      const tr = page.locator(`table.fit-table td[data-model="${model}"]`);
      expect(await tr.and(page.locator('[data-source]')).getAttribute('data-source')).toBe('ssoft');
      const keys = ['H_1', 'H_2', 'chi2red', 'rms'].concat(
        model === 'HG' ? ['G_1', 'G_2'] : ['G1_1', 'G2_1', 'G1_2', 'G2_2'],
        model === 'SHG1G2' ? ['R', 'alpha0', 'delta0'] : [],
      );
      for (const key of keys) {
        const shown = await tr.and(page.locator(`[data-param="${key}"]`)).getAttribute('data-value');
        expect(Number(shown), `${model} ${key}`).toBe(row[key]);
      }
    }
    const title = await page.locator('figure[aria-label="Phase curve"] .gtitle').textContent();
    expect(title).toContain(
      `χ²red: HG ${Number(perModel.HG.chi2red).toFixed(2)} · HG1G2 ${Number(perModel.HG1G2.chi2red).toFixed(2)} · ` +
        `sHG1G2 ${Number(perModel.SHG1G2.chi2red).toFixed(2)}`,
    );
    await screenshot(page, 'sso-phase-curve');

    // dark theme: the bands take the theme's colours (--band-g is #7fa7ff in dark)
    const gColour = () =>
      page
        .locator('figure[aria-label="Phase curve"] .js-plotly-plot')
        .evaluate(
          (el) =>
            (el as unknown as { data: { name: string; marker: { color: string } }[] }).data.find(
              (t) => t.name === 'g observed',
            )?.marker.color,
        );
    expect(await gColour()).toBe('#15284f');
    await page.getByRole('button', { name: /Switch to dark theme/ }).click();
    await expect.poll(gColour).toBe('#7fa7ff');
    await screenshot(page, 'sso-phase-curve-dark');
    expect(errors).toEqual([]);
  });

  it('shows the light curve with the prediction, and the astrometry', async () => {
    const [pick] = await api('ssoft?flavor=HG&output-format=json');
    const number = Number(pick.sso_number);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/sso/${number}`);
    const light = await traces(page, 'Solar System light curve');
    expect(light.filter((t) => t.group === 'observed').reduce((s, t) => s + t.n, 0)).toBe(pick.n_obs);
    expect(light.filter((t) => t.group === 'predicted').length).toBeGreaterThan(0);
    await screenshot(page, 'sso-tab');
    await page.getByRole('tab', { name: 'Astrometry' }).click();
    expect(new URL(page.url()).searchParams.get('ssoview')).toBe('astrometry');
    const astro = await traces(page, 'Astrometry residuals');
    expect(astro.reduce((s, t) => s + t.n, 0)).toBe(pick.n_obs);
    // mean and std of the separations equal the SSOFT's (same positions and ephemerides), within 1 mas
    const meanSep = Number(await page.locator('[data-mean-sep]').getAttribute('data-mean-sep'));
    expect(Math.abs(meanSep - Number(pick.mean_astrometry))).toBeLessThan(1e-3);
    const stdSep = Number(await page.locator('[data-std-sep]').getAttribute('data-std-sep'));
    expect(Math.abs(stdSep - Number(pick.std_astrometry))).toBeLessThan(1e-3);
    await screenshot(page, 'sso-astrometry');
    expect(errors).toEqual([]);
  });

  it('breaks the predicted line across a gap of months', async () => {
    const [pick] = await api('ssoft?flavor=HG&output-format=json');
    const number = Number(pick.sso_number);
    const predictedX = async (page: Page): Promise<unknown[][]> => {
      await page.locator('figure[aria-label="Solar System light curve"][data-state="ready"]').waitFor();
      return page
        .locator('figure[aria-label="Solar System light curve"] .js-plotly-plot')
        .evaluate((el) =>
          (el as unknown as { data: { legendgroup: string; x: unknown[] }[] }).data
            .filter((t) => t.legendgroup === 'predicted')
            .map((t) => [...t.x]),
        );
    };
    // as served: the demo's 30 nights, one apparition, lines unbroken
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/sso/${number}`);
    const served = await predictedX(page);
    expect(served.length).toBeGreaterThan(0);
    for (const x of served) expect(x.filter((v) => v === null)).toEqual([]);
    // the same answer with its later alerts moved 200 days on: a second apparition, each line broken once
    const text = await (await fetch(`${server.url}/api/v1/sso?n_or_d=${number}&withEphem=true`)).text();
    const jds = [...text.matchAll(/"i:jd":([\d.]+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    const cut = jds[Math.floor(jds.length / 2)];
    const moved = text.replace(/"i:jd":([\d.]+)/g, (all, jd: string) =>
      Number(jd) >= cut ? `"i:jd":${Number(jd) + 200}` : all,
    );
    const again = await watchedPage(browser);
    await again.page.route('**/api/v1/sso?**', (route) =>
      route.fulfill({ contentType: 'application/json', body: moved }),
    );
    await again.page.goto(`${server.url}/sso/${number}`);
    const broken = await predictedX(again.page);
    expect(broken.length).toBe(served.length);
    // a break wherever two predictions drawn in a line are more than 30 days apart, and only there
    for (const x of broken) {
      const days = x.filter((v) => v !== null).map((v) => Date.parse(String(v)) / 86_400_000);
      const gaps = days.slice(1).filter((d, i) => d - days[i] > 30).length;
      expect(x.filter((v) => v === null)).toHaveLength(gaps);
    }
    expect(broken.some((x) => x.includes(null))).toBe(true);
    expect([...errors, ...again.errors]).toEqual([]);
  });

  it('fits in the page an object the SSOFT does not hold', async () => {
    const inTable = new Set((await api('ssoft?flavor=HG&output-format=json')).map((r) => r.ssnamenr));
    const alerts = await api('latests?class=Solar%20System%20MPC&n=5000&columns=i:ssnamenr,i:fid');
    // the object outside the table with the most detections in its poorer band (g and r both needed)
    const perBand = new Map<string, [number, number]>();
    for (const a of alerts) {
      const name = String(a['i:ssnamenr']);
      if (inTable.has(name) || (a['i:fid'] !== 1 && a['i:fid'] !== 2)) continue;
      const counts = perBand.get(name) ?? [0, 0];
      counts[Number(a['i:fid']) - 1]++;
      perBand.set(name, counts);
    }
    const [name] = [...perBand.entries()].sort((a, b) => Math.min(...b[1]) - Math.min(...a[1]))[0];
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/sso/${encodeURIComponent(name)}?ssoview=phase`);
    const drawn = await traces(page, 'Phase curve');
    expect(drawn.filter((t) => t.group === 'observed').length).toBeGreaterThan(0);
    const sources = await page
      .locator('table.fit-table td[data-source]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-source')));
    expect(sources).not.toContain('ssoft');
    expect(sources).toContain('page');
    const fitted = await page
      .locator('table.fit-table td[data-source="page"]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-model')));
    expect(fitted).toContain('HG');
    for (const model of fitted)
      expect(
        drawn.some((t) => t.group === model),
        String(model),
      ).toBe(true);
    // a model without a fit says why in plain words (e.g. sHG1G2 needs more points than its 9 parameters + 1)
    const failed = await page.locator('p.fit-failed').allTextContents();
    const unfitted = await page
      .locator('table.fit-table td[data-source="none"]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-model')));
    expect(failed.length).toBe(unfitted.length);
    for (const text of failed) {
      expect(text).toMatch(/: no fit — .+/);
      expect(text).not.toMatch(/singular|JᵀJ|J'J|status/);
    }
    await screenshot(page, 'sso-phone');
    expect(errors).toEqual([]);
  });

  it('says so when a name is unknown', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/sso/Nosuchasteroid`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('not a known name');
    // the API's 400 is logged by the browser as a failed resource; nothing else
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
