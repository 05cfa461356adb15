/**
 * Several stores behind one server (`skyalert serve --store ztf=DIR --store lsst=DIR`): each answers its own
 * survey's API under its name, the first also without a prefix, so a client of either Fink API changes only its
 * base URL.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStoreOptions } from '../../bin/commands/serve.js';
import type { StoreLayout } from '../../data/index.js';
import { type RunningServer, startServer } from '../../serve/index.js';
import { lsstFixtureStore } from '../support/lsst-fixture-store.js';
import { tempStore, testLog } from '../support/store.js';

const LSST_OBJECT = '169738309211783177';
type Index = { endpoints: { path: string }[] };
const paths = (index: Index) => index.endpoints.map((e) => e.path);

describe('a ZTF and an LSST store side by side', () => {
  let ztf: StoreLayout;
  let lsst: StoreLayout;
  let server: RunningServer;
  beforeAll(async () => {
    ztf = tempStore('skyalert-multi-ztf-');
    lsst = await lsstFixtureStore('skyalert-multi-lsst-');
    server = await startServer(
      [
        { name: 'ztf', layout: ztf },
        { name: 'lsst', layout: lsst },
      ],
      { port: 0, host: '127.0.0.1', log: testLog },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    for (const s of [ztf, lsst]) fs.rmSync(s.root, { recursive: true, force: true });
  });

  it('answers the LSST API under /lsst/ with the exact 64-bit ids', async () => {
    const res = await fetch(
      `${server.url}/lsst/api/v1/objects?diaObjectId=${LSST_OBJECT}&columns=r:diaObjectId`,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`"r:diaObjectId":${LSST_OBJECT}`);
    expect(paths((await (await fetch(`${server.url}/lsst/api/v1/`)).json()) as Index)).toContain(
      '/api/v1/fp',
    );
  });

  it('answers the ZTF API under /ztf/ and, as the first store, without a prefix', async () => {
    for (const base of [`${server.url}/ztf`, server.url]) {
      const listed = paths((await (await fetch(`${base}/api/v1/`)).json()) as Index);
      expect(listed).toContain('/api/v1/latests');
      expect(listed).not.toContain('/api/v1/fp');
    }
    // the ZTF store has nothing published: its data routes say so, the LSST store's answer
    expect((await fetch(`${server.url}/api/v1/objects?objectId=ZTF21abfmbix`)).status).toBe(503);
    expect((await fetch(`${server.url}/lsst/health/ready`)).status).toBe(200);
    expect((await fetch(`${server.url}/ztf/health/ready`)).status).toBe(503);
  });

  it('answers the LSST sky map in-process under the test runner (no compiled heavy-request threads)', async () => {
    const listing = await fetch(`${server.url}/lsst/api/v1/skymap`);
    expect(listing.status).toBe(200);
    expect(JSON.stringify(await listing.json())).toContain('credible_level');
    const metrics = await (await fetch(`${server.url}/lsst/metrics`)).text();
    expect(metrics).toContain('skyalert_http_requests_total');
    expect(metrics).not.toContain('skyalert_heavy_requests_total');
  });
});

describe('--store options', () => {
  it('takes DIR or NAME=DIR, and refuses names that are the server own paths', () => {
    const [plain, named] = parseStoreOptions(['/tmp/a', 'lsst=/tmp/b']);
    expect(plain).toEqual({ name: null, dir: '/tmp/a' });
    expect(named).toEqual({ name: 'lsst', dir: '/tmp/b' });
    expect(() => parseStoreOptions(['api=/tmp/c'])).toThrow(/cannot be a path prefix/);
  });
});
