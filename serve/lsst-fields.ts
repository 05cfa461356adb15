/**
 * The LSST API's view of an LSST store's columns (docs/surveys.md): for `columns` selections, the encoders and
 * `/api/v1/schema`, the columns are those the store's tables actually hold, typed from their parquet schema;
 * the store's own `v:` columns (LSST_STORE_COLUMNS) are served only when named.
 */
import { z } from 'zod';
import { type AvroScalar, HAS_CUTOUTS_FIELD, INT64_MAX } from '../data/index.js';
import type { LsstTable } from '../data/queries/lsst/index.js';
import { type ColumnCatalogue, splitList } from './args/index.js';
import type { FieldInfo, FieldLookup } from './encode/index.js';
import { ApiError } from './errors.js';

/** `v:separation_degree` of cone searches (degrees). */
export const SEPARATION_FIELD = 'v:separation_degree';

/** The scalar type of a stored column from its DuckDB type (`string` for any other type). */
export function columnType(sqlType: string): AvroScalar {
  switch (sqlType) {
    case 'BIGINT':
    case 'UBIGINT':
    case 'HUGEINT':
      return 'long';
    case 'INTEGER':
    case 'SMALLINT':
    case 'TINYINT':
    case 'UINTEGER':
    case 'USMALLINT':
    case 'UTINYINT':
      return 'int';
    case 'DOUBLE':
      return 'double';
    case 'FLOAT':
      return 'float';
    case 'BOOLEAN':
      return 'boolean';
    default:
      return 'string';
  }
}

/** True for a column the store adds for itself (`v:`), served only when a client names it. */
function isStoreOnly(name: string): boolean {
  return name.startsWith('v:');
}

/** The columns of `table` a full-mode answer holds (every `r:`/`f:` column), in the table's order. */
export function servedColumns(table: LsstTable): string[] {
  return table.columns.map((c) => c.name).filter((n) => !isStoreOnly(n));
}

/**
 * `columns` is checked against these tables' columns (the first table's order first).
 *
 * @param endpoint the path whose schema lists the names, for the 400 text.
 */
export function lsstColumnCatalogue(tables: readonly LsstTable[], endpoint: string): ColumnCatalogue {
  const rank = new Map<string, number>();
  for (const t of tables) for (const c of t.columns) if (!rank.has(c.name)) rank.set(c.name, rank.size);
  return {
    find: (name) => (rank.has(name) ? { name, storage: name } : undefined),
    rank: (storage) => rank.get(storage) ?? 0,
    hint:
      `See /api/v1/schema?endpoint=${endpoint} for the field names, e.g. ` +
      'columns=r:diaObjectId,r:midpointMjdTai,r:psfFlux.',
  };
}

/** Types of the tables' columns for the encoders (plus `v:separation_degree`, `v:hasCutouts`); no unit or UCD is recorded. */
export function lsstFieldLookup(tables: readonly LsstTable[]): FieldLookup {
  const fields = new Map<string, FieldInfo>([
    [
      SEPARATION_FIELD,
      { type: 'double', unit: 'deg', ucd: 'pos.angDistance', doc: 'Angular distance from the cone centre' },
    ],
    [
      HAS_CUTOUTS_FIELD,
      { type: 'boolean', unit: '', ucd: 'meta.code', doc: 'True when the store holds the three stamps' },
    ],
  ]);
  for (const t of tables)
    for (const c of t.columns)
      if (!fields.has(c.name))
        fields.set(c.name, { type: columnType(c.sqlType), unit: '', ucd: '', doc: '' });
  return { find: (name) => fields.get(name), isJdUtc: () => false };
}

/** The single-precision columns of the tables (written in JSON in their shortest float32 form). */
export function float32Columns(tables: readonly LsstTable[]): ReadonlySet<string> {
  return new Set(tables.flatMap((t) => t.columns.filter((c) => c.sqlType === 'FLOAT').map((c) => c.name)));
}

/** Most diaObjects in one request. */
export const MAX_DIA_OBJECT_IDS = 1000;
const ID_TEXT = /^\d{1,19}$/;

/** `diaObjectId`: one id or a comma list, as text or a JSON number (an exact one: see withExactIntegers). */
export const diaObjectIdArg = z
  .union([z.string(), z.number()], {
    message: 'a value for diaObjectId is required (a Rubin diaObject id or a comma list of them)',
  })
  .meta({
    description:
      'Rubin diaObject id, or a comma-separated list of ids (exact match; send ids as text from languages ' +
      `without 64-bit integers); at most ${MAX_DIA_OBJECT_IDS}`,
    examples: ['169738309211783177'],
  });

/**
 * The distinct ids of a `diaObjectId` value. Text that is no id (`ldfksjflkdsjf`) matches no diaObject, as in
 * Fink, so it is dropped: the answer is then empty.
 *
 * @throws ApiError 400 for an empty list, more than {@link MAX_DIA_OBJECT_IDS} ids, or an inexact JSON number.
 */
export function diaObjectIds(value: string | number): bigint[] {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new ApiError(400, `diaObjectId ${value} is not an exact integer: send it as text.`);
  const items = [...new Set(splitList(String(value)))];
  if (items.length === 0)
    throw new ApiError(
      400,
      'A value for `diaObjectId` is required (a Rubin diaObject id or a comma list of them).',
    );
  if (items.length > MAX_DIA_OBJECT_IDS)
    throw new ApiError(400, `At most ${MAX_DIA_OBJECT_IDS} diaObject ids per request (got ${items.length}).`);
  return items.filter((t) => ID_TEXT.test(t) && BigInt(t) <= INT64_MAX).map((t) => BigInt(t));
}
