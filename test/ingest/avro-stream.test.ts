/** The streaming container reader: any chunking of the bytes gives the same records; bad tails are reported. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { encodeContainer } from '../../ingest/simulate/index.js';
import { type AvroStreamEvent, readAvroFile, readAvroStream } from '../../ingest/sources/avro-file.js';

const type = avro.Type.forSchema(
  {
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
            { name: 'fid', type: 'int' },
            { name: 'ra', type: 'double' },
            { name: 'dec', type: 'double' },
            { name: 'pdiffimfilename', type: 'string' },
          ],
        },
      },
    ],
  },
  { registry: { long: bigintLongType } },
);

function records(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    objectId: `ZTF24a${String(i).padStart(6, '0')}`,
    candid: 2600000000000000000n + BigInt(i),
    candidate: {
      jd: 2460400.5 + i / 1000,
      fid: 1 + (i % 2),
      ra: (i * 7) % 360,
      dec: -30 + (i % 60),
      pdiffimfilename: 'x'.repeat(i % 500),
    },
  }));
}

async function collect(bytes: Buffer, chunkSize: number): Promise<AvroStreamEvent[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: AvroStreamEvent[] = [];
  for await (const ev of readAvroStream(Readable.from(chunks), 'mem', new AlertDecoder(), 100)) out.push(ev);
  return out;
}

describe('readAvroStream', () => {
  const bytes = encodeContainer(records(1000), type, { blockRecords: 300 });

  it.each([7, 1000, 65536, 1 << 22])('reads all 1000 records in chunks of %i bytes', async (size) => {
    const events = await collect(bytes, size);
    const items = events.flatMap((e) => (e.kind === 'items' ? [...e.items] : []));
    expect(items).toHaveLength(1000);
    expect(events.some((e) => e.kind === 'bad-tail')).toBe(false);
    const candids = items.map((i) => (i.outcome.ok ? i.outcome.alert.candid : -1n));
    expect(candids).toEqual(records(1000).map((r) => r.candid));
    expect(items.map((i) => (i.position as { index: number }).index)).toEqual([...Array(1000).keys()]);
  });

  it('keeps the complete blocks of a truncated file and reports the tail', async () => {
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.5));
    const events = await collect(cut, 4096);
    const items = events.flatMap((e) => (e.kind === 'items' ? [...e.items] : []));
    expect(items.length).toBe(300);
    const tail = events.find((e) => e.kind === 'bad-tail');
    expect(tail && tail.kind === 'bad-tail' && tail.reason).toMatch(/truncated Avro container/);
  });
});

describe('batches sharing a block', () => {
  // blocks of 300 records in batches of 100: each block is shared by three batches, decoded as they are iterated
  it('decodes a block as its batches are iterated in order, and refuses to go back', async () => {
    const events = await collect(encodeContainer(records(600), type, { blockRecords: 300 }), 1 << 20);
    const batches = events.flatMap((e) => (e.kind === 'items' ? [e.items] : []));
    expect(batches).toHaveLength(6);
    // the second batch read before the first: the first's records are passed over, then cannot be read
    const second = [...batches[1]].map((i) => (i.position as { index: number }).index);
    expect(second).toEqual([...Array(100).keys()].map((k) => 100 + k));
    expect(() => [...batches[0]]).toThrow(/out of order/);
    // the next block's batches are untouched
    const fourth = [...batches[3]];
    expect(fourth.map((i) => (i.outcome.ok ? i.outcome.alert.candid : -1n))).toEqual(
      records(600)
        .slice(300, 400)
        .map((r) => r.candid),
    );
  });
});

describe('readAvroFile (positional reads)', () => {
  const bytes = encodeContainer(records(1000), type, { blockRecords: 300 });

  it('reads every record of a file, and the complete blocks of a truncated file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-avro-'));
    const full = path.join(dir, 'full.avro');
    const cut = path.join(dir, 'cut.avro');
    fs.writeFileSync(full, bytes);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.5)));
    const read = async (f: string) => {
      const out: AvroStreamEvent[] = [];
      for await (const ev of readAvroFile(f, new AlertDecoder(), 128)) out.push(ev);
      return out;
    };
    const a = await read(full);
    expect(a.flatMap((e) => (e.kind === 'items' ? [...e.items] : []))).toHaveLength(1000);
    expect(a.some((e) => e.kind === 'bad-tail')).toBe(false);
    const b = await read(cut);
    expect(b.flatMap((e) => (e.kind === 'items' ? [...e.items] : []))).toHaveLength(300);
    expect(b.at(-1)?.kind).toBe('bad-tail');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
