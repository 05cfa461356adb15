/**
 * Liveness and readiness: `/health/live` answers 200 while the process answers, `/health/ready` 503 until a
 * catalog is loaded and 200 after; `/health` keeps its earlier answer (200 with the catalog version and memory).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { realStore, type ServedStore } from '../support/serve-stores.js';
import { tempStore, testLog } from '../support/store.js';

describe('health endpoints', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('on a store with nothing published: live, not ready', async () => {
    const layout = tempStore('skyalert-health-empty-');
    const reader = await StoreReader.open(layout, testLog);
    try {
      const app = createApp(reader, testLog);
      expect((await app.request('/health/live')).status).toBe(200);
      const ready = await app.request('/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'error',
        text: expect.stringMatching(/nothing is published/),
      });
      const legacy = await app.request('/health');
      expect(legacy.status).toBe(200);
      expect(await legacy.json()).toMatchObject({ status: 'ok', catalogVersion: 0, parts: 0 });
    } finally {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    }
  });

  it('on a published store: live and ready, with the catalog version read from the store', async () => {
    const version = Number(fs.readFileSync(path.join(store.layout.root, 'catalog', 'CURRENT'), 'utf8'));
    expect(version).toBeGreaterThan(0);
    const live = await store.app.request('/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', pid: process.pid });
    const ready = await store.app.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', catalogVersion: version });
    const legacy = await store.app.request('/health');
    expect(await legacy.json()).toMatchObject({ status: 'ok', catalogVersion: version });
    expect((await store.app.request('/health/ready', { method: 'HEAD' })).status).toBe(200);
  });
});
