/**
 * The column catalogue of LSST alerts (docs/surveys.md): for each table of the LSST store, the columns a writer
 * schema gives, by API name. It is derived from the writer schema of the data (Avro container header, schema
 * registry, the operator's schema directory, a parquet file's schema), never from a copy of Rubin's schema files.
 */
import type { AvroScalar } from '../column-types.js';

/** A field's Avro type as its writer schema spells it (`"long"`, `["null", "float"]`, `{"type": "long", …}`). */
export type AvroFieldType = string | readonly AvroFieldType[] | { readonly [key: string]: unknown };

/**
 * One column: API name (`r:psfFlux`), scalar type, the writer schema's doc (empty when it has none) and the
 * field's Avro type there (the scalar type for a source without an Avro schema, e.g. parquet).
 */
export interface LsstColumn {
  readonly name: string;
  readonly type: AvroScalar;
  readonly doc: string;
  readonly avroType: AvroFieldType;
}

/** The tables an LSST alert's rows go to (the rows of LsstAlert of the same names). */
export const LSST_ROW_TABLES = ['source', 'object', 'history', 'forced', 'sso', 'orbit'] as const;
export type LsstRowTable = (typeof LSST_ROW_TABLES)[number];

/** The columns of each table for one writer schema (one shared object per schema: compare by identity). */
export type LsstColumns = Readonly<Record<LsstRowTable, readonly LsstColumn[]>>;
