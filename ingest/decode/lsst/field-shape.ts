/**
 * The shape of an LSST alert's writer schema, reduced to what the column catalogue and the record mapping need:
 * records, arrays, scalars (with their docs). Built from an Avro schema (a container header, a registry, a
 * schema file) or from the column types DuckDB reads from a parquet file, so that both kinds of input go through
 * one mapping (lsst-plan.ts). Reference: Apache Avro 1.11 specification, "Schema Declaration" (names, namespaces,
 * unions, logical types); lsst/alert_packet python/lsst/alert/packet/schema/<M>/<m>/lsst.vM_m.alert.avsc.
 */
import { type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import type { AvroScalar } from '../../../data/index.js';
import type { Json } from '../avro-cursor.js';

/** A field's shape: nullability is dropped (every LSST column may hold null once stored). */
export type FieldShape =
  | { readonly kind: 'scalar'; readonly type: AvroScalar }
  | { readonly kind: 'bytes' }
  | { readonly kind: 'record'; readonly fields: readonly NamedShape[] }
  | { readonly kind: 'array'; readonly items: FieldShape }
  /** Maps, multi-branch unions and types without a column counterpart: not mapped. */
  | { readonly kind: 'other' };

/** A named field of a record, with its doc (empty when the schema has none) and its Avro type as written. */
export interface NamedShape {
  readonly name: string;
  readonly shape: FieldShape;
  readonly doc: string;
  /** The field's `type` in the Avro schema; null from a source without one (parquet). */
  readonly avroType: Json;
}

/** The root of an alert schema: its fields and its full name (`lsst.v10_0.alert`; empty when unnamed). */
export interface RootShape {
  readonly name: string;
  readonly fields: readonly NamedShape[];
}

type SchemaObject = { readonly [k: string]: Json };

const AVRO_SCALARS: Readonly<Record<string, AvroScalar>> = {
  string: 'string',
  int: 'int',
  long: 'long',
  float: 'float',
  double: 'double',
  boolean: 'boolean',
};

const OTHER: FieldShape = { kind: 'other' };

function isObject(v: Json): v is SchemaObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Full name of a named type (Avro 1.11 "Names"): a dotted name is full; else it takes the namespace in scope. */
function fullName(name: string, namespace: string): string {
  return name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
}

/** Namespace of a full name (all before the last dot). */
function namespaceOf(full: string): string {
  const dot = full.lastIndexOf('.');
  return dot < 0 ? '' : full.slice(0, dot);
}

/** Converts Avro schemas to shapes, resolving references to the named types defined earlier. */
class AvroShapes {
  private readonly named = new Map<string, FieldShape>();

  shape(schema: Json, namespace: string): FieldShape {
    if (typeof schema === 'string') return this.reference(schema, namespace);
    if (Array.isArray(schema)) {
      const branches = schema.filter((b) => b !== 'null');
      return branches.length === 1 ? this.shape(branches[0], namespace) : OTHER;
    }
    if (!isObject(schema)) return OTHER;
    const type = schema.type;
    if (type === 'record' || type === 'error') return this.record(schema, namespace).shape;
    if (type === 'array') return { kind: 'array', items: this.shape(schema.items ?? null, namespace) };
    if (type === 'enum' || type === 'fixed') {
      // avsc reads an enum as its symbol (a string) and a fixed as bytes
      const shape: FieldShape = type === 'enum' ? { kind: 'scalar', type: 'string' } : { kind: 'bytes' };
      if (typeof schema.name === 'string')
        this.named.set(fullName(schema.name, String(schema.namespace ?? namespace)), shape);
      return shape;
    }
    // a primitive written as an object, with or without a logical type: its underlying type
    if (typeof type === 'string' && type !== 'map') return this.reference(type, namespace);
    return OTHER;
  }

  record(schema: SchemaObject, namespace: string): { shape: FieldShape; name: string } {
    const name =
      typeof schema.name === 'string' ? fullName(schema.name, String(schema.namespace ?? namespace)) : '';
    const inner = name === '' ? namespace : namespaceOf(name);
    // a recursive reference while the record is being read cannot become a column
    if (name !== '') this.named.set(name, OTHER);
    const fields: NamedShape[] = [];
    for (const f of Array.isArray(schema.fields) ? schema.fields : []) {
      if (!isObject(f) || typeof f.name !== 'string') continue;
      fields.push({
        name: f.name,
        shape: this.shape(f.type ?? null, inner),
        doc: typeof f.doc === 'string' ? f.doc : '',
        avroType: f.type ?? null,
      });
    }
    const shape: FieldShape = { kind: 'record', fields };
    if (name !== '') this.named.set(name, shape);
    return { shape, name };
  }

  private reference(name: string, namespace: string): FieldShape {
    if (name === 'bytes') return { kind: 'bytes' };
    const scalar = AVRO_SCALARS[name];
    if (scalar) return { kind: 'scalar', type: scalar };
    return this.named.get(fullName(name, namespace)) ?? this.named.get(name) ?? OTHER;
  }
}

/**
 * The shape of an Avro alert schema (parsed JSON).
 * @returns null when the schema is not a record.
 */
export function shapeFromAvroSchema(schema: Json): RootShape | null {
  if (!isObject(schema) || schema.type !== 'record') return null;
  const { shape, name } = new AvroShapes().record(schema, '');
  return shape.kind === 'record' ? { name, fields: shape.fields } : null;
}

/** Avro scalar of each DuckDB type a parquet file written by Spark or pandas uses (others: not mapped). */
const DUCKDB_SCALARS: Partial<Record<DuckDBTypeId, AvroScalar>> = {
  [DuckDBTypeId.BOOLEAN]: 'boolean',
  [DuckDBTypeId.TINYINT]: 'int',
  [DuckDBTypeId.SMALLINT]: 'int',
  [DuckDBTypeId.INTEGER]: 'int',
  [DuckDBTypeId.UTINYINT]: 'int',
  [DuckDBTypeId.USMALLINT]: 'int',
  [DuckDBTypeId.UINTEGER]: 'long',
  [DuckDBTypeId.BIGINT]: 'long',
  [DuckDBTypeId.UBIGINT]: 'long',
  [DuckDBTypeId.FLOAT]: 'float',
  [DuckDBTypeId.DOUBLE]: 'double',
  [DuckDBTypeId.VARCHAR]: 'string',
};

/** The shape of a DuckDB column type (as read from a parquet file's schema). */
export function shapeFromDuckDbType(type: DuckDBType): FieldShape {
  if (type.typeId === DuckDBTypeId.STRUCT) {
    return {
      kind: 'record',
      fields: type.entryNames.map((name, i) => ({
        name,
        shape: shapeFromDuckDbType(type.entryTypes[i]),
        doc: '',
        avroType: null,
      })),
    };
  }
  if (type.typeId === DuckDBTypeId.LIST) return { kind: 'array', items: shapeFromDuckDbType(type.valueType) };
  if (type.typeId === DuckDBTypeId.BLOB) return { kind: 'bytes' };
  const scalar = DUCKDB_SCALARS[type.typeId];
  return scalar ? { kind: 'scalar', type: scalar } : OTHER;
}

/** The shape of a parquet alert file from its top-level column names and DuckDB types (no docs, no name). */
export function shapeFromDuckDbColumns(names: readonly string[], types: readonly DuckDBType[]): RootShape {
  return {
    name: '',
    fields: names.map((name, i) => ({ name, shape: shapeFromDuckDbType(types[i]), doc: '', avroType: null })),
  };
}
