/** Scalar Avro types that a catalogue column can hold. `long` values are BigInt in TypeScript. */
export type AvroScalar = 'string' | 'int' | 'long' | 'float' | 'double' | 'boolean';

/** A value of one alert column as it travels from the decoder to the store. */
export type ColumnValue = string | number | bigint | boolean | null;

/** The column families of the API: alert fields, science-module outputs, derived values, cutouts. */
export type ColumnFamily = 'i' | 'd' | 'v' | 'b';

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
