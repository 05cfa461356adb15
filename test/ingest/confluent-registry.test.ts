/**
 * The schema registry client against a Confluent-compatible registry on loopback: references between schemas,
 * schemas that are not Avro, and what happens when the registry is down, slow, failing or not a registry.
 */
import avro from 'avsc';
import { afterEach, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import {
  ConfluentDecoder,
  encodeConfluentFrame,
  SchemaRegistrySource,
  SchemaSourceError,
} from '../../ingest/decode/index.js';
import {
  type SeededSchema,
  startSchemaRegistry,
  type TestSchemaRegistry,
} from '../support/schema-registry.js';

const band = { type: 'enum', name: 'band', namespace: 'test.v1', symbols: ['u', 'g', 'r', 'i', 'z', 'y'] };
const point = {
  type: 'record',
  name: 'point',
  namespace: 'test.v1',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'band', type: 'test.v1.band' },
    { name: 'fluxNJy', type: ['null', 'float'], default: null },
  ],
};
const alert = {
  type: 'record',
  name: 'alert',
  namespace: 'test.v1',
  fields: [
    { name: 'alertId', type: 'long' },
    { name: 'point', type: 'point' },
    { name: 'history', type: { type: 'array', items: 'test.v1.point' } },
  ],
};
/** The same alert schema written self-contained: how the producer encodes. */
const writer = avro.Type.forSchema(
  {
    ...alert,
    fields: [
      alert.fields[0],
      {
        name: 'point',
        type: { ...point, fields: [point.fields[0], { name: 'band', type: band }, point.fields[2]] },
      },
      alert.fields[2],
    ],
  } as avro.Schema,
  { registry: { long: bigintLongType } },
);
const value = {
  alertId: 2n ** 62n + 7n,
  point: { id: -(2n ** 60n) - 1n, band: 'y', fluxNJy: 1.5 },
  history: [{ id: 3n, band: 'u', fluxNJy: null }],
};
const datum = writer.toBuffer(value);

const selfContained = JSON.stringify(writer.schema());

let registry: TestSchemaRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function start(seed: SeededSchema[] = [{ id: 7, schema: selfContained }]): Promise<TestSchemaRegistry> {
  registry = await startSchemaRegistry(seed);
  return registry;
}

function decoderFor(url: string, options: { retries?: number; timeoutMs?: number } = {}): ConfluentDecoder {
  return new ConfluentDecoder(new SchemaRegistrySource({ url, retryDelayMs: 1, ...options }));
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<SchemaSourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof SchemaSourceError))
    throw new Error(`expected a SchemaSourceError, got ${String(err)}`);
  return err;
}

describe('schema references', () => {
  it('fetch the referenced subject versions (nested), once each, and decode with the assembled schema', async () => {
    const r = await start();
    r.register('test.v1.band', JSON.stringify(band));
    r.register('test.v1.point', JSON.stringify(point), [
      { name: 'test.v1.band', subject: 'test.v1.band', version: 1 },
    ]);
    const refs = [{ name: 'test.v1.point', subject: 'test.v1.point', version: 1 }];
    const id = r.register('alerts-value', JSON.stringify(alert), refs);
    // a second version referring to the same subject version
    const id2 = r.register('alerts-value', JSON.stringify({ ...alert, doc: 'v2' }), refs);
    const decoder = decoderFor(r.url);
    const out = await decoder.decode([encodeConfluentFrame(id, datum), encodeConfluentFrame(id2, datum)]);
    for (const o of out) {
      if (!o.ok) throw new Error(o.reason);
      expect(o.record).toEqual(value);
      expect(o.schema.name).toBe('test.v1.alert');
    }
    expect(r.count('/subjects/test.v1.point/versions/1')).toBe(1);
    expect(r.count('/subjects/test.v1.band/versions/1')).toBe(1);
  });

  it('reject the frames of a schema whose reference the registry lacks, or whose type is not Avro', async () => {
    const r = await start([
      {
        id: 1,
        schema: JSON.stringify(alert),
        references: [{ name: 'test.v1.point', subject: 'nowhere', version: 1 }],
      },
      { id: 2, schema: 'syntax = "proto3";', schemaType: 'PROTOBUF' },
      { id: 3, schema: JSON.stringify(alert) },
    ]);
    const out = await decoderFor(r.url).decode([1, 2, 3].map((id) => encodeConfluentFrame(id, datum)));
    expect(out.map((o) => (o.ok ? 'decoded' : o.reason))).toEqual([
      `schema id 1 (schema registry ${r.url}): reference test.v1.point: the registry holds no subject "nowhere" version 1`,
      'schema id 2 is a PROTOBUF schema, not Avro',
      `schema id 3 (schema registry ${r.url}): type test.v1.point is used but defined neither in the schema nor in the ones it refers to`,
    ]);
  });
});

