/** The schema source of the ingest options `--schema-registry URL` or `--schema-dir DIR` (exactly one). */
import { SchemaRegistrySource } from './registry-client.js';
import { SchemaDirSource } from './schema-dir.js';
import { type SchemaSource, SchemaSourceError } from './schema-source.js';

export interface SchemaSourceOptions {
  /** `--schema-registry`: base URL of a Confluent-compatible schema registry. */
  readonly schemaRegistry?: string;
  /** `--schema-dir`: a directory of `.avsc` files. */
  readonly schemaDir?: string;
  /** Registry request timeout in ms (default 10,000). */
  readonly timeoutMs?: number;
  /** Registry retries after a retriable failure (default 4). */
  readonly retries?: number;
}

/**
 * Opens the schema source the options name; a directory is read at once.
 *
 * @throws SchemaSourceError when both or neither option is given, or when the source cannot be opened (bad URL,
 *   unusable directory; see SchemaRegistrySource and SchemaDirSource.load).
 */
export function openSchemaSource(options: SchemaSourceOptions): SchemaSource {
  const { schemaRegistry, schemaDir } = options;
  if ((schemaRegistry === undefined) === (schemaDir === undefined)) {
    throw new SchemaSourceError(
      'Confluent-framed messages need their writer schemas: give exactly one of --schema-registry URL or --schema-dir DIR',
      { retriable: false },
    );
  }
  if (schemaDir !== undefined) return SchemaDirSource.load(schemaDir);
  return new SchemaRegistrySource({
    url: schemaRegistry as string,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  });
}
