/**
 * How Rubin's stream hands its schema to consumers, for the simulator's Kafka output: each message in the
 * Confluent wire format (byte 0 = 0, the schema id as a 4-byte big-endian integer, then the Avro binary datum),
 * the schema either registered in a Confluent-compatible schema registry (`POST <url>/subjects/<subject>/versions`,
 * whose answer gives the id) or written as `<id>.avsc` into a schema directory, with Rubin's id rule (10.0 → 1000).
 * Reference: Confluent Schema Registry API reference ("Register a new schema under the specified subject");
 * Confluent "Wire format"; docs/surveys.md.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Magic byte of the Confluent wire format. */
export const CONFLUENT_MAGIC = 0;
/** Bytes before the datum: magic byte and schema id. */
export const CONFLUENT_HEADER_BYTES = 5;
/** Subject the simulator registers its schema under (the one Rubin's registry uses). */
export const LSST_SCHEMA_SUBJECT = 'alert-packet';

/** One message value: magic byte, schema id (big-endian), datum. Throws RangeError for an id outside 0..2^31-1. */
export function frameConfluent(schemaId: number, datum: Uint8Array): Buffer {
  if (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > 0x7fffffff) {
    throw new RangeError(`schema id must be a non-negative 32-bit integer, got ${schemaId}`);
  }
  const out = Buffer.allocUnsafe(CONFLUENT_HEADER_BYTES + datum.length);
  out[0] = CONFLUENT_MAGIC;
  out.writeUInt32BE(schemaId, 1);
  out.set(datum, CONFLUENT_HEADER_BYTES);
  return out;
}

/** Thrown when the schema registry refuses or cannot be reached. */
export class SchemaRegistryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SchemaRegistryError';
  }
}

/**
 * Registers a schema under a subject of a Confluent-compatible registry and returns the id it answers (the
 * existing id when the registry already holds the same schema).
 * @param registryUrl base URL, e.g. `http://localhost:8081`; @param schemaText the Avro schema as JSON text.
 * Throws SchemaRegistryError for a network failure, a non-2xx answer or an answer without an integer `id`.
 */
export async function registerSchema(
  registryUrl: string,
  subject: string,
  schemaText: string,
): Promise<number> {
  const url = `${registryUrl.replace(/\/+$/, '')}/subjects/${encodeURIComponent(subject)}/versions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({ schema: schemaText }),
    });
  } catch (err) {
    throw new SchemaRegistryError(`schema registry ${url} unreachable: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const text = await response.text();
  if (!response.ok)
    throw new SchemaRegistryError(`schema registry ${url} answered ${response.status}: ${text}`);
  let id: unknown;
  try {
    id = (JSON.parse(text) as { id?: unknown }).id;
  } catch (err) {
    throw new SchemaRegistryError(`schema registry ${url} answered non-JSON: ${text.slice(0, 200)}`, {
      cause: err,
    });
  }
  if (!Number.isInteger(id))
    throw new SchemaRegistryError(`schema registry ${url} answered no integer id: ${text}`);
  return id as number;
}

/** Writes the schema as `<dir>/<id>.avsc` (creating the directory) and returns the file's path. */
export async function writeSchemaFile(dir: string, schemaId: number, schemaText: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${schemaId}.avsc`);
  await fs.writeFile(file, schemaText);
  return file;
}
