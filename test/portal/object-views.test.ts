/**
 * The object page's interactive views in Chromium on the demo store: a click on a light-curve point chooses that
 * alert (cutouts and alert content follow), hover shows value ± σ, every light-curve mode draws the values of
 * Fink's formulas applied here to the API's rows, the classification history, the variable-star view finding the
 * simulator's own period of a simulated RR Lyrae, the observability view, and exact 64-bit ids in the
 * neighbourhood. Objects are picked from the store through the API, and the RR Lyrae's true period from the
 * simulator's parameters (the demo's seed replayed), never from our periodogram.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../bin/commands/demo.js';
import { parseStartNight } from '../../ingest/simulate/index.js';
import { AlertSimulation } from '../../ingest/simulate/model/index.js';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { type Args, apiRows, plotted, type Row } from './object-page-support.js';

let server: RunningServer;
let browser: Browser;

const api = (endpoint: string, args: Args): Promise<Row[]> => apiRows(server.url, endpoint, args);

const num = (row: Row, key: string): number => row[key] as number;
const isValid = (r: Row): boolean => r['d:tag'] === 'valid';

async function chartReady(page: Page, label: string): Promise<void> {
  await page.locator(`figure[aria-label="${label}"][data-state="ready"]`).waitFor();
}

/** Screen position of point `index` of trace `trace` of the light curve (the marker's centre). */
async function pointCentre(page: Page, trace: number, index: number): Promise<{ x: number; y: number }> {
  const marker = page
    .locator('figure[aria-label="Light curve"] .scatterlayer .trace')
    .nth(trace)
    .locator('.points path')
    .nth(index);
  const box = await marker.boundingBox();
  if (!box) throw new Error(`light-curve point ${trace}/${index} not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The valid g alert (trace 0 of the light curve, time order) farthest in time from every other point drawn, so
 * that its marker overlaps no other: its index in trace 0 and its row.
 */
function isolatedG(): { index: number; row: Row } {
  const g = rows
    .filter((r) => isValid(r) && r['i:fid'] === 1)
    .sort((a, b) => num(a, 'i:jd') - num(b, 'i:jd'));
  const all = rows.map((r) => num(r, 'i:jd'));
  let best = 0;
  let bestGap = -1;
  g.forEach((r, i) => {
    const gap = Math.min(
      ...all.filter((jd) => jd !== num(r, 'i:jd')).map((jd) => Math.abs(jd - num(r, 'i:jd'))),
    );
    if (gap > bestGap) {
      bestGap = gap;
      best = i;
    }
  });
  return { index: best, row: g[best] };
}

/** A demo object with valid g and r alerts on the same nights and DC photometry, and its rows. */
let objectId: string;
let rows: Row[];

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  const latest = await api('latests', { class: 'allclasses', n: 400, columns: 'i:objectId,i:magnr,d:roid' });
  for (const candidate of latest) {
    if (candidate['i:magnr'] === null || candidate['d:roid'] === 3) continue;
    const own = await api('objects', { objectId: String(candidate['i:objectId']), withupperlim: true });
    const g = own.filter((r) => isValid(r) && r['i:fid'] === 1);
    const r = own.filter((x) => isValid(x) && x['i:fid'] === 2);
    const paired = g.some((a) => r.some((b) => Math.abs(num(a, 'i:jd') - num(b, 'i:jd')) <= 0.3));
    if (g.length >= 3 && r.length >= 3 && paired) {
      objectId = String(candidate['i:objectId']);
      rows = own;
      break;
    }
  }
  if (!objectId) throw new Error('the demo store has no object with paired valid g and r alerts');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('light curve interaction', () => {
  it('a click on a point chooses that alert: URL, picker, cutouts and alert content follow', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    await chartReady(page, 'Light curve');
    // trace 0 is the valid g alerts in time order
    const { index, row } = isolatedG();
    const candid = String(row['i:candid']);
    const latest = rows.filter(isValid).sort((a, b) => num(b, 'i:jd') - num(a, 'i:jd'))[0];
    // the page opens on the latest valid alert: the isolated point must be another one
    expect(String(latest['i:candid'])).not.toBe(candid);
    const science = page.getByRole('img', { name: 'Science stamp' });
    await science.waitFor();
    expect(await science.getAttribute('src')).not.toContain(candid);
    const { x, y } = await pointCentre(page, 0, index);
    await page.mouse.move(x, y);
    await page.mouse.click(x, y);
    await page.waitForFunction((c) => new URL(location.href).searchParams.get('candid') === c, candid);
    await page.waitForFunction(
      (c) => (document.querySelector('img[alt="Science stamp"]') as HTMLImageElement | null)?.src.includes(c),
      candid,
    );
    expect(await page.locator('select[name="candid"]').inputValue()).toBe(candid);
    // the chosen alert is ringed: the last trace is the ring at its date
    const ringX = await plotted(
      page,
      'Light curve',
      (await page.locator('.scatterlayer .trace').count()) - 1,
      'x',
    );
    expect(ringX).toHaveLength(1);
    await page.getByRole('tab', { name: 'Alert content' }).click();
    await expect.poll(() => page.locator('.alert-table').textContent()).toContain(candid);
    await screenshot(page, 'object-point-clicked');
    expect(errors).toEqual([]);
  });

  it('hover shows the value ± σ of the point (magpsf ± sigmapsf of the API row)', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    await chartReady(page, 'Light curve');
    const { index, row } = isolatedG();
    const { x, y } = await pointCentre(page, 0, index);
    await page.mouse.move(x, y);
    const label = page.locator('.hoverlayer .hovertext').first();
    await label.waitFor();
    const expected = `${num(row, 'i:magpsf').toFixed(3)} ± ${num(row, 'i:sigmapsf').toFixed(3)} mag`;
    expect(await label.textContent()).toContain(expected);
    expect(errors).toEqual([]);
  });
});

describe('light curve modes', () => {
  /** The valid g alerts, time order (trace 0 of every photometry mode). */
  const validG = (): Row[] =>
    rows.filter((r) => isValid(r) && r['i:fid'] === 1).sort((a, b) => num(a, 'i:jd') - num(b, 'i:jd'));

  it('draws each mode with the values of fink-utils formulas applied to the API rows', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    await chartReady(page, 'Light curve');
    const g = validG();
    const positive = (r: Row): boolean => r['i:isdiffpos'] === 't' || r['i:isdiffpos'] === '1';
    // difference flux (mJy): ±3631e3 · 10^(−0.4 magpsf)
    await page.getByLabel('Difference flux', { exact: true }).check();
    await expect.poll(() => page.url()).toContain('lc=diffflux');
    await chartReady(page, 'Light curve');
    const diffFlux = (await plotted(page, 'Light curve', 0)) as number[];
    expect(diffFlux).toHaveLength(g.length);
    g.forEach((r, i) => {
      const expected = (positive(r) ? 1 : -1) * 3631e3 * 10 ** (-0.4 * num(r, 'i:magpsf'));
      expect(Math.abs(diffFlux[i] / expected - 1)).toBeLessThan(1e-9);
    });
    // DC magnitude: −2.5 log10(10^(−0.4 magnr) ± 10^(−0.4 magpsf)) (fink-utils dc_mag), errors ≤ 1 mag kept
    await page.getByLabel('DC magnitude', { exact: true }).check();
    await chartReady(page, 'Light curve');
    const dcMag = (await plotted(page, 'Light curve', 0)) as number[];
    const dcExpected = g
      .filter((r) => r['i:magnr'] !== null)
      .map((r) => {
        const ref = 10 ** (-0.4 * num(r, 'i:magnr'));
        const diff = 10 ** (-0.4 * num(r, 'i:magpsf'));
        const total = ref + (positive(r) ? diff : -diff);
        const sigma = Math.hypot(ref * num(r, 'i:sigmagnr'), diff * num(r, 'i:sigmapsf')) / total;
        return { mag: -2.5 * Math.log10(total), sigma };
      })
      .filter((p) => p.sigma <= 1);
    expect(dcMag.length).toBe(dcExpected.length);
    dcMag.forEach((m, i) => {
      expect(m).toBeCloseTo(dcExpected[i].mag, 9);
    });
    // DC flux: 3631 Jy · 10^(−0.4 m_DC) in mJy
    await page.getByLabel('DC flux', { exact: true }).check();
    await chartReady(page, 'Light curve');
    const dcFlux = (await plotted(page, 'Light curve', 0)) as number[];
    dcFlux.forEach((f, i) => {
      expect(f / (3631e3 * 10 ** (-0.4 * dcExpected[i].mag))).toBeCloseTo(1, 9);
    });
    // g − r: each valid g alert with the nearest valid r alert within 0.3 day
    await page.getByLabel('g − r colour', { exact: true }).check();
    await chartReady(page, 'Light curve');
    const colour = (await plotted(page, 'Light curve', 0)) as number[];
    const r = rows.filter((x) => isValid(x) && x['i:fid'] === 2);
    const expectedColour = g.flatMap((a) => {
      const near = r
        .map((b) => ({ b, d: Math.abs(num(a, 'i:jd') - num(b, 'i:jd')) }))
        .filter((x) => x.d <= 0.3)
        .sort((p, q) => p.d - q.d)[0];
      return near ? [num(a, 'i:magpsf') - num(near.b, 'i:magpsf')] : [];
    });
    expect(colour.length).toBe(expectedColour.length);
    expect(colour.length).toBeGreaterThan(0);
    colour.forEach((c, i) => {
      expect(c).toBeCloseTo(expectedColour[i], 9);
    });
    await screenshot(page, 'object-colour-mode');
    // the difference magnitude mode again (the default): the g values are magpsf
    await page.getByLabel('Difference magnitude', { exact: true }).check();
    await chartReady(page, 'Light curve');
    expect(await plotted(page, 'Light curve', 0)).toEqual(g.map((x) => num(x, 'i:magpsf')));
    expect(errors).toEqual([]);
  });
});

describe('classification history', () => {
  it('lists the runs of each alert class in time order, with counts from the API', async () => {
    // an object of a class the classifier gives (the first RR Lyrae of the latest alerts)
    const [rr] = await api('latests', { class: 'RRLyr', n: 1, columns: 'i:objectId' });
    const id = String(rr['i:objectId']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${id}?tab=classification`);
    await chartReady(page, 'Classification history');
    // a detection without a class reads "Unknown", as Fink writes it
    const classes = (await api('objects', { objectId: id, withupperlim: true }))
      .filter((x) => x['d:tag'] !== 'upperlim')
      .sort((a, b) => num(a, 'i:jd') - num(b, 'i:jd'))
      .map((x) => (typeof x['v:classification'] === 'string' ? x['v:classification'] : 'Unknown'));
    expect(classes).toContain('RRLyr');
    const runs: [string, number][] = [];
    for (const c of classes) {
      const last = runs[runs.length - 1];
      if (last && last[0] === c) last[1] += 1;
      else runs.push([c, 1]);
    }
    const table = page.getByRole('table', { name: 'Classification runs' });
    const cells = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.children[0].textContent ?? '', Number(tr.children[3].textContent)]),
      );
    expect(cells).toEqual(runs);
    expect(errors).toEqual([]);
  });
});

