/**
 * Where writer schemas come from, by Confluent schema id: a schema registry (`--schema-registry URL`) or a
 * directory of `.avsc` files (`--schema-dir DIR`). Both hand over self-contained schemas (named types defined
 * where they are first used), so that one compiled type decodes a datum.
 */
import type { AvroSchemaJson } from './schema-names.js';

/** The writer schema of an id, or why the source has no usable schema for it (the message is then quarantined). */
export type SchemaLookup =
  | { readonly found: true; readonly schema: AvroSchemaJson }
  | { readonly found: false; readonly reason: string };

/** A source of writer schemas by id. */
export interface SchemaSource {
  /** What the source is, for messages: `schema registry http://host:8081`, `schema directory /path`. */
  readonly description: string;
  /**
   * The self-contained writer schema of `id`, or the reason there is none (`unknown schema id 42 (…)`).
   * Rejects with a {@link SchemaSourceError} when the source cannot answer (registry unreachable, bad answer).
   */
  schema(id: number): Promise<SchemaLookup>;
}

/** A schema source that could not answer: the operation, the address, and whether retrying later may help. */
export class SchemaSourceError extends Error {
  /** True when the same request may succeed later (network error, timeout, HTTP 5xx or 429). */
  readonly retriable: boolean;

  constructor(message: string, options: { retriable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SchemaSourceError';
    this.retriable = options.retriable;
  }
}

/** The rejection reason of an id a source does not hold. */
export function unknownSchemaReason(id: number, description: string): string {
  return `unknown schema id ${id} (${description})`;
}
