/**
 * HEAD answers as GET does, without a body: the same status and Content-Type for a call with arguments, for the
 * bare endpoint (its argument listing) and for a bad argument.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStore, type ServedStore } from '../support/serve-stores.js';

describe('HEAD requests', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('answer with the status and headers of the GET, and no body', async () => {
    for (const url of [
      '/api/v1/objects?objectId=ZTF19acihgng',
      '/api/v1/objects',
      '/api/v1/explorer?ra=289.8937586&dec=61.8469285&radius=5',
      '/api/v1/latests',
      '/api/v1/objects?objectId=x',
      '/health',
    ]) {
      const get = await store.app.request(url);
      const head = await store.app.request(url, { method: 'HEAD' });
      expect(head.status, url).toBe(get.status);
      expect(head.headers.get('content-type'), url).toBe(get.headers.get('content-type'));
      expect(await head.text(), url).toBe('');
    }
    expect((await store.app.request('/api/v1/objects', { method: 'HEAD' })).status).toBe(200);
  });
});
