/**
 * The home search in Chromium on the demo store: searches by id, by cone (sexagesimal), by class and by Solar
 * System number reach the right objects; the search is in the URL; results download as the API gives them.
 * Objects are picked from the store through the API (no hard-coded ids).
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecDms, formatRaHms } from '../../compute/sky/sexagesimal.js';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { objectIdsOf } from './answer-ids.js';

type Row = Record<string, unknown>;

let server: RunningServer;
let browser: Browser;

async function api(endpoint: string, args: Record<string, string | number | boolean>): Promise<Row[]> {
  const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${server.url}/api/v1/${endpoint}?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Row[];
}

async function search(page: Page, type: string, text: string): Promise<void> {
  await page.getByLabel('Query type').selectOption(type);
  await page.locator('input[name="q"]').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('home search', () => {
  it('finds an object by id and opens its page', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1 });
    const objectId = String(row['i:objectId']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'objectid', objectId);
    await page.getByRole('heading', { level: 1, name: objectId }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${objectId}`);
    expect(await page.title()).toBe(`${objectId} : Sky-alert`);
    expect(errors).toEqual([]);
  });

  it('finds an object by a sexagesimal cone and puts the search in the URL', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1 });
    const objectId = String(row['i:objectId']);
    const text = `${formatRaHms(Number(row['i:ra']), 3)} ${formatDecDms(Number(row['i:dec']), 2)} 5`;
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'conesearch', text);
    const link = page.getByRole('table', { name: 'Results' }).getByRole('link', { name: objectId });
    await link.waitFor();
    // the URL keeps the text as typed (never rewritten into decimals), and the field shows it still
    const url = new URL(page.url());
    expect(url.searchParams.get('query')).toBe(text);
    expect(url.searchParams.get('type')).toBe('conesearch');
    expect(await page.locator('input[name="q"]').inputValue()).toBe(text);
    await page
      .getByRole('figure', { name: 'Sky plot of the results' })
      .and(page.locator('[data-state="ready"]'))
      .waitFor();
    await screenshot(page, 'home-cone');
    await link.click();
    await page.getByRole('heading', { level: 1, name: objectId }).waitFor();
    expect(errors).toEqual([]);
  });

  it('finds the latest objects of a class; the shared URL replays the search', async () => {
    const rows = await api('latests', {
      class: 'allclasses',
      n: 200,
      columns: 'i:objectId,v:classification',
    });
    const classified = rows.find((r) => r['v:classification'] !== 'Unknown') ?? rows[0];
    const className = String(classified['v:classification']);
    const members = await api('latests', { class: className, n: 100, columns: 'i:objectId' });
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'class', className);
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    const ids = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(new Set(ids)).toEqual(new Set(members.map((r) => String(r['i:objectId']))));
    const shared = page.url();
    const again = await watchedPage(browser);
    await again.page.goto(shared);
    await again.page.getByRole('table', { name: 'Results' }).waitFor();
    expect(await again.page.getByRole('table', { name: 'Results' }).locator('tbody tr').count()).toBe(
      ids.length,
    );
    await table.locator('tbody tr td:first-child a').first().click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'ZTF' }).waitFor();
    await page.locator('.summary-card .badge').first().waitFor();
    expect(await page.locator('.summary-card .badge').first().textContent()).toBe(className);
    expect([...errors, ...again.errors]).toEqual([]);
  });

  it('searches a Solar System number as a prefix, and exactly with sso=', async () => {
    const rows = await api('latests', {
      class: 'Solar System MPC',
      distinct: true,
      n: 10_000,
      columns: 'i:ssnamenr',
    });
    const numbers = [...new Set(rows.map((r) => String(r['i:ssnamenr'])).filter((s) => /^\d{4,}$/.test(s)))];
    const number = numbers[0];
    const prefix = number.slice(0, -1);
    const expected = numbers.filter((n) => n.startsWith(prefix)).sort();
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'auto', prefix);
    await page.locator('.sso-matches').waitFor();
    const offered = await page.locator('.sso-matches a').allTextContents();
    expect([...offered].sort()).toEqual(expected);
    expect(new URL(page.url()).searchParams.get('query')).toBe(prefix);
    await search(page, 'auto', `sso=${number}`);
    const table = page.getByRole('table', { name: 'Results' });
    await page.waitForURL((u) => u.searchParams.get('query') === `sso=${number}`);
    await table.waitFor();
    const names = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(names)).toEqual(new Set([number]));
    expect(errors).toEqual([]);
  });

  it("reads the reference's older ?query_type= URLs, and says what is wrong with a bad one", async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1 });
    const objectId = String(row['i:objectId']);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/?query_type=objectId&objectId=${objectId}`);
    await page.getByRole('table', { name: 'Results' }).getByRole('link', { name: objectId }).waitFor();
    await page.goto(`${server.url}/?query_type=`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Empty query type');
    expect(errors).toEqual([]);
  });

  it('downloads the results as CSV, JSON and VOTable with the rows of the API', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1 });
    const cone = { ra: Number(row['i:ra']), dec: Number(row['i:dec']), radius: 600 };
    const expected = (await api('conesearch', cone)).map((r) => String(r['i:objectId'])).sort();
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/?action=conesearch&ra=${cone.ra}&dec=${cone.dec}&r=${cone.radius}`);
    await page.getByRole('table', { name: 'Results' }).waitFor();
    for (const format of ['csv', 'json', 'votable'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator(`.downloads a[data-format="${format}"]`).click(),
      ]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      expect(objectIdsOf(format, text), format).toEqual(expected);
    }
    expect(errors).toEqual([]);
  });

  it('offers examples for every query type that each find something on this store', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    const types = await page
      .getByLabel('Query type')
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(types.length).toBeGreaterThanOrEqual(7);
    const tried: string[] = [];
    for (const type of types) {
      await page.goto(`${server.url}/`);
      await page.getByLabel('Query type').selectOption(type);
      // the examples taken from the store arrive with its latest alerts
      await page.locator('.query-help button.example').first().waitFor();
      await page.waitForLoadState('networkidle');
      const examples = await page.locator('.query-help button.example').allTextContents();
      for (const [i, example] of examples.entries()) {
        await page.goto(`${server.url}/`);
        await page.getByLabel('Query type').selectOption(type);
        await page.waitForLoadState('networkidle');
        await page.locator('.query-help button.example').nth(i).click();
        // an object page, a results table with rows, or the Solar System numbers offered; never nothing found
        const found = await page.waitForFunction(
          () =>
            document.querySelector('section.object-page h1')
              ? 'object'
              : document.querySelector('table[aria-label="Results"] tbody tr td a')
                ? 'results'
                : document.querySelector('.sso-matches a')
                  ? 'sso'
                  : document.querySelector('[role="alert"]') ||
                      /No object matches/.test(document.body.textContent ?? '')
                    ? 'nothing'
                    : null,
          null,
          { timeout: 60_000 },
        );
        expect(await found.jsonValue(), `${type}: ${example}`).not.toBe('nothing');
        tried.push(`${type}: ${example}`);
      }
    }
    // every type offered at least one example
    for (const type of types)
      expect(
        tried.some((t) => t.startsWith(`${type}:`)),
        type,
      ).toBe(true);
    expect(errors).toEqual([]);
  }, 300_000);

  it('is usable on a phone (390×844) in the dark theme', async () => {
    const [row] = await api('latests', { class: 'allclasses', n: 1 });
    const { page, errors } = await watchedPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await page.evaluate(() => localStorage.setItem('skyalert-theme', 'dark'));
    await page.goto(`${server.url}/?action=conesearch&ra=${row['i:ra']}&dec=${row['i:dec']}&r=600`);
    await page.getByRole('table', { name: 'Results' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'home-phone-dark');
    expect(errors).toEqual([]);
  });
});
