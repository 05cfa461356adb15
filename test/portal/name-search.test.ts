/**
 * Object names typed in the search bar (issue 25 §1), resolved through `/api/v1/resolver` on a server that has
 * what the demo store lacks: a TNS table (`AT2021co`, typed without the blank TNS writes) and SIMBAD configured
 * (`M31`, SKYALERT_SIMBAD_URL pointing at a local stand-in for CDS's Sesame). The store holds one real ZTF alert
 * (test/data/ztf_raw_avro); the TNS row and the Sesame answer put the names at its position, read from the Avro
 * file, so each name must give the cone of that object, with no failed request. Then the same store beside an LSST
 * store of the real Rubin sample and Fink's transferred alerts (test/data/lsst; issue 24 §3): a Gaia DR3 name one
 * of Fink's alerts carries is found under LSST, every store's resolver asked.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { loadTns } from '../../ingest/tns/index.js';
import { defaultPortalDir } from '../../serve/portal-files.js';
import { type RunningServer, startServer } from '../../serve/server.js';
import { gaiaNamedObjects, lsstTwoNightStore } from '../support/lsst-two-night-store.js';
import { launchBrowser, screenshot, watchedPage } from '../support/portal.js';
import { failedResponses, nameRows, search } from '../support/portal-names.js';
import { sesameXml } from '../support/sesame.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';
import { tnsSampleCsv } from '../support/tns-sample.js';
import { firstGoodPositiveAlert, writeZtfAlertFile } from '../support/ztf-alert-file.js';

const ZTF_ALERTS = testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');

let server: RunningServer;
/** The same ZTF store beside an LSST store of real Rubin and Fink alerts, with the same SIMBAD service. */
let both: RunningServer;
let lsstStore: StoreLayout;
let sesame: http.Server;
let browser: Browser;
let store: StoreLayout;
let workDir: string;
let objectId: string;
let position: { ra: number; dec: number };
const sesameAsked: string[] = [];

/** The answer CDS's Sesame gives, here for M31 at the test object's position. */
function m31Xml(name: string): string {
  return sesameXml({
    name,
    oid: 1575544,
    otype: 'AGN',
    raDeg: position.ra,
    decDeg: position.dec,
    oname: 'M  31',
  });
}

/** The TNS sample's first row, renamed AT 2021co and moved to the test object's position. */
function tnsCsv(): string {
  return tnsSampleCsv({
    objid: '999001',
    prefix: 'AT',
    name: '2021co',
    raDeg: position.ra,
    decDeg: position.dec,
    internalNames: objectId,
  });
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(defaultPortalDir(), 'index.html')))
    throw new Error(`the portal is not built (${defaultPortalDir()} missing): run \`npm run build\` first`);
  store = tempStore('skyalert-portal-names-');
  workDir = fs.mkdtempSync(path.join(path.dirname(store.root), 'skyalert-portal-names-in-'));
  const picked = await firstGoodPositiveAlert(ZTF_ALERTS);
  objectId = String(picked.alert.objectId);
  position = { ra: Number(picked.alert.candidate.ra), dec: Number(picked.alert.candidate.dec) };
  const file = path.join(workDir, 'alert.avro');
  await writeZtfAlertFile(file, picked.type, picked.alert);
  await ingestFiles(store, [file], { ingesterId: 't', log: testLog, publish: true });
  const tns = path.join(workDir, 'tns.csv');
  fs.writeFileSync(tns, tnsCsv());
  await loadTns(store, tns, testLog);
  sesame = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').search.slice(1));
    sesameAsked.push(name);
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(name === 'M31' ? m31Xml(name) : '<?xml version="1.0"?><Sesame><Target/></Sesame>');
  });
  await new Promise<void>((resolve) => sesame.listen(0, '127.0.0.1', resolve));
  const port = (sesame.address() as AddressInfo).port;
  const settings = { simbadUrl: `http://127.0.0.1:${port}/sesame/-oxp/~S?{name}`, writeTokens: [] };
  server = await startServer(store, { port: 0, host: '127.0.0.1', log: testLog, settings });
  lsstStore = await lsstTwoNightStore();
  both = await startServer(
    [
      { name: 'ztf', layout: store },
      { name: 'lsst', layout: lsstStore },
    ],
    { port: 0, host: '127.0.0.1', log: testLog, settings },
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await both?.close();
  await new Promise<void>((resolve) => (sesame ? sesame.close(() => resolve()) : resolve()));
  for (const dir of [store?.root, workDir, lsstStore?.root])
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('names in the search bar', () => {
  it('resolves a TNS name typed without its blank (AT2021co) into a cone around it', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'AT2021co');
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    expect(await table.locator('tbody tr td:first-child a').allTextContents()).toEqual([objectId]);
    await page
      .locator('.results .resolved')
      .getByText(/TNS AT 2021co/)
      .waitFor();
    // the text typed stays as typed
    expect(new URL(page.url()).searchParams.get('query')).toBe('AT2021co');
    await screenshot(page, 'search-tns-name');
    expect(errors).toEqual([]);
  });

  it('resolves a name through SIMBAD when the operator configured it (M31)', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await search(page, 'M31');
    const table = page.getByRole('table', { name: 'Results' });
    await table.waitFor();
    expect(await table.locator('tbody tr td:first-child a').allTextContents()).toEqual([objectId]);
    await page
      .locator('.results .resolved')
      .getByText(/SIMBAD/)
      .waitFor();
    expect(sesameAsked).toContain('M31');
    expect(errors).toEqual([]);
  });
});

describe('names in the search bar, beside an LSST store', () => {
  it("finds a Gaia DR3 name only Fink's LSST alerts carry under LSST, and opens its diaObject", async () => {
    // the name and its diaObject as Fink's transferred alerts carry them, read by avsc
    const [gaia] = await gaiaNamedObjects();
    expect(gaia).toBeDefined();
    const { page, errors } = await watchedPage(browser);
    const failed = failedResponses(page, both.url);
    await page.goto(`${both.url}/`);
    await search(page, gaia.name);
    expect(await nameRows(page)).toEqual([
      {
        survey: 'LSST',
        via: `SIMBAD ${gaia.name}${gaia.otype ? ` (${gaia.otype})` : ''}`,
        object: gaia.id,
        href: `/lsst/object/${gaia.id}`,
      },
    ]);
    // the ZTF store's alerts do not carry it: its SIMBAD asked the operator's service, which knows it not
    expect(sesameAsked).toContain(gaia.name);
    await page.getByRole('heading', { level: 2 }).filter({ hasText: '— found in LSST' }).waitFor();
    await screenshot(page, 'search-name-gaia-lsst');
    await page.getByRole('link', { name: gaia.id, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: gaia.id }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/lsst/object/${gaia.id}`);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
