/** `/api/v1/objects` on a store built from the real raw alerts: real values, exact candid, errors as JSON. */
import fs from 'node:fs';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { rawStoreLayout } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

describe('/api/v1/objects', () => {
  let layout: StoreLayout;
  let reader: StoreReader;
  let app: Hono;

  beforeAll(async () => {
    layout = await rawStoreLayout();
    reader = await StoreReader.open(layout, testLog);
    app = createApp(reader, testLog);
  });
  afterAll(() => {
    reader?.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('answers ZTF19acihgng with its real alert values and an exact 64-bit candid', async () => {
    const res = await app.request('/api/v1/objects?objectId=ZTF19acihgng');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(text).toContain('"i:candid":1060135832015015002');
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]['i:objectId']).toBe('ZTF19acihgng');
    expect(rows[0]['i:jd']).toBeCloseTo(2458814.6358, 4);
    expect(rows[0]['i:ra']).toBeCloseTo(289.8937586, 7);
    expect(rows[0]['i:dec']).toBeCloseTo(61.8469285, 7);
    expect(rows[0]['v:constellation']).toBe('Draco');
    expect(rows[0]['v:lastdate']).toMatch(/^2019-11-27 \d\d:\d\d:\d\d\.\d{3}$/);
    expect(typeof rows[0]['v:classification']).toBe('string');
  });

  it('POST with a JSON body gives the same answer as GET', async () => {
    const get = await (await app.request('/api/v1/objects?objectId=ZTF19acihgng')).text();
    const post = await app.request('/api/v1/objects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ objectId: 'ZTF19acihgng' }),
    });
    expect(await post.text()).toBe(get);
  });

  it('adds tagged upper limits with withupperlim, sorted by jd descending', async () => {
    const res = await app.request('/api/v1/objects?objectId=ZTF19acihgng&withupperlim=true');
    const rows = (await res.json()) as Record<string, unknown>[];
    const tags = new Set(rows.map((r) => r['d:tag']));
    expect(tags.has('valid')).toBe(true);
    expect(tags.has('upperlim')).toBe(true);
    const jds = rows.map((r) => r['i:jd'] as number);
    expect([...jds].sort((a, b) => b - a)).toEqual(jds);
    expect(rows.filter((r) => r['d:tag'] !== 'valid').every((r) => r['i:candid'] === -1)).toBe(true);
  });

  it('restricts columns and drops v: fields then', async () => {
    const res = await app.request('/api/v1/objects?objectId=ZTF19acihgng&columns=i:jd,i:magpsf,nope');
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(Object.keys(rows[0]).sort()).toEqual(['i:jd', 'i:magpsf']);
  });

  it('answers an unknown object with 200 []', async () => {
    const res = await app.request('/api/v1/objects?objectId=ZTF99zzzzzzz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('lists its arguments on a GET without parameters', async () => {
    const res = await app.request('/api/v1/objects');
    const body = (await res.json()) as { args: { name: string }[] };
    expect(body.args.map((a) => a.name)).toContain('objectId');
  });

  it.each([
    ['/api/v1/objects?objectId=%27%3B%20DROP%20TABLE%20x', /objectId/],
    ['/api/v1/objects?objectId=ZTF19acihgng&withupperlim=maybe', /withupperlim/],
    ['/api/v1/objects?withupperlim=true', /objectId/],
  ])('rejects bad input %s with a 400 JSON error', async (url, pattern) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; text: string };
    expect(body.status).toBe('error');
    expect(body.text).toMatch(pattern);
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await app.request('/api/v1/objects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"objectId": ',
    });
    expect(res.status).toBe(400);
  });

  it('adds the stamps as 63x63 arrays with withcutouts and cutout-kind', async () => {
    const res = await app.request(
      '/api/v1/objects?objectId=ZTF19acihgng&withcutouts=true&cutout-kind=Science',
    );
    const rows = (await res.json()) as Record<string, unknown>[];
    const stamp = rows[0]['b:cutoutScience_stampData'] as number[][];
    expect(stamp).toHaveLength(63);
    expect(stamp[0]).toHaveLength(63);
    expect(rows[0]['b:cutoutTemplate_stampData']).toBeUndefined();
  });

  it.each(['csv', 'parquet', 'votable'])('answers in %s with a download file name', async (format) => {
    const res = await app.request(`/api/v1/objects?objectId=ZTF19acihgng&output-format=${format}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+"/);
    const body = Buffer.from(await res.arrayBuffer());
    if (format === 'csv') expect(body.toString()).toContain('1060135832015015002');
    if (format === 'votable') expect(body.toString()).toContain('ID="i_candid"');
    if (format === 'parquet') expect(body.subarray(0, 4).toString()).toBe('PAR1');
  });
});
