/**
 * Query behind LSST `/api/v1/cutouts`: the three stamps of one diaSource (FITS bytes as Rubin sent them), cut out of
 * the `stamps.bin` of the part whose `cutouts.parquet` names them (offset and lengths: docs/surveys.md, "The LSST
 * store").
 */
import fs from 'node:fs';
import path from 'node:path';
import { listValue } from '@duckdb/node-api';
import { STAMPS_FILE } from '../../catalog.js';
import { STAMP_REF_COLUMNS } from '../../staging-schema.js';
import { STAMP_KINDS, splitStamps } from '../cutouts.js';
import type { QueryFn } from '../objects.js';
import { columnSql, type LsstTable, partRankSql, relationSql } from './tables.js';

/** Stamp kinds of an LSST alert, in stamps.bin order, and their fields in the API (Fink's LSST names). */
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
  const sql = `
    SELECT ${STAMP_REF_COLUMNS.map((c) => columnSql(table, c)).join(', ')}, filename
    FROM ${relationSql(table)} WHERE ${columnSql(table, 'r:diaSourceId')} = $1::BIGINT
    ORDER BY ${partRankSql(table)} DESC LIMIT 1`;
  const [row] = await query(sql, [diaSourceId]);
  if (!row) return null;
  const lengths = STAMP_REF_COLUMNS.slice(1).map((c) => (row[c] === null ? null : Number(row[c])));
  // the file name comes from the catalog (relationSql), never from the request
  const file = path.join(path.dirname(String(row.filename)), STAMPS_FILE);
  const stamps = splitStamps(
    (offset, length) => readRange(file, offset, length),
    Number(row.stamp_offset),
    lengths,
    STAMP_KINDS,
  );
  return {
    Science: stamps.Science ?? null,
    Template: stamps.Template ?? null,
    Difference: stamps.Difference ?? null,
  };
}

/**
 * The diaSources among `diaSourceIds` whose three stamps the store holds (the newest part's `cutouts.parquet` row
 * of each names a length for Science, Template and Difference), as decimal text: the others `/api/v1/cutouts`
 * answers with a 400.
 */
export async function findLsstSourcesWithStamps(
  query: QueryFn,
  table: LsstTable,
  diaSourceIds: readonly bigint[],
): Promise<Set<string>> {
  if (table.files.length === 0 || diaSourceIds.length === 0) return new Set();
  const id = columnSql(table, 'r:diaSourceId');
  const sql = `
    SELECT CAST(${id} AS VARCHAR) AS id, ${STAMP_REF_COLUMNS.slice(1)
      .map((c) => `${columnSql(table, c)} IS NOT NULL`)
      .join(' AND ')} AS held
    FROM ${relationSql(table)} WHERE ${id} IN (SELECT unnest($1::BIGINT[]))
    QUALIFY row_number() OVER (PARTITION BY ${id} ORDER BY ${partRankSql(table)} DESC) = 1`;
  const rows = await query(sql, [listValue(diaSourceIds.map(String))]);
  return new Set(rows.filter((r) => r.held === true).map((r) => String(r.id)));
}

/** `length` bytes of `file` from `offset`. @throws Error when the file ends before them. */
function readRange(file: string, offset: number, length: number): Uint8Array {
  const bytes = Buffer.allocUnsafe(length);
  const fd = fs.openSync(file, 'r');
  try {
    for (let at = 0; at < length; ) {
      const n = fs.readSync(fd, bytes, at, length - at, offset + at);
      if (n === 0) throw new Error(`${file} ends before the stamps its cutouts name`);
      at += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
}
