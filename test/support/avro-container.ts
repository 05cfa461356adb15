/**
 * Avro containers read by avsc's own streaming file decoder (longs as BigInt), with the writer schema text of their
 * header, and a comparable text of decoded values: for the tests that re-frame container records as Kafka
 * messages (Rubin's Confluent wire format) and compare what the project decodes.
 */
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
