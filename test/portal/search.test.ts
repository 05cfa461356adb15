/**
 * The search bar in Chromium on the demo store, in Fink's syntax: each form of search opens the right page
 * (ids in any case, positions with r=, class names alone or with class=, last=, trend=, after=/before=, a date
 * alone for its whole night, Solar System names through the resolver); wrong input gets a message beside the field
 * and sends nothing; results are paged with their true total; the column chooser limits the columns transferred;
 * the neighbourhood tab shows 64-bit ids exactly and no raw `nan`. Expected objects come from other endpoints of the
 * API (latests with its own class and time indexes, resolver, objects), never from the page's own call.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecDms, formatRaHms } from '../../compute/sky/sexagesimal.js';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';

type Row = Record<string, unknown>;

let server: RunningServer;
let browser: Browser;

async function api(endpoint: string, args: Record<string, string | number | boolean>): Promise<Row[]> {
  const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${server.url}/api/v1/${endpoint}?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Row[];
}

function idsOf(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((r) => String(r['i:objectId'])))].sort();
}

/** Types the text in the search bar (Fink's syntax) and submits it. */
async function search(page: Page, text: string): Promise<void> {
  await page.locator('input[name="q"]').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Every object id of the results, across all pages. */
async function resultIds(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Results' });
  await table.waitFor();
  const ids: string[] = [];
  for (;;) {
    ids.push(...(await table.locator('tbody tr td:first-child a').allTextContents()));
    const next = page.getByRole('button', { name: 'Next →' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const first = await table.locator('tbody tr td:first-child a').first().textContent();
    await next.click();
    await page.waitForFunction(
      (was) => document.querySelector('table[aria-label="Results"] tbody tr td a')?.textContent !== was,
      first,
    );
  }
  return ids.sort();
}

/** Waits for the results heading of a search (the table below it then holds that search's rows). */
async function heading(page: Page, start: string): Promise<void> {
  await page.getByRole('heading', { level: 2 }).filter({ hasText: start }).waitFor();
}

/** The API requests of the page whose path is /api/v1/<endpoint>. */
function requestsTo(page: Page, endpoint: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/v1/${endpoint}`) seen.push(url);
  });
  return seen;
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("search bar: Fink's syntax", () => {
  it('opens an object typed in lower case on its page', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1, columns: 'i:objectId' });
    const objectId = String(row['i:objectId']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, objectId.toLowerCase());
    await page.getByRole('heading', { level: 1, name: objectId }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${objectId}`);
    expect(errors).toEqual([]);
  });

  it('finds the objects of a sexagesimal position with r= in arcmin, keeping the text as typed', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1, columns: 'i:objectId,i:ra,i:dec' });
    const [ra, dec] = [Number(row['i:ra']), Number(row['i:dec'])];
    const text = `${formatRaHms(ra, 3)} ${formatDecDms(dec, 2)} r=2m`;
    const expected = idsOf(
      await api('conesearch', { ra, dec, radius: 120, n: 10_000, columns: 'i:objectId' }),
    );
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, text);
    expect(await resultIds(page)).toEqual(expected);
    expect(expected).toContain(String(row['i:objectId']));
    expect(new URL(page.url()).searchParams.get('query')).toBe(text);
    expect(await page.locator('input[name="q"]').inputValue()).toBe(text);
    await page.locator('.sky-viewer').waitFor(); // the cone in the sky viewer, besides the sky plot
    await page.getByRole('figure', { name: 'Sky plot of the results' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Results' }).waitFor();
    expect(await page.locator('input[name="q"]').inputValue()).toBe(text);
    expect(errors).toEqual([]);
  });

  it('keeps the objects of a cone first detected in after= + window=', async () => {
    const [row] = await api('latests', {
      class: 'allclasses',
      n: 1,
      columns: 'i:objectId,i:ra,i:dec,i:jdstarthist',
    });
    const [ra, dec] = [Number(row['i:ra']), Number(row['i:dec'])];
    // a 2-day window around the object's first detection (ISO date of jdstarthist − 1 day)
    const first = new Date((Number(row['i:jdstarthist']) - 2440587.5) * 86_400_000);
    const after = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
    const expected = idsOf(
      await api('conesearch', {
        ra,
        dec,
        radius: 600,
        startdate: after,
        window: 2,
        n: 10_000,
        columns: 'i:objectId',
      }),
    );
    expect(expected).toContain(String(row['i:objectId']));
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, `${ra} ${dec} r=10m after=${after} window=2`);
    expect(await resultIds(page)).toEqual(expected);
    expect(errors).toEqual([]);
  });

  it('searches around an object id given with r=', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1, columns: 'i:objectId,i:ra,i:dec' });
    const objectId = String(row['i:objectId']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, `${objectId} r=30`);
    const ids = await resultIds(page);
    expect(ids).toContain(objectId);
    expect(errors).toEqual([]);
  });

  it('searches a class name typed alone, and class= with last=, after=, before= and trend=', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    // the class names the issue lists, typed alone: a Fink label, a longer one, a SIMBAD type
    for (const name of ['SN candidate', 'Early SN Ia candidate', 'RRLyr']) {
      const members = idsOf(await api('latests', { class: name, n: 100, columns: 'i:objectId' }));
      expect(members.length, name).toBeGreaterThan(1);
      await search(page, name);
      await page.waitForURL((u) => u.searchParams.get('query') === name);
      // a SIMBAD type is searched as the class the API lists it as, `(SIMBAD) RRLyr`
      await page
        .getByRole('heading', { level: 2 })
        .filter({ hasText: new RegExp(`Last 100 alerts of (\\(SIMBAD\\) )?${name} —`) })
        .waitFor();
      expect(await resultIds(page), name).toEqual(members);
    }

    const recent = await api('latests', { class: 'SN candidate', n: 5, columns: 'i:objectId,i:jd' });
    await search(page, 'class="SN candidate" last=5');
    await page.waitForURL((u) => u.searchParams.get('query') === 'class="SN candidate" last=5');
    await heading(page, 'Last 5 alerts of SN candidate —');
    expect(await resultIds(page)).toEqual(idsOf(recent));

    const window = { startdate: '2024-03-10', stopdate: '2024-03-20' };
    const windowed = idsOf(
      await api('latests', { class: 'SN candidate', n: 20, ...window, columns: 'i:objectId' }),
    );
    await search(page, `class=SN candidate last=20 after=${window.startdate} before=${window.stopdate}`);
    await page.waitForURL((u) => u.searchParams.get('query')?.includes('after=') === true);
    await heading(page, `Last 20 alerts of SN candidate after ${window.startdate} before ${window.stopdate}`);
    expect(await resultIds(page)).toEqual(windowed);

    const rising = idsOf(
      await api('latests', { class: 'SN candidate', n: 50, trend: 'rising', columns: 'i:objectId' }),
    );
    await search(page, 'class="SN candidate" last=50 trend=rising');
    await page.waitForURL((u) => u.searchParams.get('query')?.includes('trend=') === true);
    await heading(page, 'Last 50 alerts of SN candidate, rising');
    if (rising.length === 0) await page.getByText('No object matches this search').waitFor();
    else expect(await resultIds(page)).toEqual(rising);
    expect(errors).toEqual([]);
  }, 240_000);

  it('lists the latest alerts of every class with last= alone', async () => {
    const latest = idsOf(await api('latests', { class: 'allclasses', n: 10, columns: 'i:objectId' }));
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'last=10');
    expect(await resultIds(page)).toEqual(latest);
    expect(errors).toEqual([]);
  });

  it('searches a date typed alone as that whole night', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1, columns: 'v:lastdate' });
    const night = String(row['v:lastdate']).slice(0, 10);
    const next = new Date(Date.parse(`${night}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // the night's objects, from the class index (latests), not from the explorer the page calls
    const expected = idsOf(
      await api('latests', {
        class: 'allclasses',
        startdate: night,
        stopdate: next,
        n: 10_000,
        distinct: true,
        columns: 'i:objectId',
      }),
    );
    expect(expected.length).toBeGreaterThan(100);
    const { page, errors } = await watchedPage(browser);
    const explorer = requestsTo(page, 'explorer');
    await page.goto(`${server.url}/`);
    await search(page, night);
    expect(await resultIds(page)).toEqual(expected);
    expect(explorer.at(-1)?.searchParams.get('window')).toBe('1');
    await page.getByRole('heading', { level: 2, name: new RegExp(`^The night of ${night}`) }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain(
      `${expected.length} objects found`,
    );
    expect(errors).toEqual([]);
  }, 240_000);

  it('resolves a Solar System name through /api/v1/resolver', async () => {
    const [alert] = await api('latests', { class: 'Solar System MPC', n: 1, columns: 'i:ssnamenr' });
    const number = String(alert['i:ssnamenr']);
    const [known] = await api('resolver', { resolver: 'ssodnet', name: number, nmax: 1 });
    const name = String(known['i:name']);
    const expected = idsOf(await api('sso', { n_or_d: number, columns: 'i:objectId' }));
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, name);
    expect(await resultIds(page)).toEqual(expected);
    await page.locator('.results .resolved').getByText(`Solar System object ${number}`).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('search bar: names', () => {
  it('resolves a SIMBAD name the alerts carry (a Gaia DR3 name) into a cone around it', async () => {
    const rows = await api('latests', { class: 'allclasses', n: 50, columns: 'i:objectId,d:DR3Name' });
    const row = rows.find((r) => /^Gaia DR3 \d+$/.test(String(r['d:DR3Name'])));
    expect(row).toBeDefined();
    const name = String(row?.['d:DR3Name']);
    const [sesame] = await api('resolver', { resolver: 'simbad', name });
    const expected = idsOf(
      await api('conesearch', {
        ra: Number(sesame.jradeg),
        dec: Number(sesame.jdedeg),
        radius: 10,
        n: 10_000,
        columns: 'i:objectId',
      }),
    );
    expect(expected).toContain(String(row?.['i:objectId']));
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, name);
    expect(await resultIds(page)).toEqual(expected);
    await page
      .locator('.results .resolved')
      .getByText(/SIMBAD/)
      .waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('search bar: input checked before it is sent', () => {
  it('says what is wrong beside the field, and sends nothing', async () => {
    const { page, errors } = await watchedPage(browser);
    const cones = requestsTo(page, 'conesearch');
    const dates = requestsTo(page, 'explorer');
    await page.goto(`${server.url}/`);
    for (const [text, message] of [
      ['193.822 95', /Dec 95 must lie between -90 and \+90/],
      ['193.822 2.897 r=6d', /over the limit of 5°/],
      ['2023-02-30', /not a valid calendar date/],
      ['trend=rising', /class search/],
    ] as const) {
      await search(page, text);
      const beside = page.locator('#search-error');
      await beside.waitFor();
      expect(await beside.textContent(), text).toMatch(message);
      expect(await page.locator('input[name="q"]').getAttribute('aria-describedby')).toBe('search-error');
      expect(new URL(page.url()).search, text).toBe('');
    }
    expect([...cones, ...dates]).toEqual([]);
    // a correct text says, while typed, what it will search
    await page.locator('input[name="q"]').fill('2024-03-15');
    await page.locator('.search-preview').getByText('The night of 2024-03-15 (UTC date)').waitFor();
    expect(await page.locator('#search-error').count()).toBe(0);
    await screenshot(page, 'search-invalid');
    expect(errors).toEqual([]);
  });
});

describe('search results: total, pages, columns', () => {
  it('shows the true total with pages, not a cut at 1,000', async () => {
    const all = idsOf(await api('explorer', { objectId: 'ZTF', n: 10_000, columns: 'i:objectId' }));
    expect(all.length).toBeGreaterThan(1000);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/?query=ZTF`);
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain(
      `${all.length.toLocaleString('en-US')} objects found`,
    );
    expect(await table.locator('tbody tr').count()).toBe(100);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(await pager.textContent()).toContain(`Rows 1–100 of ${all.length.toLocaleString('en-US')}`);
    const firstPage = await table.locator('tbody tr td:first-child a').allTextContents();
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await pager.getByText('Rows 101–200').waitFor();
    const secondPage = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(secondPage).toHaveLength(100);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await page.goBack();
    await pager.getByText('Rows 1–100').waitFor();
    // the last page holds the rest: every object of the answer is reachable
    const pages = Math.ceil(all.length / 100);
    await page.goto(`${server.url}/?query=ZTF&page=${pages}`);
    await pager.getByText(`Rows ${((pages - 1) * 100 + 1).toLocaleString('en-US')}–`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(all.length - (pages - 1) * 100);
    await screenshot(page, 'search-pages');
    expect(errors).toEqual([]);
  }, 240_000);

  it('transfers only the columns shown, and keeps the choice in the URL', async () => {
    const { page, errors } = await watchedPage(browser);
    const explorer = requestsTo(page, 'explorer');
    await page.goto(`${server.url}/?query=ZTF24`);
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    const columnsOf = (url: URL | undefined) => (url?.searchParams.get('columns') ?? '').split(',').sort();
    const base = ['i:objectId', 'i:ra', 'i:dec', 'i:jd'];
    expect(columnsOf(explorer.at(-1))).toEqual(
      [...base, 'v:classification', 'i:magpsf', 'v:lastdate', 'i:ndethist'].sort(),
    );
    await page.getByText(/^Columns \(/).click();
    await page.getByRole('checkbox', { name: 'Last mag' }).uncheck();
    await table.getByRole('columnheader', { name: /Last mag/ }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Detections' }).uncheck();
    await table.getByRole('columnheader', { name: /Detections/ }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Constellation' }).check();
    await table.getByRole('columnheader', { name: 'Constellation' }).waitFor();
    expect(columnsOf(explorer.at(-1))).toEqual(
      [...base, 'v:classification', 'v:lastdate', 'v:constellation'].sort(),
    );
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/ [▲▼]$/, ''))).toEqual([
      'objectId',
      'Class',
      'Last alert (UTC)',
      'RA (deg)',
      'Dec (deg)',
      'Constellation',
    ]);
    const constellations = await table.locator('tbody tr td:last-child').allTextContents();
    expect(constellations.every((c) => /^[A-Z][a-z]/.test(c))).toBe(true);
    const shared = page.url();
    expect(new URL(shared).searchParams.get('columns')?.split(',')).toContain('v:constellation');
    const again = await watchedPage(browser);
    await again.page.goto(shared);
    await again.page
      .getByRole('table', { name: 'Results' })
      .getByRole('columnheader', { name: 'Constellation' })
      .waitFor();
    expect([...errors, ...again.errors]).toEqual([]);
  }, 240_000);
});