describe('variable star', () => {
  it("finds the simulator's period of the demo's best-observed RR Lyrae within 1 %", async () => {
    // replay the demo's simulation plan (same seed): the RR Lyrae with the most detections and its true period
    const sim = new AlertSimulation({
      seed: DEMO.seed,
      startNight: parseStartNight(DEMO.startNight),
      nights: DEMO.nights,
      alertsPerNight: DEMO.alertsPerNight,
    });
    const counts = new Map<string, { detections: number; periodDays: number }>();
    for (let night = 0; night < DEMO.nights; night++) {
      for (const d of sim.planNight(night).detections) {
        const model = d.source.model;
        if (model?.kind !== 'rrlyrae') continue;
        const entry = counts.get(d.source.objectId) ?? { detections: 0, periodDays: model.periodDays };
        entry.detections += 1;
        counts.set(d.source.objectId, entry);
      }
    }
    const [rrLyrae, truth] = [...counts].sort((a, b) => b[1].detections - a[1].detections)[0];
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${rrLyrae}?tab=varstar`);
    const result = page.locator('.varstar-result');
    await result.waitFor();
    const periodDays = Number(await result.getAttribute('data-period-days'));
    expect(Math.abs(periodDays / truth.periodDays - 1)).toBeLessThan(0.01);
    await chartReady(page, 'Periodogram');
    await chartReady(page, 'Folded light curve');
    // the folded points lie in [0, 1) and the false-alarm probability is a probability
    const phases = (await plotted(page, 'Folded light curve', 0, 'x')) as number[];
    expect(phases.every((p) => p >= 0 && p < 1)).toBe(true);
    const fap = Number(await result.locator('dd.fap').textContent());
    expect(fap).toBeGreaterThanOrEqual(0);
    expect(fap).toBeLessThan(0.05);
    // a period to fold at: the simulator's own, beside the best one
    await page.getByLabel('Fold at period').fill(String(truth.periodDays));
    await page.getByLabel('Fold at period').press('Tab');
    await expect.poll(() => page.url()).toContain('pfold=');
    await result.getByText('Folded at').waitFor();
    // settings are in the URL: a longest period of 0.3 d cannot give the true period any more
    await page.getByLabel('Longest period (days)').fill('0.3');
    await page.getByLabel('Longest period (days)').press('Tab');
    await expect.poll(() => page.url()).toContain('pmax=0.3');
    await expect
      .poll(async () => Number(await result.getAttribute('data-period-days')))
      .toBeLessThanOrEqual(0.3);
    await screenshot(page, 'object-variable-star');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('observability and coordinates', () => {
  it('draws altitude and Moon distance for the chosen observatory, the site in the URL', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}?tab=observability&date=2024-03-15`);
    await chartReady(page, 'Observability');
    const altitudes = (await plotted(page, 'Observability', 0)) as number[];
    expect(altitudes.length).toBe(145);
    await page.getByLabel('Observatory').selectOption({ label: 'Paranal' });
    await expect.poll(() => page.url()).toContain('site=3');
    await chartReady(page, 'Observability');
    await expect
      .poll(async () => (await plotted(page, 'Observability', 0)) as number[])
      .not.toEqual(altitudes);
    expect(errors).toEqual([]);
  });

  it('shows galactic coordinates beside the equatorial ones, and the links to catalogues and brokers', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}`);
    const text = (await page.locator('dd.galactic').textContent()) ?? '';
    const [l, b] = text.split(',').map(Number);
    expect(l).toBeGreaterThanOrEqual(0);
    expect(l).toBeLessThan(360);
    expect(Math.abs(b)).toBeLessThanOrEqual(90);
    expect(await page.getByRole('link', { name: 'Aladin' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Fink' }).getAttribute('href')).toBe(
      `https://fink-portal.org/${objectId}`,
    );
    // the catalogues Fink's object page links by position, at the object's mean position (valid alerts, API rows)
    const valid = rows.filter(isValid);
    const ra = valid.reduce((sum, r) => sum + num(r, 'i:ra'), 0) / valid.length;
    const dec = valid.reduce((sum, r) => sum + num(r, 'i:dec'), 0) / valid.length;
    for (const name of [
      'SIMBAD',
      'TNS',
      'NED',
      'VSX',
      'ASAS-SN',
      'SNAD',
      'DataCentral',
      'SDSS',
      'CASDA',
      'Aladin',
    ]) {
      const href = decodeURIComponent(
        (await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '',
      );
      const numbers = (href.match(/[-+]?\d+\.\d+/g) ?? []).map(Number);
      expect(
        numbers.some((n) => Math.abs(n - ra) < 1e-4),
        `${name} RA in ${href}`,
      ).toBe(true);
      expect(
        numbers.some((n) => Math.abs(n - dec) < 1e-4),
        `${name} Dec in ${href}`,
      ).toBe(true);
    }
    // and the other brokers by object id
    for (const name of ['ALeRCE', 'Lasair', 'ANTARES'])
      expect(
        decodeURIComponent((await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? ''),
        name,
      ).toContain(objectId);
    expect(errors).toEqual([]);
  });
});

