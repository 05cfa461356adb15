import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { afterAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { AvroFileSink, fileSyncMarker } from './file-sink.js';

const schema = {
  type: 'record',
  name: 'alert',
  fields: [
    { name: 'objectId', type: 'string' },
    { name: 'candid', type: 'long' },
    { name: 'stamp', type: 'bytes' },
  ],
} as const;
const type = avro.Type.forSchema(schema as unknown as avro.Schema, { registry: { long: bigintLongType } });
const record = (i: number) => ({
  objectId: `ZTF24aaaaa${String(i).padStart(2, 'a')}`,
  // above 2^53: exact only through BigInt
  candid: 2600000000000000001n + BigInt(i),
  stamp: Buffer.alloc(1000, i),
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sink-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Records, codec and sync marker of a file as avsc's own file decoder reads them (independent of ingest/decode). */
async function avscRead(file: string): Promise<{ records: unknown[]; codec: string; sync: Buffer }> {
  const records: unknown[] = [];
  let codec = '';
  let sync: Buffer = Buffer.alloc(0);
  await new Promise<void>((resolve, reject) => {
    avro
      .createFileDecoder(file, {
        parseHook: (s: avro.Schema) => avro.Type.forSchema(s, { registry: { long: bigintLongType } }),
      })
      .on('metadata', (_t: avro.Type, c: string, header: { sync: Buffer }) => {
        codec = c;
        sync = header.sync;
      })
      .on('data', (r: unknown) => records.push(r))
      .on('end', resolve)
      .on('error', reject);
  });
  return { records, codec, sync };
}

async function writeNight(outDir: string, codec: 'null' | 'deflate'): Promise<string[]> {
  // blocks of ~2 records, files of 3: several blocks per file and a last file of 1 record
  const sink = new AvroFileSink({ outDir, type, seed: 7, codec, maxAlertsPerFile: 3, blockBytes: 2500 });
  await sink.beginNight(20240101);
  for (let i = 0; i < 7; i++) await sink.write(record(i));
  await sink.close();
  return sink.files;
}

describe('AvroFileSink', () => {
  it.each(['null', 'deflate'] as const)(
    'writes %s files that avsc reads back exactly, with the sync marker of the seed',
    async (codec) => {
      const outDir = path.join(root, codec);
      const files = await writeNight(outDir, codec);
      expect(files.map((f) => path.relative(outDir, f))).toEqual(
        ['alerts-0000.avro', 'alerts-0001.avro', 'alerts-0002.avro'].map((n) => path.join('20240101', n)),
      );
      const read = await Promise.all(files.map(avscRead));
      expect(read.flatMap((r) => r.records).map((r) => ({ ...(r as object) }))).toEqual(
        Array.from({ length: 7 }, (_, i) => record(i)),
      );
      expect(read.map((r) => r.codec)).toEqual([codec, codec, codec]);
      expect(read.map((r) => r.sync)).toEqual(
        [0, 1, 2].map((i) => Buffer.from(fileSyncMarker(7, 20240101, i))),
      );
    },
  );

  it('writes the same bytes again for the same seed, and removes the alert files of an earlier run', async () => {
    const outDir = path.join(root, 'rerun');
    const first = (await writeNight(outDir, 'deflate')).map((f) => fs.readFileSync(f));
    fs.writeFileSync(path.join(outDir, '20240101', 'alerts-0009.avro'), 'stale');
    const again = await writeNight(outDir, 'deflate');
    expect(again.map((f) => fs.readFileSync(f))).toEqual(first);
    expect(fs.readdirSync(path.join(outDir, '20240101')).sort()).toEqual([
      'alerts-0000.avro',
      'alerts-0001.avro',
      'alerts-0002.avro',
    ]);
  });

  it('rejects a record that does not match the type', async () => {
    const sink = new AvroFileSink({ outDir: path.join(root, 'bad'), type, seed: 1 });
    await sink.beginNight(20240102);
    await expect(
      (async () => {
        await sink.write({ objectId: 3, candid: 1n, stamp: Buffer.alloc(0) });
        await sink.close();
      })(),
    ).rejects.toThrow();
  });
});
