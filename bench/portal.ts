/**
 * Portal benchmark (run `npm run bench:portal`): on the demo store in headless Chromium,
 * (1) the object page: from navigation start to the light curve drawn (the `skyalert:lightcurve` performance mark:
 * the SVG light curve, or the chart if first) and to the interactive chart drawn (`skyalert:lightcurve-interactive`,
 * Plotly), median of 10 fresh page loads, cold (a new browser context each: empty
 * HTTP and code caches, the budgeted figure) and warm (10 new navigations in one context after a first visit);
 * (2) the home page (search bar shown), search results (a class search: its table's first row shown) and asteroid
 * page (`/sso/<number>`: its light curve drawn), each from navigation start, median of 10 cold loads;
 * (3) the JavaScript the home page loads before any lazy chunk (Plotly, Aladin Lite), summed gzip sizes.
 * Budgets: 1.0 s for the object page's light curve (issue #25, §5) and 400 kB (issue #6). Prints JSON; exits 1 when a
 * budget is exceeded.
 */
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { buildDemoStore } from '../bin/commands/demo.js';
import { StoreLayout } from '../data/index.js';
import { startServer } from '../serve/index.js';

/** Page loads measured. */
const LOADS = 10;
/** Budget of the object page: light curve drawn (ms). */
const INTERACTIVE_BUDGET_MS = 1000;
/** Budget of the first page's JavaScript (gzip bytes). */
const FIRST_JS_BUDGET_BYTES = 400_000;
const CHROMIUM = process.env.SKYALERT_CHROMIUM ?? '/usr/bin/chromium';

interface ScriptSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The object with the most alerts among the latest ones (the heaviest light curve of a typical page). */
async function pickObject(base: string): Promise<string> {
  const response = await fetch(
    `${base}/api/v1/latests?class=allclasses&n=500&columns=i:objectId,d:nalerthist`,
  );
  const rows = (await response.json()) as { 'i:objectId': string; 'd:nalerthist': number | null }[];
  rows.sort((a, b) => (b['d:nalerthist'] ?? 0) - (a['d:nalerthist'] ?? 0));
  return rows[0]['i:objectId'];
}

/** Times (ms from navigation start) of the light curve first drawn and of the interactive chart drawn. */
interface ObjectTimes {
  readonly drawnMs: number;
  readonly interactiveMs: number;
}

async function objectPageMs(browser: Browser | BrowserContext, url: string): Promise<ObjectTimes> {
  const context =
    'newContext' in browser ? await browser.newContext({ viewport: { width: 1280, height: 900 } }) : browser;
  const page = await context.newPage();
  await page.goto(url);
  const markAt = async (name: string): Promise<number> => {
    const handle = await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null,
      name,
      { timeout: 60_000 },
    );
    return Number(await handle.jsonValue());
  };
  const drawnMs = await markAt('skyalert:lightcurve');
  const interactiveMs = await markAt('skyalert:lightcurve-interactive');
  if (context === browser) await page.close();
  else await context.close();
  return { drawnMs, interactiveMs };
}

/** Median and every value of a series of loads (ms, rounded). */
function summary(values: readonly number[]): { median: number; loads: number[] } {
  return { median: Math.round(median(values)), loads: values.map(Math.round) };
}

/** An asteroid number of the store's latest "Solar System MPC" alerts. */
async function pickAsteroid(base: string): Promise<string> {
  const response = await fetch(
    `${base}/api/v1/latests?class=${encodeURIComponent('Solar System MPC')}&n=50&columns=i:ssnamenr`,
  );
  const rows = (await response.json()) as { 'i:ssnamenr': string | number | null }[];
  const found = rows.find((r) => r['i:ssnamenr'] !== null && /^\d+$/.test(String(r['i:ssnamenr'])));
  if (!found) throw new Error('the demo store has no numbered asteroid');
  return String(found['i:ssnamenr']);
}

/** Time (ms) from navigation start until `selector` is visible, in a fresh browser context. */
async function pageReadyMs(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

/** Median and every load of `LOADS` cold loads of a page (after one load that warms the server). */
async function coldLoads(
  browser: Browser,
  url: string,
  selector: string,
): Promise<{ median: number; loads: number[] }> {
  await pageReadyMs(browser, url, selector);
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i += 1) loads.push(await pageReadyMs(browser, url, selector));
  return { median: Math.round(median(loads)), loads: loads.map(Math.round) };
}

async function homeScripts(browser: Browser, url: string): Promise<ScriptSize[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<ScriptSize | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          file: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('searchbox').waitFor();
  const sizes = (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
  await context.close();
  return sizes;
}

async function main(): Promise<void> {
  const log = pino({ level: 'error' });
  const layout = new StoreLayout(path.join(os.tmpdir(), 'skyalert-portal-demo'));
  await buildDemoStore(layout, log);
  const server = await startServer(layout, { port: 0, host: '127.0.0.1', log });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const objectId = await pickObject(server.url);
    await objectPageMs(browser, `${server.url}/${objectId}`); // warm the server's caches once
    const cold: ObjectTimes[] = [];
    for (let i = 0; i < LOADS; i += 1) cold.push(await objectPageMs(browser, `${server.url}/${objectId}`));
    const warmContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await objectPageMs(warmContext, `${server.url}/${objectId}`);
    const warm: ObjectTimes[] = [];
    for (let i = 0; i < LOADS; i += 1)
      warm.push(await objectPageMs(warmContext, `${server.url}/${objectId}`));
    await warmContext.close();
    const loads = cold.map((t) => t.drawnMs);
    const asteroid = await pickAsteroid(server.url);
    const pages = {
      home: await coldLoads(browser, `${server.url}/`, 'input[type="search"], [role="searchbox"]'),
      searchResults: await coldLoads(
        browser,
        `${server.url}/?query=${encodeURIComponent('class=RRLyr last=100')}`,
        '[aria-label="Search results"] table tbody tr',
      ),
      asteroid: await coldLoads(browser, `${server.url}/sso/${asteroid}`, 'figure.plot[data-state="ready"]'),
    };
    const scripts = await homeScripts(browser, `${server.url}/`);
    const firstJsGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const report = {
      objectId,
      asteroid,
      machine: { cpus: os.cpus().length, loadAverage1min: Number(os.loadavg()[0].toFixed(1)) },
      objectPageLightCurveDrawnMs: {
        cold: summary(loads),
        warm: summary(warm.map((t) => t.drawnMs)),
        budget: INTERACTIVE_BUDGET_MS,
      },
      objectPageInteractiveMs: {
        cold: summary(cold.map((t) => t.interactiveMs)),
        warm: summary(warm.map((t) => t.interactiveMs)),
      },
      pageReadyMs: pages,
      homeJavaScript: { gzipBytes: firstJsGzip, budget: FIRST_JS_BUDGET_BYTES, scripts },
    };
    console.log(JSON.stringify(report, null, 2));
    if (median(loads) > INTERACTIVE_BUDGET_MS || firstJsGzip > FIRST_JS_BUDGET_BYTES) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
