/**
 * Decodes Confluent-framed Kafka messages (Rubin's alert stream): into generic Avro records with their writer
 * schema (`decodeFrame`), or straight into LSST alerts with the reader generated for the writer schema
 * (`decodeLsstFrame`, ingest/decode/lsst/lsst-reader.ts). Schemas are resolved by id from a {@link SchemaSource}
 * once each (asynchronously: `prepare` or `decode`), compiled once with avsc (longs as BigInt, bytes as views of
 * the message), and then every frame of a resolved id decodes synchronously. A frame that cannot be read yields a
 * rejection reason, never an exception.
 */
import avro from 'avsc';
import { bigintLongType, viewBytesType } from '../../../data/index.js';
import { errorText } from '../../error-text.js';
import {
  type CompiledLsstSchema,
  compileLsstWriterSchema,
  decodeLsstDatum,
  type LsstDecodeOutcome,
  lsstPlanFromAvroSchema,
} from '../lsst/index.js';
import { dropInvalidUnionDefaults } from '../schema-cache.js';
import { parseConfluentFrame } from './frame.js';
import { lsstSchemaVersionOf } from './rubin-schema-id.js';
import { type AvroSchemaJson, rootNameOf } from './schema-names.js';
import type { SchemaSource } from './schema-source.js';

/** A resolved writer schema, compiled. */
export interface ConfluentSchema {
  /** Its id in the registry (the frame's bytes 1-4). */
  readonly id: number;
  /** Full name of its top-level record (`lsst.v10_0.alert`). */
  readonly name: string;
  /** Rubin's schema version from the record's namespace (`lsst.v10_0`); null outside Rubin's namespace. */
  readonly version: string | null;
  /** The self-contained schema (every named type defined where first used). */
  readonly json: AvroSchemaJson;
  /** The avsc type: `long` decodes to BigInt, `bytes` to views of the message's buffer. */
  readonly type: avro.Type;
}

/** A decoded record: field name → value as avsc gives it (records nested, unions unwrapped, longs BigInt). */
export type AvroRecord = Readonly<Record<string, unknown>>;

/** One frame decoded, or the reason it was rejected (to quarantine with the message). */
export type ConfluentOutcome =
  | {
      readonly ok: true;
      readonly record: AvroRecord;
      readonly schema: ConfluentSchema;
      /** Same as `schema.version`. */
      readonly schemaVersion: string | null;
    }
  | { readonly ok: false; readonly reason: string };

/** What an id resolved to: a compiled schema, or why its frames are rejected. */
type Resolved =
  | { readonly ok: true; readonly schema: ConfluentSchema }
  | { readonly ok: false; readonly reason: string };

/** A frame decoded before its schema id was resolved: a bug of the caller, not of the message. */
export class UnresolvedSchemaError extends Error {
  constructor(id: number) {
    super(`schema id ${id} was not resolved before decoding: call prepare() with the batch first`);
    this.name = 'UnresolvedSchemaError';
  }
}

function compile(id: number, json: AvroSchemaJson): Resolved {
  const name = rootNameOf(json);
  if (
    name === undefined ||
    typeof json !== 'object' ||
    json === null ||
    Array.isArray(json) ||
    json.type !== 'record'
  ) {
    return { ok: false, reason: `schema id ${id} is not an Avro record schema` };
  }
  let type: avro.Type;
  try {
    // a new registry per schema: avsc adds the schema's named types to it
    type = avro.Type.forSchema(dropInvalidUnionDefaults(json) as avro.Schema, {
      registry: { long: bigintLongType, bytes: viewBytesType },
    });
  } catch (err) {
    return { ok: false, reason: `schema id ${id} is not a valid Avro schema: ${errorText(err)}` };
  }
  return { ok: true, schema: { id, name, version: lsstSchemaVersionOf(name), json, type } };
}

/** Decoder of Confluent-framed messages, with its cache of schemas by id (see the module doc). */
export class ConfluentDecoder {
  readonly source: SchemaSource;
  private readonly resolved = new Map<number, Resolved>();
  private readonly pending = new Map<number, Promise<void>>();
  /** The LSST reading of each resolved id's schema, or why it is not an LSST alert schema. */
  private readonly lsst = new Map<number, CompiledLsstSchema | string>();

  constructor(source: SchemaSource) {
    this.source = source;
  }

  /**
   * Resolves the schema ids of `frames` not resolved yet, each once (concurrent calls share a request). An id the
   * source does not know is remembered as such: its frames are rejected with that reason, and it is not asked
   * again.
   *
   * @throws SchemaSourceError when the source cannot answer (nothing is remembered: a later call asks again).
   */
  async prepare(frames: Iterable<Uint8Array>): Promise<void> {
    const ids = new Set<number>();
    for (const bytes of frames) {
      const frame = parseConfluentFrame(bytes);
      if (frame.ok && !this.resolved.has(frame.schemaId)) ids.add(frame.schemaId);
    }
    if (ids.size > 0) await Promise.all([...ids].map((id) => this.resolveId(id)));
  }