describe('a registry that cannot answer', () => {
  it('down: a retriable error naming the registry and the cause, after the allowed attempts', async () => {
    const r = await start();
    const url = r.url;
    await r.close();
    registry = undefined;
    const err = await rejection(decoderFor(url, { retries: 1 }).decode([encodeConfluentFrame(7, datum)]));
    expect(err.retriable).toBe(true);
    expect(err.message).toContain(`schema registry ${url}: GET ${url}/schemas/ids/7 failed`);
    expect(err.message).toContain('ECONNREFUSED');
    expect(err.message).toMatch(/\(2 attempts\)$/);
  });

  it('failing for a while: retried with backoff until it answers', async () => {
    const r = await start();
    r.failNext(2, 503);
    const [o] = await decoderFor(r.url, { retries: 4 }).decode([encodeConfluentFrame(7, datum)]);
    expect(o.ok && o.record).toEqual(value);
    expect(r.count('/schemas/ids/7')).toBe(3);
  });

  it('failing longer than the retries: an error, and nothing remembered (the next batch asks again)', async () => {
    const r = await start();
    r.failNext(3, 503);
    const decoder = decoderFor(r.url, { retries: 2 });
    const frame = encodeConfluentFrame(7, datum);
    const err = await rejection(decoder.decode([frame]));
    expect(err.message).toBe(
      `schema registry ${r.url}: GET ${r.url}/schemas/ids/7 answered HTTP 503: injected HTTP 503 (3 attempts)`,
    );
    const [o] = await decoder.decode([frame]);
    expect(o.ok).toBe(true);
    expect(r.count('/schemas/ids/7')).toBe(4);
  });

  it('slow: each request times out, and a retry succeeds', async () => {
    const r = await start();
    r.stallNext(1);
    const err = await rejection(
      decoderFor(r.url, { retries: 0, timeoutMs: 300 }).decode([encodeConfluentFrame(7, datum)]),
    );
    expect(err.message).toContain(`GET ${r.url}/schemas/ids/7 timed out after 300 ms (1 attempt)`);
    r.stallNext(1);
    const [o] = await decoderFor(r.url, { retries: 1, timeoutMs: 300 }).decode([
      encodeConfluentFrame(7, datum),
    ]);
    expect(o.ok).toBe(true);
  });

  it('refusing (HTTP 401) or not a registry (a 404 without its error code): not retried', async () => {
    const r = await start();
    r.failNext(1, 401);
    const refused = await rejection(decoderFor(r.url).decode([encodeConfluentFrame(7, datum)]));
    expect(refused.retriable).toBe(false);
    expect(refused.message).toBe(
      `schema registry ${r.url}: GET ${r.url}/schemas/ids/7 answered HTTP 401: injected HTTP 401`,
    );
    const wrong = await rejection(decoderFor(`${r.url}/not-here/`).decode([encodeConfluentFrame(7, datum)]));
    expect(wrong.retriable).toBe(false);
    expect(wrong.message).toMatch(
      /GET .*\/not-here\/schemas\/ids\/7 answered HTTP 404 without a registry's "not found" error code/,
    );
    expect(r.count('/not-here/schemas/ids/7')).toBe(1);
  });

  it('refuse a URL that is not http(s), at construction', () => {
    expect(() => new SchemaRegistrySource({ url: 'not a url' })).toThrow(SchemaSourceError);
    expect(() => new SchemaRegistrySource({ url: 'ftp://host/' })).toThrow(/is not http or https/);
  });
});

describe('credentials in the URL', () => {
  it('are sent as Basic authorization and kept out of messages', async () => {
    const r = await start();
    const url = r.url.replace('http://', 'http://alice:s%3Acret@');
    const source = new SchemaRegistrySource({ url });
    expect(source.description).toBe(`schema registry ${r.url}`);
    const [o] = await new ConfluentDecoder(source).decode([encodeConfluentFrame(7, datum)]);
    expect(o.ok).toBe(true);
    expect(r.requests.at(-1)?.authorization).toBe(`Basic ${Buffer.from('alice:s:cret').toString('base64')}`);
  });
});
