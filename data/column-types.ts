/** Scalar Avro types that a catalogue column can hold. `long` values are BigInt in TypeScript. */
export type AvroScalar = 'string' | 'int' | 'long' | 'float' | 'double' | 'boolean';

/** A value of one alert column as it travels from the decoder to the store. */
export type ColumnValue = string | number | bigint | boolean | null;

/** The column families of the API: alert fields, science-module outputs, derived values, cutouts. */
export type ColumnFamily = 'i' | 'd' | 'v' | 'b';

/**
 * Where a column's value is in an alert when it is not the alert field of the column's own name: an entry of a
 * map-valued field (Fink's `mangrove`, `blazar_stats`: column `d:mangrove_2MASS_name` is entry `2MASS_name` of
 * `mangrove`), or a record-valued field kept as the JSON text of the array of its values in field order (Fink's
 * `lc_features_g`, which Fink's API serves as such a text). Reference: fink-object-api
 * apps/routes/v1/ztf/schema/api.py (names and types of the flattened fields).
 */
export type ColumnSource =
  | { readonly kind: 'map-entry'; readonly field: string; readonly key: string }
  | { readonly kind: 'record-values'; readonly field: string };

/** One column of the catalogue: the API name (`i:magpsf`), its storage name, type, unit, UCD and doc. */
export interface ColumnDef {
  /** API name with its family prefix, e.g. `i:magpsf`. */
  readonly name: string;
  /** Storage (parquet/DuckDB) column name, e.g. `i_magpsf`; never built from request text. */
  readonly storage: string;
  readonly family: ColumnFamily;
  readonly type: AvroScalar;
  /** Unit in VOUnit spelling (`mag`, `deg`, `d`, `arcsec`), empty when dimensionless or unknown. */
  readonly unit: string;
  /** IVOA UCD 1+ word, empty when none fits. */
  readonly ucd: string;
  readonly doc: string;
  /** Where the value comes from when not from the alert field of the column's name (absent: that field). */
  readonly from?: ColumnSource;
}

/** DuckDB SQL type of each Avro scalar type. */
export const DUCKDB_TYPE: Readonly<Record<AvroScalar, string>> = {
  string: 'VARCHAR',
  int: 'INTEGER',
  long: 'BIGINT',
  float: 'FLOAT',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
};