describe('neighbourhood', () => {
  it('shows 64-bit Pan-STARRS ids exactly and never a raw nan', async () => {
    const latest = await api('latests', { class: 'allclasses', n: 200, columns: 'i:objectId,i:objectidps1' });
    const withPs1 = latest.find(
      (r) => typeof r['i:objectidps1'] === 'string' && String(r['i:objectidps1']).length >= 17,
    );
    if (!withPs1) throw new Error('no demo alert with a 17-digit Pan-STARRS id');
    const id = String(withPs1['i:objectId']);
    const own = await api('objects', { objectId: id, columns: 'i:jd,i:objectidps1' });
    const ps1 = String(own.sort((a, b) => num(b, 'i:jd') - num(a, 'i:jd'))[0]['i:objectidps1']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${id}?tab=neighbourhood`);
    await page.getByText('Nearest Pan-STARRS1 source').waitFor();
    const text = await page.locator('.neighbourhood').textContent();
    expect(text).toContain(ps1);
    expect(text).not.toMatch(/e\+1\d/);
    expect(text).not.toMatch(/\bnan\b/i);
    expect(errors).toEqual([]);
  });
});

describe('tracklet', () => {
  it('lists the members of a tracklet alert, as /api/v1/tracklet answers', async () => {
    const latest = await api('latests', { class: 'allclasses', n: 2000, columns: 'i:objectId,d:tracklet' });
    const alert = latest.find((r) => typeof r['d:tracklet'] === 'string' && r['d:tracklet'] !== '');
    if (!alert) throw new Error('no tracklet alert in the demo store');
    const tracklet = String(alert['d:tracklet']);
    const members = await api('tracklet', { id: tracklet, columns: 'i:objectId' });
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${String(alert['i:objectId'])}`);
    const list = page.locator('ul.tracklet-members li');
    await list.first().waitFor();
    const shown = await list.evaluateAll((items) => items.map((li) => li.textContent?.split(' — ')[0] ?? ''));
    expect(shown).toEqual(members.map((m) => String(m['i:objectId'])));
    expect(await page.getByRole('link', { name: tracklet }).getAttribute('href')).toBe(
      `/?action=tracklet&id=${encodeURIComponent(tracklet)}`,
    );
    expect(errors).toEqual([]);
  });
});
