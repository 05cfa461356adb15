/**
 * LSST writer schemas: their column catalogue (cached per schema), their compiled avsc type, the survey an Avro
 * schema belongs to, and the decoding of one Avro datum into an LsstAlert. Schemas come from the data (container
 * headers), a schema registry or the operator's directory, never from a copy of Rubin's files.
 */
import type { DuckDBType } from '@duckdb/node-api';
import avro from 'avsc';
import { bigintLongType, type LsstColumns, type Survey, viewBytesType } from '../../../data/index.js';
import { isTruncation, type Json } from '../avro-cursor.js';
import { dropInvalidUnionDefaults } from '../schema-cache.js';
import { shapeFromAvroSchema, shapeFromDuckDbColumns } from './field-shape.js';
import { type LsstPlan, LsstSchemaError, planFromShape } from './lsst-plan.js';
import { compileLsstReader, type LsstReader, type LsstRecordRead, readLsstRecord } from './lsst-reader.js';
import { type LsstDecodeOutcome, lsstAlertFromParts, lsstAlertFromRecord } from './lsst-record.js';

/** Most schemas each cache keeps (writer schemas change a few times a year). */
const MAX_CACHED_SCHEMAS = 64;

/** A Map bounded to MAX_CACHED_SCHEMAS entries, the oldest dropped first. */
function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_CACHED_SCHEMAS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
  return value;
}

