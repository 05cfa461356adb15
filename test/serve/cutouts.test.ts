/**
 * `/api/v1/cutouts` and the `withcutouts` arrays on a store built from the real raw alerts: FITS files exactly
 * as in the alert (inflated by zlib here), arrays equal to the FITS reader's values, valid PNGs, every epoch, errors as JSON.
 */
import fs from 'node:fs';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFitsImage } from '../../compute/fits/index.js';
import type { StoreLayout } from '../../data/index.js';
import { compactStore } from '../../ingest/publish/index.js';
import { createApp } from '../../serve/app.js';
import { addStampArrays } from '../../serve/cutout-arrays.js';
import { objectReads } from '../../serve/object-reads.js';
import { StoreReader } from '../../serve/store-reader.js';
import { readPng } from '../support/png.js';
import { rawStoreLayout } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const OID = 'ZTF19acihgng';
const CANDID = '1060135832015015002';
const KINDS = ['Science', 'Template', 'Difference'] as const;
/** ZTF18aaadweo has two alerts, on 2023-10-18 and 2023-10-19 (two parts). */
const TWO_EPOCHS = { objectId: 'ZTF18aaadweo', candids: ['2482363471315015007', '2481345490015015002'] };

function stampFile(kind: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(testDataPath('cutouts', `${OID}_${CANDID}_cutout${kind}.fits.gz`)));
}

/** The FITS file inside the alert's gzipped stamp, inflated by zlib. */
function fitsFile(kind: string): Buffer {
  return gunzipSync(stampFile(kind));
}

function asNullable(data: Float64Array): (number | null)[] {
  return Array.from(data, (v) => (Number.isNaN(v) ? null : v));
}

/** Entries of a ZIP, stored (method 0) or deflated (method 8), read from the central directory. */
function zipEntries(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.length);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const out = new Map<string, Uint8Array>();
  let pos = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const method = view.getUint16(pos + 10, true);
    expect([0, 8]).toContain(method);
    const size = view.getUint32(pos + 20, true);
    const nameLength = view.getUint16(pos + 28, true);
    const local = view.getUint32(pos + 42, true);
    const name = new TextDecoder().decode(zip.subarray(pos + 46, pos + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    out.set(name, method === 8 ? new Uint8Array(inflateRawSync(data)) : data);
    pos += 46 + nameLength;
  }
  return out;
}

