/**
 * The asteroid flow in Chromium on the demo store: from the search bar to the asteroid's page — one heading
 * whatever the URL names it by, the orbit card equal to the demo's MPCORB.DAT read here independently, every
 * phase-curve parameter with its uncertainty equal to `/api/v1/ssoft`, the alerts linked to their object pages —
 * and an alert of a known asteroid opening on its Solar System tab with the asteroid named in its header.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';
import { portalStore } from '../support/portal-store.js';

let server: RunningServer;
let browser: Browser;
let mpcorb: string;

type Row = Record<string, unknown>;

async function api(pathAndQuery: string): Promise<Row[]> {
  const response = await fetch(`${server.url}/api/v1/${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as Row[];
}

/** MPC packed number (cols 1-5 of MPCORB.DAT, "U0933" = 300933) as a number. */
function unpackNumber(packed: string): number {
  const head = packed[0];
  const hundredThousands = /\d/.test(head)
    ? Number(head)
    : head >= 'a'
      ? head.charCodeAt(0) - 'a'.charCodeAt(0) + 36
      : head.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
  return hundredThousands * 10_000 + Number(packed.slice(1, 5));
}

/** One object's elements as MPCORB.DAT writes them (MPC's fixed columns, 1-based inclusive). */
function mpcorbElements(number: number): Record<string, number> {
  for (const line of mpcorb.split('\n')) {
    if (line.length < 103 || !/^[0-9A-Za-z]\d{4} /.test(line)) continue;
    if (unpackNumber(line.slice(0, 5)) !== number) continue;
    const col = (from: number, to: number): number => Number(line.slice(from - 1, to));
    return {
      h_mag: col(9, 13),
      g_slope: col(15, 19),
      peri_deg: col(38, 46),
      node_deg: col(49, 57),
      incl_deg: col(60, 68),
      e: col(71, 79),
      a_au: col(93, 103),
    };
  }
  throw new Error(`${number} is not in the demo MPCORB.DAT`);
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  mpcorb = fs.readFileSync(path.join((await portalStore()).root, 'demo-input', 'MPCORB.DAT'), 'latin1');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('asteroid page', () => {
  it('goes from the search bar to the phase curve: heading, orbit card, parameters ± σ as the SSOFT', async () => {
    const table = await api('ssoft?flavor=SHG1G2&output-format=json');
    const pick = table.find((r) => r.fit === 0 && Number(r.n_obs_1) >= 5 && Number(r.n_obs_2) >= 5);
    expect(pick, 'a simulated asteroid with a successful sHG1G2 fit in both bands').toBeDefined();
    const number = Number(pick?.sso_number);
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await page.locator('input[name="q"]').fill(`sso=${number}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^Solar System page of ${number}`) }).click();
    await page.waitForURL((u) => u.pathname === `/sso/${number}`);

    // one heading, whatever the URL names the object by
    const heading = page.getByRole('heading', { level: 1 });
    const designation = String(pick?.sso_name);
    await expect.poll(() => heading.textContent()).toBe(`(${number}) ${designation}`);
    for (const other of [designation, designation.replace(' ', '').toLowerCase()]) {
      const again = await watchedPage(browser);
      await again.page.goto(`${server.url}/sso/${encodeURIComponent(other)}`);
      await expect
        .poll(() => again.page.getByRole('heading', { level: 1 }).textContent())
        .toBe(`(${number}) ${designation}`);
      expect(again.errors).toEqual([]);
    }

    // the orbit card shows the catalogue's elements: the demo's MPCORB.DAT, read here
    const expected = mpcorbElements(number);
    const card = page.getByRole('region', { name: 'Orbit' });
    for (const [field, value] of Object.entries(expected)) {
      const shown = Number(await card.locator(`dd[data-field="${field}"]`).getAttribute('data-value'));
      expect(Math.abs(shown - value), field).toBeLessThan(1e-7 * Math.max(1, Math.abs(value)));
    }
    const hrefs = await card
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toEqual([
      `https://minorplanetcenter.net/db_search/show_object?object_id=${number}`,
      `https://ssd.jpl.nasa.gov/tools/sbdb_lookup.html#/?sstr=${number}`,
      `https://api.ssodnet.imcce.fr/ssocard/${number}`,
    ]);

    // the phase curve: every parameter of every model with its uncertainty, as /api/v1/ssoft answers them
    await page.getByRole('tab', { name: 'Phase curve' }).click();
    await page.locator('figure[aria-label="Phase curve"][data-state="ready"]').waitFor({ timeout: 30_000 });
    const fitTable = page.getByRole('table', { name: 'Phase-curve fit parameters' });
    for (const flavor of ['HG', 'HG1G2', 'SHG1G2']) {
      const [row] = await api(`ssoft?flavor=${flavor}&sso_number=${number}`);
      const keys = (
        flavor === 'HG' ? ['H_1', 'G_1', 'H_2', 'G_2'] : ['H_1', 'G1_1', 'G2_1', 'H_2', 'G1_2', 'G2_2']
      ).concat(flavor === 'SHG1G2' ? ['R', 'alpha0', 'delta0'] : []);
      for (const key of keys) {
        const cell = fitTable.locator(`td[data-model="${flavor}"][data-param="${key}"]`);
        expect(Number(await cell.getAttribute('data-value')), `${flavor} ${key}`).toBe(row[key]);
        expect(Number(await cell.getAttribute('data-err')), `${flavor} err_${key}`).toBe(row[`err_${key}`]);
        expect(await cell.textContent()).toContain(' ± ');
        // a value at a bound of Fink's recipe (G, G1, G2 in [0, 1], R in [0.3, 1]; within 1e-4 of the range) is
        // flagged, and only then
        const value = Number(row[key]);
        const near = (bound: number, range: number): boolean => Math.abs(value - bound) <= 1e-4 * range;
        const atBound =
          (key.startsWith('G') && (near(0, 1) || near(1, 1))) ||
          (key === 'R' && (near(0.3, 0.7) || near(1, 0.7)));
        expect(await cell.locator('[data-at-bound]').count(), `${flavor} ${key} bound flag`).toBe(
          atBound ? 1 : 0,
        );
      }
      const chi2 = fitTable.locator(`td[data-model="${flavor}"][data-param="chi2red"]`);
      expect(Number(await chi2.getAttribute('data-value'))).toBe(row.chi2red);
    }
    await screenshot(page, 'sso-page-phase');

    // every alert is listed and links to its object page
    const rows = await api(`sso?n_or_d=${number}&columns=i:objectId`);
    const alerts = page.getByRole('region', { name: 'Alerts of this object' });
    await expect.poll(() => alerts.getByRole('heading').textContent()).toBe(`Alerts (${rows.length})`);
    const listed = await alerts.locator('tbody tr td:first-child a').allTextContents();
    expect(listed.length).toBe(Math.min(50, rows.length));
    for (const id of listed) expect(rows.map((r) => String(r['i:objectId']))).toContain(id);
    const objectId = listed[0];
    await alerts.getByRole('link', { name: objectId }).first().click();

    // the alert opens on its Solar System tab and names the asteroid in its header
    await page.getByRole('heading', { level: 1, name: objectId }).waitFor();
    await page.getByRole('tabpanel', { name: 'Solar System' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Solar System' }).getAttribute('aria-selected')).toBe('true');
    const named = page.locator('.sso-object-name');
    await expect.poll(() => named.getAttribute('data-sso-heading')).toBe(`(${number}) ${designation}`);
    expect(await named.getByRole('link').getAttribute('href')).toBe(`/sso/${number}`);
    await screenshot(page, 'sso-alert-object-page');
    expect(errors).toEqual([]);
  });

  it('moves between tabs with the arrow keys (role=tab, aria-controls)', async () => {
    const [pick] = await api('ssoft?flavor=HG&output-format=json');
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/sso/${Number(pick.sso_number)}`);
    const first = page.getByRole('tab', { name: 'Lightcurve' });
    await first.waitFor();
    const panelId = await first.getAttribute('aria-controls');
    expect(await page.locator(`[id="${panelId}"]`).getAttribute('role')).toBe('tabpanel');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('ssoview')).toBe('astrometry');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Astrometry');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).searchParams.get('ssoview')).toBe('phase');
    expect(await page.getByRole('tab', { name: 'Phase curve' }).getAttribute('tabindex')).toBe('0');
    expect(await page.getByRole('tab', { name: 'Lightcurve' }).getAttribute('tabindex')).toBe('-1');
    expect(errors).toEqual([]);
  });
});