function parseSchema(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new LsstSchemaError(
      `writer schema is not JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

const plansByText = new Map<string, LsstPlan>();
const plansBySchema = new WeakMap<object, LsstPlan>();

/**
 * The plan of an Avro writer schema (JSON text or parsed), cached by text or by object identity.
 * @throws LsstSchemaError when it is not an LSST alert schema (not a record, or no `diaSource` record).
 */
export function lsstPlanFromAvroSchema(schema: Json): LsstPlan {
  if (typeof schema === 'string') {
    const hit = plansByText.get(schema);
    if (hit) return hit;
    return remember(plansByText, schema, lsstPlanFromAvroSchema(parseSchema(schema)));
  }
  const key = schema !== null && typeof schema === 'object' ? schema : null;
  const hit = key ? plansBySchema.get(key) : undefined;
  if (hit) return hit;
  const root = shapeFromAvroSchema(schema);
  if (root === null) throw new LsstSchemaError('not an LSST alert schema: the schema is not a record');
  const plan = planFromShape(root);
  if (key) plansBySchema.set(key, plan);
  return plan;
}

/**
 * The column catalogue of an LSST Avro writer schema: Rubin's `lsst.vM_m.alert` (7.0-11.0) or Fink's data-transfer
 * schema (which adds `xm`, `clf`, `pred`, `misc` and versions), as JSON text or parsed. One object per schema.
 * @throws LsstSchemaError when it is not an LSST alert schema.
 */
export function lsstColumnsFromAvroSchema(schema: Json): LsstColumns {
  return lsstPlanFromAvroSchema(schema).columns;
}

const plansByParquet = new Map<string, LsstPlan>();

/**
 * The column catalogue of an LSST parquet file (Spark- or pandas-written: nested structs and lists) from its
 * top-level column names and DuckDB types; parquet carries no docs. One object per distinct schema.
 * @throws LsstSchemaError when the file has no `diaSource` struct.
 */
export function lsstColumnsFromParquetSchema(
  names: readonly string[],
  types: readonly DuckDBType[],
): LsstColumns {
  const key = names.map((n, i) => `${JSON.stringify(n)} ${types[i].toString()}`).join(',');
  const plan =
    plansByParquet.get(key) ??
    remember(plansByParquet, key, planFromShape(shapeFromDuckDbColumns(names, types)));
  return plan.columns;
}

/**
 * The survey of an Avro alert schema: LSST for a record named in an `lsst.v*` namespace or with a `diaSource`
 * field (Fink's transfers name theirs `topLevelRecord`), ZTF otherwise; null when it is not a record.
 */
export function surveyOfAvroSchema(schema: Json): Survey | null {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || schema.type !== 'record')
    return null;
  const name = `${typeof schema.namespace === 'string' ? `${schema.namespace}.` : ''}${String(schema.name ?? '')}`;
  if (/^lsst\.v\d/.test(name)) return 'lsst';
  const fields = Array.isArray(schema.fields) ? schema.fields : [];
  const hasDiaSource = fields.some(
    (f) => f !== null && typeof f === 'object' && !Array.isArray(f) && f.name === 'diaSource',
  );
  return hasDiaSource ? 'lsst' : 'ztf';
}

/**
 * avsc options that read every Avro long as a BigInt: the registry covers `"long"` references, the hook the
 * `{"type": "long", "logicalType": "timestamp-micros"}` objects of Rubin's schemas (`mpc_orbits.created_at`,
 * 8.0's `time_processed`), which avsc otherwise reads with its own long type as JS numbers. A new object per
 * schema: avsc records the schema's named types in the registry.
 */
export function lsstAvscOptions(): Partial<avro.ForSchemaOptions> {
  return {
    registry: { long: bigintLongType, bytes: viewBytesType },
    typeHook: (schema) =>
      typeof schema === 'object' &&
      schema !== null &&
      !Array.isArray(schema) &&
      (schema as { type?: unknown }).type === 'long'
        ? bigintLongType
        : undefined,
  };
}

/** A writer schema ready to decode: its avsc type (longs as BigInt, bytes as views), its plan and its reader. */
export interface CompiledLsstSchema {
  readonly text: string;
  readonly type: avro.Type;
  readonly plan: LsstPlan;
  /** The generated reader (lsst-reader.ts); null for a schema it does not take (avsc then decodes). */
  readonly reader: LsstReader | null;
}

/**
 * Compiles a parsed LSST writer schema (its plan given): avsc's type and the generated reader.
 * @throws LsstSchemaError when avsc cannot compile it.
 */
export function compileLsstWriterSchema(text: string, json: Json, plan: LsstPlan): CompiledLsstSchema {
  const parsed = dropInvalidUnionDefaults(json);
  let type: avro.Type;
  try {
    type = avro.Type.forSchema(parsed as avro.Schema, lsstAvscOptions());
  } catch (err) {
    throw new LsstSchemaError(
      `writer schema does not compile: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  let reader: LsstReader | null = null;
  try {
    reader = compileLsstReader(parsed, plan);
  } catch {
    reader = null; // a shape the generator does not take (LsstReaderUnsupported): avsc decodes
  }
  return { text, type, plan, reader };
}

/** Compiles LSST writer schemas once, by schema text (compiling costs far more than decoding one alert). */
export class LsstSchemaCache {
  private readonly byText = new Map<string, CompiledLsstSchema>();

  /**
   * The compiled schema of a writer schema's JSON text.
   * @throws LsstSchemaError when it is not an LSST alert schema or avsc cannot compile it.
   */
  get(text: string): CompiledLsstSchema {
    const hit = this.byText.get(text);
    if (hit) return hit;
    const plan = lsstPlanFromAvroSchema(text);
    return remember(this.byText, text, compileLsstWriterSchema(text, parseSchema(text), plan));
  }
}

/** One datum read at `pos`: its outcome, and where the next one starts (-1 when this one could not be read). */
export interface LsstDatumRead {
  readonly outcome: LsstDecodeOutcome;
  readonly next: number;
  /** Whether the datum could not be read because the bytes end before it does. */
  readonly truncated?: boolean;
}

/**
 * Decodes the Avro datum at `pos` of `data` (a container block, or a message body after its Confluent prefix)
 * with its writer schema, and maps it to an LsstAlert. Stamps are views of `data`.
 * @param options.withAvsc decode with avsc's generic decoder and lsstAlertFromRecord even when the schema has a
 *   generated reader (the reference the reader is tested against; the benchmark's comparison).
 */
export function decodeLsstDatum(
  schema: CompiledLsstSchema,
  data: Buffer,
  pos: number,
  options: { withAvsc?: boolean } = {},
): LsstDatumRead {
  const reader = options.withAvsc ? null : schema.reader;
  if (reader !== null) {
    let read: LsstRecordRead;
    try {
      read = readLsstRecord(reader, data, pos);
    } catch (err) {
      const truncated = isTruncation(err);
      const reason = truncated
        ? 'truncated Avro record'
        : `Avro decoding failed: ${err instanceof Error ? err.message : String(err)}`;
      return { outcome: { ok: false, reason }, next: -1, truncated };
    }
    return { outcome: lsstAlertFromParts(read.parts, schema.plan, schema.plan.version), next: read.next };
  }
  let decoded: { value: unknown; offset: number };
  try {
    decoded = schema.type.decode(data, pos) as { value: unknown; offset: number };
  } catch (err) {
    const reason = `Avro decoding failed: ${err instanceof Error ? err.message : String(err)}`;
    return { outcome: { ok: false, reason }, next: -1 };
  }
  if (decoded.offset < 0)
    return { outcome: { ok: false, reason: 'truncated Avro record' }, next: -1, truncated: true };
  return {
    outcome: lsstAlertFromRecord(decoded.value, schema.plan.columns, schema.plan.version),
    next: decoded.offset,
  };
}
