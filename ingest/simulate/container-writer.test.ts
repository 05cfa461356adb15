import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { AlertDecoder, readBlock, readHeader } from '../decode/index.js';
import { ContainerEncoder, encodeContainer, encodeVarLong } from './container-writer.js';

const schema = {
  type: 'record',
  name: 'alert',
  fields: [
    { name: 'objectId', type: 'string' },
    { name: 'candid', type: 'long' },
    {
      name: 'candidate',
      type: {
        type: 'record',
        name: 'candidate',
        fields: [
          { name: 'jd', type: 'double' },
          { name: 'ra', type: 'double' },
          { name: 'dec', type: 'double' },
          { name: 'fid', type: 'int' },
        ],
      },
    },
  ],
} as const;
const type = avro.Type.forSchema(schema as unknown as avro.Schema, { registry: { long: bigintLongType } });
const record = (i: number) => ({
  objectId: `ZTF24aaaaa${String(i).padStart(2, 'a')}`,
  candid: 2600000000000000000n + BigInt(i),
  candidate: { jd: 2460400.75 + i, ra: 10 + i, dec: -5, fid: 1 + (i % 2) },
});

describe('encodeVarLong', () => {
  it('writes zig-zag varints like avsc longs', () => {
    const longType = avro.Type.forSchema('long', { registry: { long: bigintLongType } });
    for (const n of [0, -1, 1, 63, -64, 64, 300, -300, 2 ** 40, -(2 ** 45), Number.MAX_SAFE_INTEGER]) {
      expect(encodeVarLong(n).equals(longType.toBuffer(BigInt(n)))).toBe(true);
    }
    expect(() => encodeVarLong(2 ** 60)).toThrow(RangeError);
  });
});

/** Records of a container read by avsc's own streaming decoder (independent of ingest/decode), and its header. */
async function avscDecode(bytes: Buffer): Promise<{ records: unknown[]; codec: string; schemaText: string }> {
  const decoder = new avro.streams.BlockDecoder({
    parseHook: (s: avro.Schema) => avro.Type.forSchema(s, { registry: { long: bigintLongType } }),
  });
  const records: unknown[] = [];
  let codec = '';
  let schemaText = '';
  decoder.on('metadata', (_type: avro.Type, c: string, header: { meta: Record<string, Buffer> }) => {
    codec = c;
    schemaText = header.meta['avro.schema'].toString('utf8');
  });
  decoder.on('data', (r: unknown) => records.push(r));
  const done = new Promise<void>((resolve, reject) => {
    decoder.on('end', resolve);
    decoder.on('error', reject);
  });
  decoder.end(bytes);
  await done;
  return { records, codec, schemaText };
}

describe('encodeContainer', () => {
  it.each(['null', 'deflate'] as const)(
    'writes %s containers that avsc BlockDecoder reads back, schema text and values exact',
    async (codec) => {
      const records = Array.from({ length: 7 }, (_, i) => record(i));
      const schemaText = JSON.stringify(schema, null, 1);
      const bytes = encodeContainer(records, type, { codec, blockRecords: 3, schemaText });
      const read = await avscDecode(bytes);
      expect(read.codec).toBe(codec);
      expect(read.schemaText).toBe(schemaText);
      expect(read.records.map((r) => ({ ...(r as object) }))).toEqual(records);
    },
  );

  it('writes a container that the alert decoder reads back (one record, like a ZTF Kafka message)', () => {
    const bytes = encodeContainer([record(1)], type);
    const header = readHeader(bytes);
    expect(header?.codec).toBe('null');
    expect(JSON.parse(header?.schemaText ?? '{}').name).toBe('alert');
    const out = new AlertDecoder().decodeMessage(bytes);
    expect(out).toHaveLength(1);
    const first = out[0];
    if (!first.ok) throw new Error(first.reason);
    expect(first.alert.candid).toBe(2600000000000000001n);
    expect(first.alert.objectId).toBe(record(1).objectId);
    expect(first.alert.jd).toBe(2460401.75);
  });

  it('splits records into blocks, compresses with deflate, and is deterministic', () => {
    const records = Array.from({ length: 10 }, (_, i) => record(i));
    const a = encodeContainer(records, type, { codec: 'deflate', blockRecords: 4 });
    const b = encodeContainer(records, type, { codec: 'deflate', blockRecords: 4 });
    expect(a.equals(b)).toBe(true);
    const header = readHeader(a);
    if (!header) throw new Error('no header');
    expect(header.codec).toBe('deflate');
    const counts: number[] = [];
    let pos = header.end;
    while (pos < a.length) {
      const block = readBlock(a, pos, header.sync);
      if (!block) throw new Error('truncated');
      counts.push(block.count);
      pos = block.end;
    }
    expect(counts).toEqual([4, 4, 2]);
    const decoded = new AlertDecoder().decodeMessage(a);
    expect(decoded.map((o) => (o.ok ? o.alert.candid : -1n))).toEqual(records.map((r) => r.candid));
  });

  it('uses the given sync marker and rejects a marker of the wrong size', () => {
    const sync = new Uint8Array(16).fill(7);
    const bytes = encodeContainer([], type, { syncMarker: sync });
    expect(Buffer.from(readHeader(bytes)?.sync ?? []).equals(Buffer.from(sync))).toBe(true);
    expect(new AlertDecoder().decodeMessage(bytes)).toEqual([]);
    expect(() => new ContainerEncoder('"long"', { syncMarker: new Uint8Array(3) })).toThrow(RangeError);
  });

  it('builds bad inputs for tests: a truncated block is reported, not thrown', () => {
    const bytes = encodeContainer([record(1), record(2)], type);
    const out = new AlertDecoder().decodeMessage(bytes.subarray(0, bytes.length - 20));
    expect(out.some((o) => !o.ok)).toBe(true);
  });
});