  private resolveId(id: number): Promise<void> {
    let pending = this.pending.get(id);
    if (pending === undefined) {
      pending = this.source
        .schema(id)
        .then((lookup) => {
          this.resolved.set(
            id,
            lookup.found ? compile(id, lookup.schema) : { ok: false, reason: lookup.reason },
          );
        })
        .finally(() => this.pending.delete(id));
      this.pending.set(id, pending);
    }
    return pending;
  }

  /** The compiled schema of a resolved id; undefined when it is unresolved or unusable. */
  schemaOf(id: number): ConfluentSchema | undefined {
    const r = this.resolved.get(id);
    return r?.ok ? r.schema : undefined;
  }

  /**
   * The resolved schema and the datum of a frame; a rejection for a bad frame or an id without a usable schema.
   * @throws UnresolvedSchemaError when the frame's id was never passed to `prepare`.
   */
  private frameOf(
    bytes: Uint8Array,
  ): { ok: true; schema: ConfluentSchema; datum: Buffer } | { ok: false; reason: string } {
    const frame = parseConfluentFrame(bytes);
    if (!frame.ok) return frame;
    const resolved = this.resolved.get(frame.schemaId);
    if (resolved === undefined) throw new UnresolvedSchemaError(frame.schemaId);
    if (!resolved.ok) return resolved;
    const d = frame.datum;
    return { ok: true, schema: resolved.schema, datum: Buffer.from(d.buffer, d.byteOffset, d.length) };
  }

  /** The rejection of a datum that does not end where its frame does (read to `end` of `length` bytes); null when it does. */
  private static endReason(schema: ConfluentSchema, end: number, length: number): string | null {
    if (end < 0)
      return `truncated Avro datum: its ${length} bytes end inside a ${schema.name} record (schema id ${schema.id})`;
    if (end !== length)
      return `Avro datum of schema id ${schema.id} ends at byte ${end} of ${length}: ${length - end} bytes left over (not written with this schema)`;
    return null;
  }

  /**
   * Decodes one frame whose schema id was resolved by {@link prepare}. Rejects (as a value) a frame too short or
   * with a magic byte other than 0, an id without a usable schema, a datum that fails to decode, that ends early,
   * or that leaves bytes over.
   *
   * @throws UnresolvedSchemaError when the frame's id was never passed to `prepare`.
   */
  decodeFrame(bytes: Uint8Array): ConfluentOutcome {
    const frame = this.frameOf(bytes);
    if (!frame.ok) return frame;
    const { schema, datum } = frame;
    let decoded: { value: unknown; offset: number };
    try {
      decoded = schema.type.decode(datum, 0);
    } catch (err) {
      return {
        ok: false,
        reason: `Avro datum does not decode with schema id ${schema.id}: ${errorText(err)}`,
      };
    }
    const reason = ConfluentDecoder.endReason(schema, decoded.offset, datum.length);
    if (reason !== null) return { ok: false, reason };
    return { ok: true, record: decoded.value as AvroRecord, schema, schemaVersion: schema.version };
  }

  /** The LSST reading of a resolved schema (compiled once per id), or why it is not an LSST alert schema. */
  private lsstSchemaOf(schema: ConfluentSchema): CompiledLsstSchema | string {
    let compiled = this.lsst.get(schema.id);
    if (compiled === undefined) {
      try {
        const plan = lsstPlanFromAvroSchema(schema.json);
        compiled = compileLsstWriterSchema(JSON.stringify(schema.json), schema.json, plan);
      } catch (err) {
        compiled = `schema id ${schema.id} is not an LSST alert schema: ${errorText(err)}`;
      }
      this.lsst.set(schema.id, compiled);
    }
    return compiled;
  }

  /**
   * Decodes one frame whose schema id was resolved by {@link prepare} into an LSST alert, with the reader
   * generated for its writer schema (avsc for a schema the generator does not take). Rejects (as a value) what
   * {@link decodeFrame} rejects, a schema that is not an LSST alert schema, and a record that is not an alert
   * (lsstAlertFromParts).
   *
   * @throws UnresolvedSchemaError when the frame's id was never passed to `prepare`.
   */
  decodeLsstFrame(bytes: Uint8Array): LsstDecodeOutcome {
    const frame = this.frameOf(bytes);
    if (!frame.ok) return frame;
    const { schema, datum } = frame;
    const lsst = this.lsstSchemaOf(schema);
    if (typeof lsst === 'string') return { ok: false, reason: lsst };
    const read = decodeLsstDatum(lsst, datum, 0);
    if (read.next < 0 && !read.truncated)
      return {
        ok: false,
        reason: `Avro datum does not decode with schema id ${schema.id}: ${read.outcome.ok ? '' : read.outcome.reason}`,
      };
    const reason = ConfluentDecoder.endReason(schema, read.next, datum.length);
    return reason === null ? read.outcome : { ok: false, reason };
  }

  /** Resolves the ids of `frames` ({@link prepare}), then decodes each ({@link decodeFrame}), in order. */
  async decode(frames: readonly Uint8Array[]): Promise<ConfluentOutcome[]> {
    await this.prepare(frames);
    return frames.map((f) => this.decodeFrame(f));
  }
}