describe('object page: neighbourhood', () => {
  it('shows 64-bit Pan-STARRS ids exactly and no raw nan', async () => {
    const response = await fetch(
      `${server.url}/api/v1/latests?class=allclasses&n=200&columns=i:objectId,i:objectidps1,d:vsx`,
    );
    const text = await response.text();
    // the exact digits, read from the JSON text (a JavaScript number would round them), of an object whose
    // latest alert also has the text "nan" in d:vsx
    const found = [...text.matchAll(/\{[^{}]*\}/g)]
      .map(([record]) => ({
        objectId: /"i:objectId":"(ZTF\w+)"/.exec(record)?.[1],
        digits: /"i:objectidps1":(\d{17,})/.exec(record)?.[1],
        vsxNan: record.includes('"d:vsx":"nan"'),
      }))
      // an object's first record is its latest alert, the one the neighbourhood tab shows
      .filter((r, i, all) => all.findIndex((o) => o.objectId === r.objectId) === i)
      .find((r) => r.digits !== undefined && BigInt(r.digits) > BigInt(Number.MAX_SAFE_INTEGER) && r.vsxNan);
    expect(found).toBeDefined();
    const { objectId, digits = '' } = found ?? {};
    expect(Number(digits).toString()).not.toBe(digits);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/${objectId}?tab=neighbourhood`);
    const props = page.locator('.neighbourhood dl.props');
    await props.waitFor();
    await props.getByText(digits, { exact: true }).waitFor();
    expect(await props.textContent()).not.toMatch(/\bnan\b|e\+17/i);
    expect(errors).toEqual([]);
  });
});
