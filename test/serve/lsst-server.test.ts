/**
 * The server serves the survey its store holds (survey.json): Fink's LSST routes on an LSST store, exactly the
 * ZTF routes on a ZTF store; and every LSST endpoint lists, validates and documents the same arguments (as
 * serve/api/endpoint-args.test.ts checks for the ZTF ones).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LSST_API_ENDPOINTS } from '../../serve/api/lsst/index.js';
import { argValidation, describeArgs } from '../../serve/args/arg-docs.js';
import { startServer } from '../../serve/index.js';
import { type LsstFixtureApp, lsstFixtureStore, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { tempStore, testLog } from '../support/store.js';

describe('serve chooses the app by the store survey', () => {
  it('serves the LSST routes on an LSST store and the ZTF routes on a ZTF store', async () => {
    const lsst = await lsstFixtureStore('skyalert-lsst-serve-');
    const ztf = tempStore('skyalert-ztf-serve-');
    const a = await startServer(lsst, { port: 0, host: '127.0.0.1', log: testLog });
    const b = await startServer(ztf, { port: 0, host: '127.0.0.1', log: testLog });
    try {
      const sources = await fetch(
        `${a.url}/api/v1/sources?diaObjectId=169738309211783177&columns=r:diaSourceId`,
      );
      expect(sources.status).toBe(200);
      expect(((await sources.json()) as object[]).length).toBe(23);
      expect((await fetch(`${a.url}/api/v1/latests?class=Unknown`)).status).toBe(404);
      const index = (await (await fetch(`${a.url}/api/v1/`)).json()) as { endpoints: { path: string }[] };
      expect(index.endpoints.map((e) => e.path)).toContain('/api/v1/fp');
      const ztfIndex = (await (await fetch(`${b.url}/api/v1/`)).json()) as { endpoints: { path: string }[] };
      expect(ztfIndex.endpoints.map((e) => e.path)).toContain('/api/v1/latests');
      expect(ztfIndex.endpoints.map((e) => e.path)).not.toContain('/api/v1/fp');
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(lsst.root, { recursive: true, force: true });
      fs.rmSync(ztf.root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('LSST endpoint arguments: one declaration', () => {
  let fx: LsstFixtureApp;
  beforeAll(async () => {
    fx = await openLsstFixtureApp();
  }, 60_000);
  afterAll(() => fx?.close());

  // endpoints without arguments (`/api/v1/stores`, `blocks`) answer a bare GET with their body, not a listing;
  // tags answers its bare GET with the tag list (as Fink): lsst-tags.test.ts
  it.each(
    LSST_API_ENDPOINTS.filter((e) => e.args && e.path !== '/api/v1/tags').map((e) => [e.path, e] as const),
  )(
    '%s: the listing, the validation and OpenAPI name the same arguments; wrong types and unknown names are 400s',
    async (path, endpoint) => {
      const doc = (await (await fx.app.request('/api/v1/openapi.json')).json()) as {
        paths: Record<string, { get: { parameters: { name: string }[] } }>;
      };
      const validated = Object.keys(argValidation(endpoint.args!).schema.shape);
      const listed = ((await (await fx.app.request(path)).json()) as { args: { name: string }[] }).args;
      expect(listed.map((a) => a.name)).toEqual([
        ...(endpoint.upload ? [endpoint.upload.field] : []),
        ...validated,
      ]);
      expect(doc.paths[path].get.parameters.map((p) => p.name)).toEqual(validated);
      const required = describeArgs(endpoint.args!).filter((a) => a.required);
      const base = Object.fromEntries(required.map((a) => [a.name, a.example]));
      for (const name of validated) {
        const res = await fx.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...base, [name]: { not: 'a value' } }),
        });
        expect(res.status, name).toBe(400);
        expect(((await res.json()) as { text: string }).text).toContain(`Invalid value for \`${name}\``);
      }
      const unknown = await fx.app.request(`${path}?notAnArgument=1`);
      expect(unknown.status).toBe(400);
    },
  );
});
