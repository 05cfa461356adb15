/**
 * The service pages' details in Chromium on the demo store (issue 25 §4): statistics (a colour per class, a day
 * axis for one night, a message for an invalid date), cross-match (separation in arcsec, unmatched rows counted,
 * column pickers), GW (event name without GraceDB, t0 and the searched window), the home page's last night, the
 * table under each chart, and the phone layout (titles and legends inside the screen, the sky viewer collapsed
 * when the survey images cannot be reached).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { testDataPath } from '../support/test-data.js';

let server: RunningServer;
let browser: Browser;

type Row = Record<string, unknown>;

async function api(pathAndQuery: string): Promise<Row[]> {
  const response = await fetch(`${server.url}/api/v1/${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as Row[];
}

interface DrawnTrace {
  readonly name: string;
  readonly type: string;
  readonly colour: unknown;
  readonly x: unknown[];
}

async function drawn(page: Page, label: string): Promise<DrawnTrace[]> {
  const figure = page.locator(`figure[aria-label="${label}"][data-state="ready"]`);
  await figure.waitFor({ timeout: 60_000 });
  return figure.locator('.js-plotly-plot').evaluate((el) =>
    (
      el as unknown as {
        data: { name: string; type: string; marker?: { color?: unknown }; x: unknown[] }[];
      }
    ).data.map((t) => ({ name: t.name, type: t.type, colour: t.marker?.color, x: t.x })),
  );
}

/** Boxes of the charts' titles and legends that stick out of the viewport (left, right). */
async function overflowingChartText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('.js-plotly-plot .gtitle, .js-plotly-plot .legend')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        out.push(
          `${el.getAttribute('class')} "${el.textContent?.slice(0, 40)}" ${box.left}..${box.right} > ${width}`,
        );
    }
    return out;
  });
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
  it('draws every class in its own colour, with its data in a table', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/stats`);
    const classes = await drawn(page, 'Alerts per class and night');
    const colours = classes.map((t) => String(t.colour).toLowerCase());
    expect(classes.length).toBeGreaterThan(1);
    expect(new Set(colours).size).toBe(classes.length);
    // the Table toggle lists the chart's points: one row per night and trace
    const figure = page.locator('figure[aria-label="Alerts per night"]');
    await figure.getByText('Table', { exact: true }).click();
    const rows = figure.getByRole('table', { name: 'Alerts per night (data)' }).locator('tbody tr');
    const nightly = await drawn(page, 'Alerts per night');
    const points = nightly.reduce((n, t) => n + t.x.filter((x) => x !== null).length, 0);
    await expect.poll(() => rows.count()).toBe(points);
    expect(errors).toEqual([]);
  });

  it('breaks the nightly line across a gap of years', async () => {
    // the API's answer with its later nights moved two years on (the demo's nights are consecutive)
    const rows = await api('statistics?date=&output-format=json');
    const nights = rows.map((r) => String(r['key:key'])).sort();
    const cut = nights[Math.floor(nights.length / 2)];
    const moved = rows.map((r) => {
      const key = String(r['key:key']);
      const [, prefix, year, rest] = /^([a-z]+_)(\d{4})(\d{4})$/.exec(key) ?? [];
      return key >= cut && year ? { ...r, 'key:key': `${prefix}${Number(year) + 2}${rest}` } : r;
    });
    const { page, errors } = await watchedPage(browser);
    await page.route('**/api/v1/statistics?**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(moved) }),
    );
    await page.goto(`${server.url}/stats`);
    const lines = await drawn(page, 'Alerts per night');
    expect(lines.length).toBeGreaterThan(0);
    for (const trace of lines) {
      // one break, where the two years meet, in every line that has nights on both sides
      const years = new Set(trace.x.filter((x) => x !== null).map((x) => String(x).slice(0, 4)));
      const spansGap = [...years].some((y) => Number(y) + 2 <= Math.max(...[...years].map(Number)));
      expect(trace.x.filter((x) => x === null).length, trace.name).toBe(spansGap ? 1 : 0);
    }
    expect(lines.some((t) => t.x.includes(null))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows one night on a day axis, and says when a date is invalid', async () => {
    const [night] = await api('statistics?date=&output-format=json');
    const day = String(night['key:key']).replace(/^[a-z]+_/, '');
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/stats?date=${day}`);
    await drawn(page, 'Alerts per night');
    const ticks = await page.locator('figure[aria-label="Alerts per night"] .xtick text').allTextContents();
    // whole days, not the hours around midnight of one point
    for (const t of ticks) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ticks).toContain(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`);
    await page.getByLabel(/Nights/).fill('2023-02-30');
    const message = page.locator('#stats-date-problem');
    await message.waitFor();
    expect(await message.textContent()).toContain('has no day 30');
    expect(await page.getByRole('button', { name: 'Show' }).isDisabled()).toBe(true);
    // a wrong date in the address is said, not replaced by every night
    await page.goto(`${server.url}/stats?date=2024-13`);
    expect(await page.getByRole('alert').textContent()).toContain('Month 13 does not exist');
    expect(errors).toEqual([]);
  });
});

describe('cross-match page', () => {
  it('counts the rows without a match, shows separations in arcsec, and offers column pickers', async () => {
    const latest = await api('latests?class=SN%20candidate&n=3&distinct=true');
    // two rows on objects (offset 1″ north), three far from any alert
    const csv = [
      'name,ra_deg,dec_deg',
      ...latest.slice(0, 2).map((r, i) => `on-${i},${r['i:ra']},${Number(r['i:dec']) + 1 / 3600}`),
      'far-1,10.0,-80.0',
      'far-2,200.0,-85.0',
      'far-3,300.0,-88.0',
    ];
    const inputRows = csv.length - 1;
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/xmatch`);
    await page.getByLabel(/Catalogue as CSV text/).fill(`${csv.join('\n')}\n`);
    // the pickers read the names and guess the roles; the header follows them
    expect(await page.getByLabel('RA column').inputValue()).toBe('ra_deg');
    expect(await page.getByLabel('Dec column').inputValue()).toBe('dec_deg');
    expect(await page.getByLabel('ID column').inputValue()).toBe('name');
    expect(await page.getByLabel(/Header/).inputValue()).toBe('ra_deg,dec_deg,name');
    await page.getByLabel(/Radius/).fill('3');
    await page.getByRole('button', { name: 'Cross-match' }).click();
    const counts = page.locator('.xmatch-counts');
    await counts.waitFor({ timeout: 30_000 });
    // the API's own answer without unmatched rows: the matched catalogue rows
    const form = new FormData();
    form.set('catalog', `${csv.join('\n')}\n`);
    form.set('header', 'ra_deg,dec_deg,name');
    form.set('radius', '3');
    form.set('output-format', 'json');
    const response = await fetch(`${server.url}/api/v1/xmatch`, { method: 'POST', body: form });
    const matched = (await response.json()) as Row[];
    const matchedRows = new Set(matched.map((r) => r.name)).size;
    expect(matchedRows).toBe(2);
    expect(Number(await counts.getAttribute('data-unmatched'))).toBe(inputRows - matchedRows);
    expect(await counts.textContent()).toContain(`${inputRows - matchedRows} catalogue rows without a match`);
    // separations in arcsec: 1″ offsets, read from the API's degrees
    const table = page.getByRole('table', { name: 'Cross-match results' });
    const header = await table.locator('thead th').allTextContents();
    const column = header.findIndex((h) => h.startsWith('Separation (″)'));
    expect(column).toBeGreaterThanOrEqual(0);
    const shown = await table.locator(`tbody tr td:nth-child(${column + 1})`).allTextContents();
    for (const [i, text] of shown.entries()) {
      const expected = Number(matched[i]['v:separation_degree']) * 3600;
      expect(Number(text)).toBeCloseTo(expected, 3);
      expect(Number(text)).toBeGreaterThan(0.9);
      expect(Number(text)).toBeLessThan(1.1);
    }
    await screenshot(page, 'xmatch-counts');
    expect(errors).toEqual([]);
  });
});

