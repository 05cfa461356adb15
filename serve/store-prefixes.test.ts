import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { dispatchByPrefix, isStorePrefix } from './store-prefixes.js';

function echoApp(label: string): Hono {
  const app = new Hono();
  app.all('*', async (c) =>
    c.json({ label, path: c.req.path, query: c.req.query('x') ?? null, body: await c.req.text() }),
  );
  return app;
}

describe('several stores behind one server', () => {
  const fetch = dispatchByPrefix([
    { name: 'ztf', app: echoApp('ztf') },
    { name: 'lsst', app: echoApp('lsst') },
  ]);
  const ask = async (path: string, init?: RequestInit) =>
    (await fetch(new Request(`http://localhost${path}`, init))).json();

  it('sends each prefix to its store, without the prefix', async () => {
    expect(await ask('/lsst/api/v1/objects?x=1')).toEqual({
      label: 'lsst',
      path: '/api/v1/objects',
      query: '1',
      body: '',
    });
    expect(await ask('/ztf/api/v1/objects')).toMatchObject({ label: 'ztf', path: '/api/v1/objects' });
    expect(await ask('/lsst')).toMatchObject({ label: 'lsst', path: '/' });
  });

  it('sends paths without a store prefix to the first store, unchanged', async () => {
    expect(await ask('/api/v1/objects')).toMatchObject({ label: 'ztf', path: '/api/v1/objects' });
    expect(await ask('/lsstx/api')).toMatchObject({ label: 'ztf', path: '/lsstx/api' });
  });

  it('keeps the method and body', async () => {
    const answer = await ask('/lsst/api/v1/sources', { method: 'POST', body: '{"diaObjectId":"1"}' });
    expect(answer).toMatchObject({ label: 'lsst', body: '{"diaObjectId":"1"}' });
  });

  it('refuses names that are not prefixes, and duplicates', () => {
    expect(isStorePrefix('lsst')).toBe(true);
    expect(isStorePrefix('api')).toBe(false);
    expect(isStorePrefix('LSST')).toBe(false);
    expect(() => dispatchByPrefix([])).toThrow(/at least one/);
    expect(() =>
      dispatchByPrefix([
        { name: 'a', app: echoApp('1') },
        { name: 'a', app: echoApp('2') },
      ]),
    ).toThrow(/two stores/);
  });
});
