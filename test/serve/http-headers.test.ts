/**
 * Headers every answer carries: open CORS (and preflight answers), Server-Timing, and the JSON Content-Type and
 * length of answers written from prepared texts as of those written from rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStore, type ServedStore } from '../support/serve-stores.js';

describe('HTTP headers', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('open CORS and Server-Timing on answers and on errors', async () => {
    for (const [url, status] of [
      ['/api/v1/objects?objectId=ZTF19acihgng', 200],
      ['/api/v1/objects?objectId=ZTF19acihgng&output-format=csv', 200],
      ['/api/v1/objects?objectId=x', 400],
      ['/health', 200],
    ] as const) {
      const res = await store.app.request(url, { headers: { Origin: 'https://example.org' } });
      expect(res.status, url).toBe(status);
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(res.headers.get('server-timing'), url).toMatch(/^app;dur=\d+(\.\d)?$/);
    }
  });

  it('reports the process memory in /health', async () => {
    const health = (await (await store.app.request('/health')).json()) as {
      status: string;
      memoryMiB: Record<string, number>;
    };
    expect(health.status).toBe('ok');
    expect(Object.keys(health.memoryMiB).sort()).toEqual([
      'arrayBuffers',
      'external',
      'heapTotal',
      'heapUsed',
      'rss',
    ]);
    expect(health.memoryMiB.rss).toBeGreaterThanOrEqual(health.memoryMiB.heapTotal);
    expect(health.memoryMiB.heapTotal).toBeGreaterThan(0);
  });

  it('answers a CORS preflight with the allowed methods and headers, and no body', async () => {
    const res = await store.app.request('/api/v1/objects', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
    // an OPTIONS request that is not a preflight is not an endpoint
    const plain = await store.app.request('/api/v1/objects', { method: 'OPTIONS' });
    expect(plain.status).toBe(404);
  });

  it('sends prepared JSON answers with the JSON Content-Type and their exact bytes', async () => {
    const res = await store.app.request('/api/v1/objects?objectId=ZTF19acihgng');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-disposition')).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    const rows = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['i:objectId'] === 'ZTF19acihgng')).toBe(true);
  });
});