describe('/api/v1/cutouts', () => {
  let layout: StoreLayout;
  let reader: StoreReader;
  let app: Hono;

  const get = async (query: string) => app.request(`/api/v1/cutouts?${query}`);
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  beforeAll(async () => {
    layout = await rawStoreLayout();
    reader = await StoreReader.open(layout, testLog);
    app = createApp(reader, testLog);
  });
  afterAll(() => {
    reader?.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it.each(KINDS)('returns the FITS file of the %s stamp, uncompressed, for FITS', async (kind) => {
    const res = await get(`objectId=${OID}&candid=${CANDID}&kind=${kind}&output-format=FITS`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${OID}_${CANDID}_${kind}.fits"`,
    );
    expect(Buffer.from(await bytesOf(res)).equals(fitsFile(kind))).toBe(true);
  });

  it('picks the latest alert when candid is absent', async () => {
    const res = await get(`objectId=${OID}&kind=Difference&output-format=fits`);
    expect(res.headers.get('content-disposition')).toContain(CANDID);
    expect(Buffer.from(await bytesOf(res)).equals(fitsFile('Difference'))).toBe(true);
    const two = await get(`objectId=${TWO_EPOCHS.objectId}&output-format=FITS`);
    expect(two.headers.get('content-disposition')).toContain(TWO_EPOCHS.candids[0]);
    const newest = await get(
      `objectId=${TWO_EPOCHS.objectId}&candid=${TWO_EPOCHS.candids[0]}&output-format=FITS`,
    );
    expect(Buffer.from(await bytesOf(two)).equals(Buffer.from(await bytesOf(newest)))).toBe(true);
  });

  it('returns 63×63 arrays equal to the FITS reader values, NaN as null', async () => {
    const res = await get(`objectId=${OID}&candid=${CANDID}&kind=Science&output-format=array`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, (number | null)[][]>;
    expect(Object.keys(body)).toEqual(['b:cutoutScience_stampData']);
    const rows = body['b:cutoutScience_stampData'];
    expect(rows).toHaveLength(63);
    expect(rows.every((r) => r.length === 63)).toBe(true);
    expect(rows.flat()).toEqual(asNullable(readFitsImage(stampFile('Science')).data));
  });

  it('returns the three arrays with kind=All, each different', async () => {
    const body = (await (await get(`objectId=${OID}&kind=All&output-format=array`)).json()) as Record<
      string,
      (number | null)[][]
    >;
    for (const kind of KINDS)
      expect(body[`b:cutout${kind}_stampData`].flat()).toEqual(
        asNullable(readFitsImage(stampFile(kind)).data),
      );
    expect(body['b:cutoutScience_stampData']).not.toEqual(body['b:cutoutTemplate_stampData']);
    expect(body['b:cutoutTemplate_stampData']).not.toEqual(body['b:cutoutDifference_stampData']);
  });

  it('returns a valid 63×63 greyscale PNG by default, on-sky orientation', async () => {
    const res = await get(`objectId=${OID}&candid=${CANDID}&kind=Science`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${OID}_${CANDID}_Science.png"`,
    );
    const png = readPng(await bytesOf(res));
    expect(png).toMatchObject({ width: 63, height: 63, color: 'grey' });
    // the brightest pixel of the stamp is the brightest of the PNG, with FITS row 1 at the bottom
    const data = readFitsImage(stampFile('Science')).data;
    let best = 0;
    for (let i = 1; i < data.length; i++) if (data[i] > data[best]) best = i;
    const [x, y] = [best % 63, Math.floor(best / 63)];
    expect(png.pixels[(62 - y) * 63 + x]).toBe(Math.max(...png.pixels));
  });

  it('changes the PNG with stretch, colormap, convolution and (non-sigmoid) percentiles', async () => {
    const base = `objectId=${OID}&candid=${CANDID}&kind=Science`;
    const png = async (q: string) => Buffer.from(await bytesOf(await get(`${base}${q}`)));
    const sigmoid = await png('');
    for (const stretch of ['linear', 'sqrt', 'power', 'log', 'asinh'])
      expect((await png(`&stretch=${stretch}`)).equals(sigmoid), stretch).toBe(false);
    const viridis = await png('&colormap=viridis');
    expect(readPng(viridis).color).toBe('rgb');
    expect(viridis.equals(await png('&colormap=Greys'))).toBe(false);
    expect((await png('&convolution_kernel=gauss')).equals(sigmoid)).toBe(false);
    expect((await png('&convolution_kernel=box')).equals(sigmoid)).toBe(false);
    expect((await png('&pmin=0.1&pmax=0.5')).equals(sigmoid)).toBe(true);
    const linear = await png('&stretch=linear');
    expect((await png('&stretch=linear&pmin=0.1&pmax=0.5')).equals(linear)).toBe(false);
  });

  it('answers POST with a JSON body as GET, a bare 64-bit candid included', async () => {
    const viaGet = await bytesOf(
      await get(`objectId=${OID}&candid=${CANDID}&kind=Template&output-format=FITS`),
    );
    const res = await app.request('/api/v1/cutouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"objectId": "${OID}", "candid": ${CANDID}, "kind": "Template", "output-format": "FITS"}`,
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await bytesOf(res)).equals(Buffer.from(viaGet))).toBe(true);
  });

  it('returns every epoch with candid=all and array output, most recent first', async () => {
    const res = await get(`objectId=${TWO_EPOCHS.objectId}&candid=all&output-format=array&kind=Difference`);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const c of TWO_EPOCHS.candids) expect(text).toContain(`"i:candid":${c}`);
    const list = JSON.parse(text) as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    expect(list[0]['i:jd'] as number).toBeGreaterThan(list[1]['i:jd'] as number);
    expect(text.indexOf(TWO_EPOCHS.candids[0])).toBeLessThan(text.indexOf(TWO_EPOCHS.candids[1]));
    for (const item of list) {
      expect(Object.keys(item)).toEqual(['i:candid', 'i:jd', 'b:cutoutDifference_stampData']);
      expect(item['b:cutoutDifference_stampData'] as unknown[]).toHaveLength(63);
    }
    for (const c of TWO_EPOCHS.candids) {
      const one = await get(
        `objectId=${TWO_EPOCHS.objectId}&candid=${c}&kind=Difference&output-format=array`,
      );
      const arr = ((await one.json()) as Record<string, unknown>)['b:cutoutDifference_stampData'];
      expect(list[TWO_EPOCHS.candids.indexOf(c)]['b:cutoutDifference_stampData']).toEqual(arr);
    }
  });

  it('returns every epoch as a ZIP of FITS (the stamps inflated) or PNG files', async () => {
    const fits = await get(`objectId=${TWO_EPOCHS.objectId}&candid=all&output-format=FITS&kind=All`);
    expect(fits.status).toBe(200);
    expect(fits.headers.get('content-type')).toBe('application/zip');
    const entries = zipEntries(await bytesOf(fits));
    expect(entries.size).toBe(6);
    for (const c of TWO_EPOCHS.candids) {
      for (const kind of KINDS) {
        const one = await get(`objectId=${TWO_EPOCHS.objectId}&candid=${c}&kind=${kind}&output-format=FITS`);
        const name = `${TWO_EPOCHS.objectId}_${c}_${kind}.fits`;
        expect(Buffer.from(entries.get(name)!).equals(Buffer.from(await bytesOf(one))), name).toBe(true);
      }
    }
    const png = zipEntries(await bytesOf(await get(`objectId=${TWO_EPOCHS.objectId}&candid=all`)));
    expect([...png.keys()]).toEqual(TWO_EPOCHS.candids.map((c) => `${TWO_EPOCHS.objectId}_${c}_Science.png`));
    for (const bytes of png.values()) expect(readPng(bytes)).toMatchObject({ width: 63, height: 63 });
  });

  it('answers an unknown object with [] for candid=all as array', async () => {
    const res = await get('objectId=ZTF99zzzzzzz&candid=all&output-format=array');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('lists its arguments on a GET without parameters', async () => {
    const body = (await (await get('')).json()) as { args: { name: string }[] };
    expect(body.args.map((a) => a.name)).toEqual([
      'objectId',
      'candid',
      'kind',
      'output-format',
      'stretch',
      'colormap',
      'pmin',
      'pmax',
      'convolution_kernel',
    ]);
  });

  it.each([
    ['kind=All', /kind=All/],
    ['kind=Sky', /`kind`.*Science, Template, Difference, All/],
    ['output-format=JPEG', /`output-format`.*PNG, FITS, array/],
    ['stretch=histeq', /`stretch`.*sigmoid/],
    ['colormap=jet', /`colormap`.*viridis/],
    ['convolution_kernel=median', /`convolution_kernel`.*gauss, box/],
    ['pmin=-1', /`pmin`.*0 and 100/],
    ['pmax=abc', /`pmax`/],
    ['pmin=60&pmax=40', /pmin \(60\) must be below pmax \(40\)/],
    ['candid=12ab', /`candid`.*integer/],
    ['candid=-5', /`candid`/],
    ['candid=99999999999999999999', /`candid`/],
    ['candid=1', /not an alert of ZTF19acihgng/],
    ['candid=2482363471315015007', /not an alert of ZTF19acihgng/],
  ])('rejects %s with a 400 JSON error naming the fix', async (extra, pattern) => {
    const res = await get(`objectId=${OID}&${extra}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; text: string };
    expect(body.status).toBe('error');
    expect(body.text).toMatch(pattern);
  });

  it.each([
    ['', /objectId/],
    ['objectId=%27%3B%20DROP%20TABLE%20x&kind=Science', /objectId/],
    ['objectId=ZTF99zzzzzzz', /No alert of ZTF99zzzzzzz/],
    ['objectId=ZTF99zzzzzzz&candid=all', /No alert of ZTF99zzzzzzz/],
  ])('rejects objectId problems (%s) with a 400 JSON error', async (q, pattern) => {
    const res = await app.request(`/api/v1/cutouts?kind=Science&${q}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; text: string };
    expect(body).toMatchObject({ status: 'error' });
    expect(body.text).toMatch(pattern);
  });

  it('rejects a JSON body candid that is not a string or an integer', async () => {
    const res = await app.request('/api/v1/cutouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ objectId: OID, candid: [1], kind: 'Science' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { text: string }).text).toMatch(/candid/);
  });

  describe('addStampArrays (withcutouts of objects)', () => {
    it('adds the three arrays per alert row, null for upper limits and [] for a missing stamp', () => {
      const reads = objectReads(reader, reader.snapshot(), OID, true);
      const rows: Record<string, unknown>[] = [
        { 'i:objectId': OID, 'i:candid': BigInt(CANDID) },
        { 'i:objectId': OID, 'i:candid': -1n },
        { 'i:objectId': OID, 'i:candid': 42n },
      ];
      addStampArrays(rows, KINDS, (objectId) => reads.stamps(objectId, 'all', KINDS));
      for (const kind of KINDS) {
        const field = `b:cutout${kind}_stampData`;
        const data = readFitsImage(stampFile(kind)).data;
        expect((rows[0][field] as number[][]).flat()).toEqual(Array.from(data));
        expect(rows[1][field]).toBeNull();
        expect(rows[2][field]).toEqual([]);
      }
      const one: Record<string, unknown>[] = [{ 'i:objectId': OID, 'i:candid': BigInt(CANDID) }];
      addStampArrays(one, ['Difference'], (objectId) => reads.stamps(objectId, 'all', ['Difference']));
      expect(Object.keys(one[0])).toEqual(['i:objectId', 'i:candid', 'b:cutoutDifference_stampData']);
    });
  });

  it('still finds every stamp after compaction merged the nights (cutouts files of merged parts)', async () => {
    const before = await (await get(`objectId=${TWO_EPOCHS.objectId}&candid=all&output-format=array`)).text();
    const result = await compactStore(layout, testLog, { recentNightsKept: 0 });
    expect(result.mergedParts).toBeGreaterThan(0);
    await reader.refresh();
    expect(reader.current().version).toBe(result.catalogVersion);
    expect(await (await get(`objectId=${TWO_EPOCHS.objectId}&candid=all&output-format=array`)).text()).toBe(
      before,
    );
    const fits = await get(`objectId=${OID}&candid=${CANDID}&kind=Science&output-format=FITS`);
    expect(Buffer.from(await bytesOf(fits)).equals(fitsFile('Science'))).toBe(true);
  });
});
