/**
 * Names in the search bar on the two-survey demo (`skyalert demo`: the ZTF store, and the LSST one under /lsst/),
 * every store's resolver asked (issue 24 §3). The demo knows no name only its LSST store knows that leads to a
 * diaObject (its simulated Rubin alerts carry no Fink cross-match names, and neither store has a TNS table), so
 * this file gives its own copy of the LSST demo store the smallest realistic addition: a TNS table of one object
 * (the real TNS sample's first row, renamed AT 2024aexz and moved onto a demo diaObject, read from the store's
 * parquet). Typing that name lists the diaObject under LSST, whose link opens its LSST page; a ZTF Solar System name
 * still gives its ZTF results; and neither leaves a console error or a failed request.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsstDemoLayout } from '../../bin/commands/demo.js';
import { LSST_PART_FILES, type StoreLayout } from '../../data/index.js';
import { loadTns } from '../../ingest/tns/index.js';
import { defaultPortalDir } from '../../serve/portal-files.js';
import { type RunningServer, startServer } from '../../serve/server.js';
import { launchBrowser, screenshot, watchedPage } from '../support/portal.js';
import { failedResponses, nameRows, search } from '../support/portal-names.js';
import { portalStore } from '../support/portal-store.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { tnsSampleCsv } from '../support/tns-sample.js';

/** The TNS name given to the diaObject, and as typed (without the blank TNS writes). */
const TNS_NAME = 'AT 2024aexz';
const TYPED = 'AT2024aexz';

let server: RunningServer;
let browser: Browser;
let lsstCopy: StoreLayout;
/** The diaObject named, and its position (deg): its newest record in the store's parquet. */
let diaObject: { id: string; ra: number; dec: number };

type Row = Record<string, unknown>;

async function api(endpoint: string, args: Record<string, string | number>): Promise<Row[]> {
  const response = await fetch(
    `${server.url}/api/v1/${endpoint}?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Row[];
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(defaultPortalDir(), 'index.html')))
    throw new Error(`the portal is not built (${defaultPortalDir()} missing): run \`npm run build\` first`);
  const demo = await portalStore();
  const lsst = lsstDemoLayout(demo);
  // this file's copy of the LSST demo store (its simulator input left out), which alone gets the TNS table
  lsstCopy = tempStore('skyalert-portal-names-lsst-');
  fs.cpSync(lsst.root, lsstCopy.root, {
    recursive: true,
    filter: (from) => path.relative(lsst.root, from).split(path.sep)[0] !== 'demo-input',
  });
  const objects = `read_parquet('${path.join(lsstCopy.root, 'parts', '*', LSST_PART_FILES.objects)}', union_by_name = true)`;
  const [row] = await sql(
    `SELECT CAST("r:diaObjectId" AS VARCHAR) AS id, "r:ra" AS ra_deg, "r:dec" AS dec_deg FROM ${objects}
     ORDER BY "r:nDiaSources" DESC NULLS LAST, "r:diaObjectId" LIMIT 1`,
  );
  diaObject = { id: String(row.id), ra: Number(row.ra_deg), dec: Number(row.dec_deg) };
  const tns = path.join(lsstCopy.root, 'tns-input.csv');
  fs.writeFileSync(
    tns,
    tnsSampleCsv({
      objid: '999002',
      prefix: 'AT',
      name: TNS_NAME.slice(3),
      raDeg: diaObject.ra,
      decDeg: diaObject.dec,
      internalNames: diaObject.id,
    }),
  );
  await loadTns(lsstCopy, tns, testLog);
  server = await startServer(
    [
      { name: 'ztf', layout: demo },
      { name: 'lsst', layout: lsstCopy },
    ],
    { port: 0, host: '127.0.0.1', log: testLog },
  );
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (lsstCopy) fs.rmSync(lsstCopy.root, { recursive: true, force: true });
});

describe('names in the search bar, in every survey served', () => {
  it('lists the LSST diaObject of a TNS name only the LSST store knows, and opens its LSST page', async () => {
    const stores = await api('stores', {});
    expect(stores.map((s) => [s.name, s.resolvers])).toEqual([
      ['ztf', ['ssodnet']],
      ['lsst', ['tns', 'ssodnet']],
    ]);
    const { page, errors } = await watchedPage(browser);
    const failed = failedResponses(page, server.url);
    await page.goto(`${server.url}/`);
    await search(page, TYPED);
    const rows = await nameRows(page);
    expect(rows[0]).toEqual({
      survey: 'LSST',
      via: `TNS ${TNS_NAME}`,
      object: diaObject.id,
      href: `/lsst/object/${diaObject.id}`,
    });
    expect(rows.every((r) => r.survey === 'LSST')).toBe(true);
    await page
      .getByRole('table', { name: 'Objects of the name' })
      .getByText(`TNS ${TNS_NAME}`)
      .first()
      .waitFor();
    await page.getByText(`The default store does not know ${TYPED}`).waitFor();
    await page.getByRole('heading', { level: 2 }).filter({ hasText: '— found in LSST' }).waitFor();
    await screenshot(page, 'search-name-lsst');
    await page.getByRole('link', { name: diaObject.id, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: diaObject.id }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/lsst/object/${diaObject.id}`);
    await page.getByText('Rubin (LSST) diaObject').waitFor();
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('still finds a ZTF Solar System name, listed under ZTF with its page', async () => {
    const [alert] = await api('latests', { class: 'Solar System MPC', n: 1, columns: 'i:ssnamenr' });
    const number = String(alert['i:ssnamenr']);
    const [known] = await api('resolver', { resolver: 'ssodnet', name: number, nmax: 1 });
    const name = String(known['i:name']);
    const expected = [
      ...new Set(
        (await api('sso', { n_or_d: number, columns: 'i:objectId' })).map((r) => String(r['i:objectId'])),
      ),
    ].sort();
    const { page, errors } = await watchedPage(browser);
    const failed = failedResponses(page, server.url);
    await page.goto(`${server.url}/`);
    await search(page, name);
    const rows = await nameRows(page);
    expect(rows.filter((r) => r.survey === 'ZTF')).toEqual([
      { survey: 'ZTF', via: `Solar System object ${number} ${name}`, object: number, href: `/sso/${number}` },
    ]);
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    const shown = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => expected.includes(id))).toBe(true);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
