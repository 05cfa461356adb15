/**
 * The casts DuckDB applies when it reads the parts of an LSST table as one relation (`read_parquet` with
 * `union_by_name`) and a column's type differs between parts (a Rubin schema that retyped a field): each part's
 * value is cast to the union type. The object blocks keep each part's own values and types (blocks.json), and
 * their reader casts them the same way in memory, so that a row read from blocks equals the row DuckDB reads
 * from the files whatever the types of the parts. The store's columns take the DuckDB types of Avro scalars
 * (data/column-types.ts: BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, VARCHAR); a union of them is one of them.
 *
 * Reference: DuckDB 1.x, "Typecasting" (implicit casts, numeric → VARCHAR text); IEEE 754 round to nearest even.
 */
import { float32Text } from './json-text.js';

const BIGINT_TYPES = new Set(['BIGINT', 'HUGEINT', 'UBIGINT']);
const INTEGER_TYPES = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'UTINYINT', 'USMALLINT', 'UINTEGER']);

const F32 = new Float32Array(1);
const F32_BITS = new Int32Array(F32.buffer);

/** The float32 next to `f` (a finite float32) towards `up` (true: +∞). */
function nextFloat32(f: number, up: boolean): number {
  F32[0] = f;
  if (f === 0) F32_BITS[0] = up ? 1 : 0x80000001;
  else F32_BITS[0] += f > 0 === up ? 1 : -1;
  return F32[0];
}

/** `n` rounded to float32 once (nearest, ties to even), as C++ casts an int64: not through a double first. */
export function bigintToFloat32(n: bigint): number {
  const f = Math.fround(Number(n));
  if (!Number.isFinite(f) || BigInt(f) === n) return f;
  // a float32 beyond 2^24 is an integer: compare the two candidates around n exactly
  const other = nextFloat32(f, BigInt(f) < n);
  if (!Number.isFinite(other)) return f;
  const dF = BigInt(f) > n ? BigInt(f) - n : n - BigInt(f);
  const dOther = BigInt(other) > n ? BigInt(other) - n : n - BigInt(other);
  if (dF !== dOther) return dF < dOther ? f : other;
  F32[0] = f;
  return (F32_BITS[0] & 1) === 0 ? f : other;
}

/**
 * DuckDB's text of a FLOAT or DOUBLE (`CAST(x AS VARCHAR)`): the shortest digits that read back as the value,
 * written as Python's `repr` writes them (`0.1`, `1.0`, `1e+16`, `1.5e-07`, `-0.0`, `nan`, `inf`).
 */
export function duckDbFloatText(x: number, isFloat32: boolean): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // the shortest digits of a float32 are those of the double its shortest text reads as
  const [mantissa, expText] = Math.abs(isFloat32 ? Number(float32Text(x)) : x)
    .toExponential()
    .split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 16)
    return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  const digits = mantissa.replace('.', '');
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (exp >= digits.length - 1) return `${sign}${digits}${'0'.repeat(exp - digits.length + 1)}.0`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/**
 * `value` (as DuckDB reads a column of `fromType`: bigint, number, boolean or string) cast to `toType` as DuckDB
 * casts it.
 * @throws Error for a cast no union of the store's column types asks for (e.g. VARCHAR to a number).
 */
export function castLikeDuckDb(value: unknown, fromType: string, toType: string): unknown {
  const flag = typeof value === 'boolean' ? (value ? 1 : 0) : null;
  if (BIGINT_TYPES.has(toType) && (typeof value === 'number' || flag !== null))
    return BigInt(flag ?? (value as number));
  if (BIGINT_TYPES.has(toType) && typeof value === 'bigint') return value;
  if (INTEGER_TYPES.has(toType) && flag !== null) return flag;
  if (INTEGER_TYPES.has(toType) && typeof value === 'number' && INTEGER_TYPES.has(fromType)) return value;
  if (toType === 'DOUBLE' && (typeof value === 'number' || typeof value === 'bigint' || flag !== null))
    return flag ?? Number(value);
  if (toType === 'FLOAT' && typeof value === 'bigint') return bigintToFloat32(value);
  if (toType === 'FLOAT' && (typeof value === 'number' || flag !== null))
    return Math.fround(flag ?? (value as number));
  if (toType === 'VARCHAR') {
    if (typeof value === 'string') return value;
    if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    if (typeof value === 'number')
      return fromType === 'FLOAT' || fromType === 'DOUBLE'
        ? duckDbFloatText(value, fromType === 'FLOAT')
        : String(value);
  }
  throw new Error(`an LSST part's ${fromType} column cannot be read as the catalog's ${toType}`);
}
