/**
 * The web portal in a real browser: Debian's Chromium driven by playwright-core, against `skyalert serve` on the
 * demo store (built once in the temp directory and reused by every portal test file). Screenshots go to
 * `test-output/portal/` as test artifacts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { defaultPortalDir } from '../../serve/portal-files.js';
import { type RunningServer, startServer } from '../../serve/server.js';
import { portalStore } from './portal-store.js';
import { PROJECT_ROOT } from './project-root.js';
import { testLog } from './store.js';

/** Debian's Chromium (installed by the test command when missing). */
export const CHROMIUM_PATH = process.env.SKYALERT_CHROMIUM ?? '/usr/bin/chromium';
/** Where screenshots are written. */
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-output', 'portal');

/** Starts the server (API and portal) on the demo store, on a free loopback port. */
export async function startPortalServer(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(defaultPortalDir(), 'index.html'))) {
    throw new Error(`the portal is not built (${defaultPortalDir()} missing): run \`npm run build\` first`);
  }
  const layout = await portalStore();
  return startServer(layout, { port: 0, host: '127.0.0.1', log: testLog });
}

/** Launches headless Chromium with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the test command installs Debian's chromium package`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page with its console errors and uncaught exceptions collected (each page must load with none). */
export interface WatchedPage {
  readonly page: Page;
  readonly errors: string[];
}

/**
 * Opens a new page of `browser` (in a context of its own, closed when the test ends: a page left open keeps
 * drawing its sky viewer and takes CPU from the next tests) and records console errors and page errors. Failed
 * requests to outside hosts (the sky viewer's survey images on this closed network) are not errors of the portal
 * and are ignored. Call it inside a test.
 */
export async function watchedPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (where && !where.startsWith('http://127.0.0.1') && !where.startsWith('http://localhost')) return;
    if (
      /net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|ADDRESS_UNREACHABLE)/.test(
        message.text(),
      )
    ) {
      return;
    }
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, errors };
}

/** Saves a full-page screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
