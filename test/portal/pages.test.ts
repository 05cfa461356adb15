/** The portal's pages load in Chromium on the demo store, without console errors. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../serve/server.js';
import { launchBrowser, screenshot, startPortalServer, watchedPage } from '../support/portal.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('portal pages', () => {
  it('serves the home page with the search entry', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/`);
    await page.getByRole('searchbox').waitFor();
    expect(await page.title()).toBe('Sky-alert');
    await screenshot(page, 'home');
    expect(errors).toEqual([]);
  });

  it('says so when an object is unknown', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/ZTF99aaaaaaa`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('ZTF99aaaaaaa not found');
    expect(errors).toEqual([]);
  });

  it('answers API paths with JSON, not the portal', async () => {
    const response = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { status: string }).status).toBe('error');
  });
});