describe('GW page', () => {
  it('shows t0 and the searched window of an uploaded map', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/gw`);
    await page
      .getByLabel(/Sky map/)
      .setInputFiles(testDataPath('skymaps', 'S200219ac_G364600_bayestar.fits.gz'));
    await page.getByLabel(/Days before/).fill('1');
    await page.getByLabel(/Days after/).fill('6');
    await page.getByRole('button', { name: 'Search' }).click();
    const window = page.locator('.gw-window');
    await window.waitFor({ timeout: 60_000 });
    // the MJD-OBS card of the real map: 58898.40573144879 (2020-02-19T09:44:15.197 UTC)
    const t0 = Number(await window.getAttribute('data-t0-jd'));
    expect(t0).toBeCloseTo(58898.40573144879 + 2400000.5, 6);
    expect(Number(await window.getAttribute('data-start-jd'))).toBeCloseTo(t0 - 1, 9);
    expect(Number(await window.getAttribute('data-stop-jd'))).toBeCloseTo(t0 + 6, 9);
    expect(await window.textContent()).toContain('2020-02-19 09:44:15 UTC');
    expect(errors.filter((e) => !/CDS ID|HiPS location|Failed to fetch/.test(e))).toEqual([]);
  });

  it('answers an event name with what the server can do', async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${server.url}/gw`);
    await page.getByLabel(/GraceDB event name/).fill('S200219ac');
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    // this test server has no SKYALERT_GRACEDB_URL: the page says so, and how to proceed
    expect(await alert.textContent()).toMatch(/configured GraceDB.*upload it instead/s);
  });
});

