/**
 * Avro containers read by avsc's own streaming file decoder (longs as BigInt), with the writer schema text of their
 * header, and a comparable text of decoded values: for the tests that re-frame container records as Kafka
 * messages (Rubin's Confluent wire format) and compare what the project decodes; and written by avsc's encoder,
 * for the tests that change real records before ingesting them.
 */
import fs from 'node:fs';
import avro from 'avsc';
import { bigintLongType } from '../../data/index.js';

type Rec = Record<string, unknown>;

/** Records of an uncompressed (codec null) container and the schema text of its header. */
export async function readContainerWithSchema(file: string): Promise<{ schemaText: string; records: Rec[] }> {
  let schemaText = '';
  const records: Rec[] = [];
  await new Promise<void>((resolve, reject) => {
    avro
      .createFileDecoder(file, {
        parseHook: (schema) => avro.Type.forSchema(schema, { registry: { long: bigintLongType } }),
      })
      .on('metadata', (_type: avro.Type, _codec: string, header: { meta: Record<string, Buffer> }) => {
        schemaText = header.meta['avro.schema'].toString('utf8');
      })
      .on('data', (r: Rec) => records.push(r))
      .on('end', resolve)
      .on('error', reject);
  });
  return { schemaText, records };
}

/**
 * Writes `records` as an Avro container of writer type `type` with avsc's encoder (its own blocks, codec and sync
 * markers; `blockSize` 1 makes a block per record unless records are smaller than avsc's minimum).
 */
export async function writeAvroContainer(
  file: string,
  type: avro.Type,
  records: readonly unknown[],
  options: { readonly codec?: 'null' | 'deflate'; readonly blockSize?: number } = {},
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const encoder = new avro.streams.BlockEncoder(type, {
      codec: options.codec ?? 'null',
      blockSize: options.blockSize,
    });
    const out = fs.createWriteStream(file);
    encoder.on('error', reject);
    out.on('error', reject).on('finish', resolve);
    encoder.pipe(out);
    for (const r of records) encoder.write(r);
    encoder.end();
  });
}

/**
 * A decoded Avro value as comparable text (vitest's deep equality takes seconds per LSST alert): BigInt, bytes,
 * strings and non-finite numbers tagged apart, so that `1n`, `1` and `"1"` or NaN and null differ; record fields
 * in their order.
 */
export function canonicalAvroValue(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'bigint') return `bigint:${v}`;
    if (typeof v === 'number') return Number.isFinite(v) ? v : `number:${v}`;
    if (typeof v === 'string') return `string:${v}`;
    if (v instanceof Uint8Array)
      return `bytes:${Buffer.from(v.buffer, v.byteOffset, v.length).toString('base64')}`;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.entries(v).map(([k, x]) => [k, walk(x)]);
    return v;
  };
  return JSON.stringify(walk(value));
}
