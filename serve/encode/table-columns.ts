/**
 * The columns of a table about to be encoded, shared by the csv, parquet and votable writers: their names (the
 * union of the rows' keys, in first-seen order), their cell type, unit, UCD and doc. Known names take their type
 * from the field catalogue (data/derived-columns.ts) when every value fits it; other columns are typed from their
 * values, so that no row content can make an encoder fail.
 */
import {
  type FieldDef,
  findField,
  float32Text,
  INT64_MAX,
  INT64_MIN,
  JD_UTC_FIELDS,
  jsonValue,
} from '../../data/index.js';

/** What the encoders read of a column's description: type, unit (VOUnit), UCD and doc. */
export type FieldInfo = Pick<FieldDef, 'type' | 'unit' | 'ucd' | 'doc'>;

/**
 * Where the encoders find the type, unit, UCD and doc of a column by API name, and whether it is a Julian date
 * in UTC. The alert catalogue by default; tables of their own (e.g. Solar System candidates, an LSST store's
 * columns) pass theirs.
 */
export interface FieldLookup {
  find(name: string): FieldInfo | undefined;
  isJdUtc(name: string): boolean;
}

/** The alert field catalogue (data/columns.ts and data/derived-columns.ts). */
export const ALERT_FIELDS: FieldLookup = { find: findField, isJdUtc: (name) => JD_UTC_FIELDS.has(name) };

/**
 * How the cells of a column are written. `array`: numeric arrays (cutout stamps), 1-D or 2-D; `bytes`: binary
 * (base64 in text formats); `string` also holds any value that fits no other kind, written as JSON text.
 */
export type CellKind = 'string' | 'int' | 'long' | 'float' | 'double' | 'boolean' | 'array' | 'bytes';

/** One column of an encoded table. */
export interface TableColumn {
  /** API name (`i:ra`), exactly as in the rows. */
  readonly name: string;
  readonly kind: CellKind;
  /** VOUnit, empty when unknown. */
  readonly unit: string;
  /** UCD1+, empty when unknown. */
  readonly ucd: string;
  /** Description, empty when the catalogue does not know the column. */
  readonly doc: string;
  /** True for Julian dates in UTC (VOTable TIMESYS reference). */
  readonly isJdUtc: boolean;
  /** For `array`: 1 or 2 dimensions; for a 2-D column, the common length of the inner arrays (null if ragged). */
  readonly arrayDepth: 1 | 2;
  readonly innerLength: number | null;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** True for null, undefined and non-finite numbers: written as null / empty in every format. */
export function isNullCell(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v));
}

/** A numeric array value (plain array or typed array other than bytes) as a plain array; null otherwise. */
export function asArray(v: unknown): readonly unknown[] | null {
  if (Array.isArray(v)) return v;
  if (ArrayBuffer.isView(v) && !(v instanceof Uint8Array) && !(v instanceof DataView))
    return Array.from(v as unknown as ArrayLike<number>);
  return null;
}

/**
 * Depth (1 or 2) of a numeric array whose leaves are numbers or nulls, 0 when it is no such array; for 2-D, the
 * common length of the inner arrays (-2 when they differ). An empty array has depth 1 and fits any depth.
 */
function numericDepth(v: unknown): { depth: 0 | 1 | 2; inner: number; isEmpty: boolean } {
  const a = asArray(v);
  if (a === null) return { depth: 0, inner: 0, isEmpty: false };
  if (a.every((x) => x === null || typeof x === 'number'))
    return { depth: 1, inner: a.length, isEmpty: a.length === 0 };
  let inner = -1;
  for (const x of a) {
    const row = asArray(x);
    if (row === null || !row.every((y) => y === null || typeof y === 'number'))
      return { depth: 0, inner: 0, isEmpty: false };
    inner = inner === -1 || inner === row.length ? row.length : -2;
  }
  return { depth: 2, inner, isEmpty: false };
}