describe('home page', () => {
  it("shows last night's counts per class and its newest interesting alerts with thumbnails", async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    const panel = page.getByRole('region', { name: 'Last night at a glance' });
    await panel.waitFor({ timeout: 30_000 });
    const night = /Last night: (\d{4}-\d{2}-\d{2})/.exec(
      (await panel.getByRole('heading', { level: 2 }).textContent()) ?? '',
    )?.[1];
    expect(night).toBeDefined();
    // the class counts equal the alerts of that night listed by /latests for the class (another index)
    const row = panel.locator('tr[data-class="Solar System MPC"]');
    const shown = Number(await row.getAttribute('data-count'));
    const nextDay = new Date(Date.parse(`${night}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const listed = await api(
      `latests?class=Solar%20System%20MPC&n=10000&startdate=${night}&stopdate=${nextDay}&columns=i:candid`,
    );
    expect(shown).toBe(listed.length);
    const thumbs = panel.locator('ul.thumbs li');
    expect(await thumbs.count()).toBeGreaterThan(0);
    for (const img of await thumbs.locator('img').all()) {
      await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    for (const text of await thumbs.locator('.thumb-class').allTextContents())
      expect(text).not.toMatch(/^(Unknown|Solar System)/);
    await screenshot(page, 'home-last-night');
    expect(errors).toEqual([]);
  });
});

describe('tables under the charts', () => {
  it('offer the data of every chart of the statistics, object and asteroid pages as a table', async () => {
    const [object] = await api('latests?class=SN%20candidate&n=1&columns=i:objectId');
    const [asteroid] = await api('ssoft?flavor=SHG1G2&output-format=json');
    const objectId = String(object['i:objectId']);
    const number = Number(asteroid.sso_number);
    const { page, errors } = await watchedPage(browser);
    let charts = 0;
    for (const url of [
      '/stats',
      `/${objectId}`,
      `/${objectId}?tab=classification`,
      `/${objectId}?tab=varstar`,
      `/${objectId}?tab=observability`,
      `/sso/${number}`,
      `/sso/${number}?ssoview=astrometry`,
      `/sso/${number}?ssoview=phase`,
    ]) {
      await page.goto(`${server.url}${url}`);
      await page.locator('figure.plot[data-state="ready"]').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      // every Plotly chart of the page sits in a figure with its Table toggle
      const plots = await page.locator('.js-plotly-plot').count();
      const figures = page.locator('figure.plot');
      expect(await figures.count(), url).toBe(plots);
      for (const figure of await figures.all()) {
        const label = await figure.getAttribute('aria-label');
        await figure.locator('details.plot-table-toggle > summary').click();
        const rows = figure.getByRole('table', { name: `${label} (data)` }).locator('tbody tr');
        await expect.poll(() => rows.count(), { message: `${url} ${label}` }).toBeGreaterThan(0);
        charts += 1;
      }
    }
    expect(charts).toBeGreaterThanOrEqual(10);
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('phone (390 px)', () => {
  it('keeps chart titles and legends inside the screen', async () => {
    const [pick] = await api('ssoft?flavor=SHG1G2&output-format=json');
    const [object] = await api('latests?class=SN%20candidate&n=1&columns=i:objectId');
    const objectId = String(object['i:objectId']);
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    for (const url of [
      '/stats',
      `/sso/${Number(pick.sso_number)}?ssoview=phase`,
      `/${objectId}`,
      `/${objectId}?tab=classification`,
      `/${objectId}?tab=varstar`,
      `/${objectId}?tab=observability`,
    ]) {
      await page.goto(`${server.url}${url}`);
      await page.locator('figure.plot[data-state="ready"]').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500);
      expect(await overflowingChartText(page), url).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'phone-phase-curve');
    expect(errors).toEqual([]);
  });

  it('shows the light curve of an object page above its identity card', async () => {
    // the latest object, stamps or not: an alert stored without stamps asks nothing the API would refuse
    const [row] = await api('latests?class=allclasses&n=1&columns=i:objectId');
    const objectId = String(row['i:objectId']);
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/${objectId}`);
    const curve = page.locator('figure[aria-label="Light curve"]');
    await curve.waitFor({ timeout: 60_000 });
    const curveBox = await curve.boundingBox();
    const cardBox = await page.locator('section.summary-card').boundingBox();
    expect(curveBox).not.toBeNull();
    expect(cardBox).not.toBeNull();
    expect(curveBox?.y).toBeLessThan(cardBox?.y ?? 0);
    // the top of the curve is within the first screen
    expect(curveBox?.y).toBeLessThan(844);
    expect(errors).toEqual([]);
  });

  it('collapses the sky viewer to a line when the survey images cannot be reached', async () => {
    const [row] = await api('latests?class=allclasses&n=1&columns=i:objectId');
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/${String(row['i:objectId'])}?tab=alert`);
    const offline = page.locator('.sky-viewer-offline');
    await offline.waitFor({ timeout: 30_000 });
    expect(await offline.textContent()).toContain('cannot be reached');
    const box = await offline.boundingBox();
    expect(box?.height).toBeLessThan(200);
    expect(errors).toEqual([]);
  });
});
