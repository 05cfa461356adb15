/**
 * An alert stored without stamps (issue 25): the object page says "no cutouts for this alert" and asks nothing the
 * API would refuse (no failed request, no console error), while an alert of the same object with stamps still
 * shows them. The store holds one real ZTF alert (test/data/ztf_raw_avro) with its stamps, and a copy of it one
 * night later, under another candid, with its three stamps removed; what each alert carries comes from the Avro
 * files the test writes, never from the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { defaultPortalDir } from '../../serve/portal-files.js';
import { type RunningServer, startServer } from '../../serve/server.js';
import { launchBrowser, screenshot, watchedPage } from '../support/portal.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';
import { firstGoodPositiveAlert, writeZtfAlertFile } from '../support/ztf-alert-file.js';
import { type Args, apiRows, type Row } from './object-page-support.js';

const ZTF_ALERTS = testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');
const STAMP_FIELDS = ['cutoutScience', 'cutoutTemplate', 'cutoutDifference'] as const;

let server: RunningServer;
let browser: Browser;
let store: StoreLayout;
let workDir: string;
let objectId: string;
/** The alert with its stamps, and its copy a night later without them (candids as exact text). */
let withStamps: string;
let withoutStamps: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(defaultPortalDir(), 'index.html')))
    throw new Error(`the portal is not built (${defaultPortalDir()} missing): run \`npm run build\` first`);
  store = tempStore('skyalert-portal-nostamps-');
  workDir = fs.mkdtempSync(path.join(path.dirname(store.root), 'skyalert-portal-nostamps-in-'));
  const { type, alert } = await firstGoodPositiveAlert(ZTF_ALERTS);
  for (const f of STAMP_FIELDS) if (!alert[f]) throw new Error(`the picked alert carries no ${f}`);
  objectId = String(alert.objectId);
  withStamps = String(alert.candid);
  const original = path.join(workDir, 'with-stamps.avro');
  await writeZtfAlertFile(original, type, alert);
  // the copy: one night later, another candid, its stamps removed
  const later = BigInt(String(alert.candid)) + 1_000_000_000n;
  const copy = {
    ...alert,
    candid: later,
    candidate: { ...alert.candidate, candid: later, jd: Number(alert.candidate.jd) + 1 },
    ...Object.fromEntries(STAMP_FIELDS.map((f) => [f, null])),
  };
  withoutStamps = String(later);
  const stripped = path.join(workDir, 'without-stamps.avro');
  await writeZtfAlertFile(stripped, type, copy);
  const summary = await ingestFiles(store, [original, stripped], {
    ingesterId: 't',
    log: testLog,
    publish: true,
  });
  if (summary.staged !== 2) throw new Error(`both alerts were not kept: ${JSON.stringify(summary)}`);
  server = await startServer(store, { port: 0, host: '127.0.0.1', log: testLog });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  for (const dir of [store?.root, workDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `v:hasCutouts` by candid in an `objects` answer. */
function hasCutoutsByCandid(rows: readonly Row[]): Record<string, unknown> {
  return Object.fromEntries(
    rows.filter((r) => r['i:candid'] !== '-1').map((r) => [String(r['i:candid']), r['v:hasCutouts']]),
  );
}

describe('an alert stored without stamps', () => {
  it('is told apart in the objects answer when asked (columns=…,v:hasCutouts), the full answer staying as Fink', async () => {
    const expected = { [withStamps]: true, [withoutStamps]: false };
    const paths: Args[] = [
      { objectId, columns: 'i:candid,v:hasCutouts' },
      { objectId, columns: 'i:candid,i:jd,v:hasCutouts', 'output-format': 'json' },
    ];
    for (const args of paths)
      expect(hasCutoutsByCandid(await apiRows(server.url, 'objects', args)), JSON.stringify(args)).toEqual(
        expected,
      );
    // the full answer (its prepared texts, or rows with upper limits) holds Fink's fields only
    for (const args of [{ objectId }, { objectId, withupperlim: true }] as Args[])
      for (const row of await apiRows(server.url, 'objects', args))
        expect(Object.keys(row), JSON.stringify(args)).not.toContain('v:hasCutouts');
    // what the field stands for: the cutouts endpoint draws the one and refuses the other
    const png = (candid: string) =>
      fetch(
        `${server.url}/api/v1/cutouts?objectId=${objectId}&candid=${candid}&kind=Science&output-format=PNG`,
      );
    expect((await png(withStamps)).status).toBe(200);
    expect((await png(withoutStamps)).status).toBe(400);
  });

  it('gets "no cutouts for this alert" on the object page, with no failed request; its other alert shows its stamps', async () => {
    const { page, errors } = await watchedPage(browser);
    const cutoutRequests: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/cutouts')) cutoutRequests.push(r.url());
    });
    page.on('response', (r: Response) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    // the page opens on the latest alert: the one without stamps
    await page.goto(`${server.url}/${objectId}`);
    const message = page.locator('.no-cutouts');
    await message.waitFor();
    expect(await message.textContent()).toContain('No cutouts for this alert');
    expect(await page.locator('select[name="candid"]').inputValue()).toBe(withoutStamps);
    expect(await page.locator('.stamps img').count()).toBe(0);
    await page.locator('figure[aria-label="Light curve"][data-state="ready"]').waitFor();
    await screenshot(page, 'object-no-cutouts');
    expect(cutoutRequests).toEqual([]);
    // the alert with stamps: its three stamps are drawn, and the message is gone
    await page.locator('select[name="candid"]').selectOption(withStamps);
    await page.waitForFunction(
      () => document.querySelectorAll('.stamps figure[data-state="ready"]').length === 3,
    );
    expect(await message.count()).toBe(0);
    expect(cutoutRequests.length).toBe(3);
    expect(cutoutRequests.every((u) => u.includes(`candid=${withStamps}`))).toBe(true);
    // and back: no request for the alert without stamps
    await page.locator('select[name="candid"]').selectOption(withoutStamps);
    await message.waitFor();
    expect(cutoutRequests.filter((u) => u.includes(withoutStamps))).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
