/**
 * Query behind LSST `/api/v1/cutouts`: the three stamps of one diaSource (FITS bytes as Rubin sent them).
 */
import type { QueryFn } from '../objects.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, relationSql } from './tables.js';

/** Stamp kinds of an LSST alert and their columns in the store's cutouts table. */
export const LSST_STAMP_COLUMNS = {
  Science: 'b:cutoutScience',
  Template: 'b:cutoutTemplate',
  Difference: 'b:cutoutDifference',
} as const;
export type LsstStampKind = keyof typeof LSST_STAMP_COLUMNS;

/** The stamps of one diaSource: FITS bytes by kind (null when the alert carried none). */
export type LsstStampBytes = Readonly<Record<LsstStampKind, Uint8Array | null>>;

/** The stamps of diaSource `diaSourceId`; null when the store holds none for it. */
export async function readLsstStamps(
  query: QueryFn,
  table: LsstTable,
  diaSourceId: bigint,
): Promise<LsstStampBytes | null> {
  if (table.files.length === 0) return null;
  const kinds = Object.keys(LSST_STAMP_COLUMNS) as LsstStampKind[];
  const present = kinds.filter((k) => hasColumn(table, LSST_STAMP_COLUMNS[k]));
  if (present.length === 0) return null;
  const id = columnSql(table, 'r:diaSourceId');
  const sql = `
    SELECT ${present.map((k) => `${columnSql(table, LSST_STAMP_COLUMNS[k])} AS ${k}`).join(', ')}
    FROM ${relationSql(table)} WHERE ${id} = $1::BIGINT
    ORDER BY ${partRankSql(table)} DESC LIMIT 1`;
  const [row] = await query(sql, [diaSourceId]);
  if (!row) return null;
  const bytes = (k: LsstStampKind) => (row[k] instanceof Uint8Array ? (row[k] as Uint8Array) : null);
  return { Science: bytes('Science'), Template: bytes('Template'), Difference: bytes('Difference') };
}
