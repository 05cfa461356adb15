/**
 * Shared by the LSST simulator tests: reads an Avro container with avsc against the schema of its own header
 * (longs as BigInt), independently of the project's decoders.
 */
import avro from 'avsc';
import { bigintLongType } from '../../data/index.js';

/** A decoded LSST record: field name → value (longs as BigInt, records as objects, bytes as Buffer). */
export type DecodedRecord = Record<string, unknown>;

/** The header schema text and the records of an Avro container file. */
export function readContainer(file: string): Promise<{ schemaText: string; records: DecodedRecord[] }> {
  return new Promise((resolve, reject) => {
    const records: DecodedRecord[] = [];
    let schemaText = '';
    avro
      .createFileDecoder(file, {
        parseHook: (schema: avro.Schema) =>
          avro.Type.forSchema(schema, { registry: { long: bigintLongType } }),
      })
      .on('metadata', (_type: avro.Type, _codec: string, header: { meta: Record<string, Buffer> }) => {
        schemaText = header.meta['avro.schema'].toString('utf8');
      })
      .on('data', (r: DecodedRecord) => records.push(r))
      .on('error', reject)
      .on('end', () => resolve({ schemaText, records }));
  });
}

/** A field of a decoded record as a record. */
export function sub(r: DecodedRecord, field: string): DecodedRecord {
  return r[field] as DecodedRecord;
}

/** Flux (nJy) of an AB magnitude, written from the definition: m = 31.4 - 2.5 log10(f / nJy). */
export function nJyOfAbMag(mag: number): number {
  return 10 ** ((31.4 - mag) / 2.5);
}
