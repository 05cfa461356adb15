/**
 * Cone radii outside (1e-6, 18,000] arcseconds are refused with a 400 that says why, denormal numbers included
 * (4.9e-324 vanished once turned into degrees and made a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStore, type ServedStore } from '../support/serve-stores.js';

describe('cone radius bounds', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('refuses denormal and tiny radii with a 400, by GET and POST', async () => {
    for (const radius of ['4.9e-324', '1e-300', '5e-7']) {
      const get = await store.app.request(`/api/v1/explorer?ra=289.8937586&dec=61.8469285&radius=${radius}`);
      const post = await store.app.request('/api/v1/explorer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"ra":289.8937586,"dec":61.8469285,"radius":${radius}}`,
      });
      for (const res of [get, post]) {
        expect(res.status, radius).toBe(400);
        const body = (await res.json()) as { status: string; text: string };
        expect(body.status).toBe('error');
        expect(body.text).toMatch(/radius.*cannot be smaller than 1e-6 arcseconds/);
      }
    }
  });

  it('accepts the smallest radius allowed', async () => {
    // the position of ZTF19acihgng's alert as test/data/README.md gives it
    const res = await store.app.request('/api/v1/explorer?ra=289.8937586&dec=61.8469285&radius=1e-6');
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows.map((r) => r['i:objectId'])).toEqual(['ZTF19acihgng']);
  });
});
