/**
 * Building blocks of the simulator's LSST Avro schema (schema.ts): the JSON shapes of records and fields, and
 * the two field forms Rubin's alert schemas use — a plain type for the identifiers and times that are always
 * present, and a nullable union `["null", type]` with default null for everything else.
 */

/** Avro primitive types the LSST records use. */
export type LsstAvroPrimitive = 'long' | 'int' | 'double' | 'float' | 'string' | 'boolean' | 'bytes';

/** A field type: a primitive, a named record type, an array, or a union with null. */
export type LsstAvroType =
  | LsstAvroPrimitive
  | string
  | LsstRecordSchema
  | { readonly type: 'array'; readonly items: LsstAvroType }
  | readonly ['null', LsstAvroType];

/** One field of a record. */
export interface LsstFieldSchema {
  readonly name: string;
  readonly type: LsstAvroType;
  readonly default?: null;
  readonly doc: string;
}

/** A record schema (named in the schema's namespace). */
export interface LsstRecordSchema {
  readonly type: 'record';
  readonly name: string;
  readonly namespace?: string;
  readonly doc: string;
  readonly fields: readonly LsstFieldSchema[];
}

/** A field that is always present. */
export function required(name: string, type: LsstAvroType, doc: string): LsstFieldSchema {
  return { name, type, doc };
}

/** A nullable field: union `["null", type]`, default null (Rubin's form for optional values). */
export function optional(name: string, type: LsstAvroType, doc: string): LsstFieldSchema {
  return { name, type: ['null', type], default: null, doc };
}

/** Rubin's six filters, in wavelength order: the `band` values and the diaObject field prefixes. */
export const LSST_BANDS = ['u', 'g', 'r', 'i', 'z', 'y'] as const;

/** One of Rubin's filters. */
export type LsstBand = (typeof LSST_BANDS)[number];