function fits(kind: CellKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'int':
      return (
        (typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) ||
        (typeof v === 'bigint' && v >= INT32_MIN && v <= INT32_MAX)
      );
    case 'long':
      return (typeof v === 'bigint' && v >= INT64_MIN && v <= INT64_MAX) || Number.isSafeInteger(v);
    case 'float':
    case 'double':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'bytes':
      return v instanceof Uint8Array;
    case 'array':
      return numericDepth(v).depth > 0;
  }
}

/** The kind of a column from its non-null values (`string` when they agree on nothing better). */
function inferKind(values: readonly unknown[]): CellKind {
  if (values.length === 0) return 'string';
  if (values.every((v) => typeof v === 'number' || typeof v === 'bigint')) {
    if (values.every((v) => fits('long', v))) return 'long';
    // numbers with fractions, possibly mixed with 64-bit integers; integers beyond 64 bits stay exact as text
    return values.every((v) => typeof v === 'number' || fits('long', v)) ? 'double' : 'string';
  }
  for (const kind of ['boolean', 'bytes', 'array'] as const)
    if (values.every((v) => fits(kind, v))) return kind;
  return 'string';
}

/**
 * Common shape of the values of an array column, null when 1-D and 2-D values are mixed. Empty arrays (a stamp
 * that could not be read) fit either shape.
 */
function arrayShape(values: readonly unknown[]): { depth: 1 | 2; inner: number | null } | null {
  const shapes = values.map(numericDepth).filter((s) => !s.isEmpty);
  const depth = shapes[0]?.depth ?? 1;
  if (depth === 0 || shapes.some((s) => s.depth !== depth)) return null;
  const inner = shapes[0]?.inner ?? -1;
  const isRegular = depth === 2 && inner >= 0 && shapes.every((s) => s.inner === inner);
  return { depth, inner: isRegular ? inner : null };
}

/**
 * The columns of `rows`: the union of their keys in first-seen order (rows may have different keys, as upper
 * limits do), or `columns` when the rows are empty.
 *
 * @param rows records keyed by API names.
 * @param columns names to use for an empty result (ignored when there are rows).
 * @param fields the catalogue that describes the columns.
 * @returns one TableColumn per name. A catalogue type is kept when every non-null value fits it; otherwise, and
 *   for unknown names, the type is inferred (all booleans → boolean, integers → long, numbers → double, numeric
 *   arrays → array, Uint8Array → bytes, anything else → string as JSON text).
 */
export function tableColumns(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[] = [],
  fields: FieldLookup = ALERT_FIELDS,
): TableColumn[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows.length > 0 ? rows : [Object.fromEntries(columns.map((c) => [c, null]))]) {
    for (const k of Object.keys(row)) {
      if (!seen.has(k)) {
        seen.add(k);
        names.push(k);
      }
    }
  }
  return names.map((name) => {
    const values = rows.map((r) => r[name]).filter((v) => !isNullCell(v));
    const def = fields.find(name);
    const catalogKind: CellKind | undefined = def?.type === 'array' ? 'array' : def?.type;
    let kind =
      catalogKind !== undefined && values.every((v) => fits(catalogKind, v))
        ? catalogKind
        : inferKind(values);
    const shape = kind === 'array' ? arrayShape(values) : null;
    if (kind === 'array' && shape === null) kind = 'string';
    return {
      name,
      kind,
      unit: def?.unit ?? '',
      ucd: def?.ucd ?? '',
      doc: def?.doc ?? '',
      isJdUtc: fields.isJdUtc(name),
      arrayDepth: shape?.depth ?? 1,
      innerLength: shape?.inner ?? null,
    };
  });
}

/**
 * The text of one cell for the text formats (csv, votable), or null for an empty cell. Floats take their
 * shortest float32 form, 64-bit integers stay exact, bytes are base64, arrays and objects are JSON text
 * (NaN → null), dates ISO 8601 UTC. Booleans are `true`/`false`.
 */
export function cellText(v: unknown, column: TableColumn): string | null {
  if (isNullCell(v)) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return column.kind === 'float' ? float32Text(v) : String(v);
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  const a = asArray(v);
  if (a !== null) return jsonValue(a.map((x) => asArray(x) ?? x));
  return jsonValue(v);
}
