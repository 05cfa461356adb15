/**
 * `skyalert tns load`: replaces the store's TNS objects table (data/tns-table.ts) with the objects of one file —
 * the public TNS objects CSV (`tns_public_objects.csv`, optionally gzipped, whose first line may be the date of
 * the export) or Fink's parquet form of it (`tns_raw.parquet`: the same columns plus `fullname`, `internalname`).
 * The table is written to a temporary file and renamed over the old one, so a reader sees the old or the new
 * table, never half of one. Rows without a name are skipped and counted.
 * Reference: docs/store.md ("TNS table"); TNS public objects CSV, https://www.wis-tns.org/content/tns-getting-started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { type DuckDBAppender, type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse';
import type { Logger } from 'pino';
import { fsyncDir, type StoreLayout, sqlPathLiteral, TNS_TABLE_COLUMNS } from '../../data/index.js';
import { RateReporter } from '../progress.js';
import { ROW_GROUP_ROWS } from '../publish/index.js';

/** What one load did. */
export interface TnsLoadSummary {
  /** Data rows read from the file. */
  readonly rowsRead: number;
  /** Rows skipped: no name, or a malformed line. */
  readonly rowsSkipped: number;
  /** Objects in the store's table after the load. */
  readonly storedObjects: number;
  readonly seconds: number;
}

/** A load that cannot be done from this file (the CLI prints the message). */
export class TnsInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TnsInputError';
  }
}

/** One object as read from either form. */
interface TnsObject {
  objid: bigint | null;
  fullname: string;
  name: string;
  internalname: string | null;
  ra: number | null;
  declination: number | null;
  type: string | null;
  redshift: number | null;
  discoverydate: string | null;
}

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

const finite = (v: unknown, min: number, max: number): number | null => {
  const s = text(v);
  const n = s === null ? Number.NaN : Number(s);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};

/** The object of one record keyed by column name; null when it has no name. */
function objectOf(r: Record<string, unknown>): TnsObject | null {
  const name = text(r.name);
  const prefix = text(r.name_prefix);
  const fullname = text(r.fullname) ?? (name === null ? null : prefix === null ? name : `${prefix} ${name}`);
  if (fullname === null) return null;
  const objid = text(r.objid);
  return {
    objid: objid !== null && /^\d{1,18}$/.test(objid) ? BigInt(objid) : null,
    fullname,
    name: name ?? fullname.replace(/^\S+\s+/, ''),
    internalname: text(r.internalname) ?? text(r.internal_names),
    ra: finite(r.ra, 0, 360),
    declination: finite(r.declination, -90, 90),
    type: text(r.type),
    redshift: finite(r.redshift, -1, 100),
    discoverydate: text(r.discoverydate),
  };
}

function appendObject(a: DuckDBAppender, o: TnsObject): void {
  const orNull = <T>(v: T | null, f: (x: T) => void) => (v === null ? a.appendNull() : f(v));
  a.appendVarchar(o.fullname.toLowerCase());
  orNull(o.objid, (v) => a.appendBigInt(v));
  a.appendVarchar(o.fullname);
  a.appendVarchar(o.name);
  orNull(o.internalname, (v) => a.appendVarchar(v));
  orNull(o.ra, (v) => a.appendDouble(v));
  orNull(o.declination, (v) => a.appendDouble(v));
  orNull(o.type, (v) => a.appendVarchar(v));
  orNull(o.redshift, (v) => a.appendDouble(v));
  orNull(o.discoverydate, (v) => a.appendVarchar(v));
  a.endRow();
}

/** Records of a TNS CSV keyed by its header, skipping the export-date line TNS writes above the header. */
async function* csvRecords(file: string): AsyncGenerator<Record<string, unknown>> {
  const input = fs.createReadStream(file);
  const source = file.endsWith('.gz') ? input.pipe(createGunzip()) : input;
  const parser = source.pipe(parse({ relax_column_count: true, bom: true, skip_empty_lines: true }));
  let header: string[] | null = null;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (header === null) {
      if (record.includes('name') && (record.includes('objid') || record.includes('name_prefix')))
        header = record;
      continue;
    }
    const h = header;
    yield Object.fromEntries(h.map((k, i) => [k, record[i]]));
  }
  if (header === null)
    throw new TnsInputError(`${file}: no header line with the TNS columns (objid, name_prefix, name, ...)`);
}

/** Records of Fink's parquet form, read by DuckDB in batches. */
async function* parquetRecords(
  conn: DuckDBConnection,
  file: string,
): AsyncGenerator<Record<string, unknown>> {
  const result = await conn.stream(`SELECT * FROM read_parquet(${sqlPathLiteral(file)})`);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    yield* chunk.getRowObjects(result.columnNames());
  }
}

/**
 * Loads `file` as the store's TNS table, replacing the previous one.
 * @throws TnsInputError when the file is missing or has no TNS columns.
 */
export async function loadTns(layout: StoreLayout, file: string, log: Logger): Promise<TnsLoadSummary> {
  if (!fs.existsSync(file)) throw new TnsInputError(`${file}: no such file`);
  const counts = { rowsRead: 0, rowsSkipped: 0 };
  const progress = new RateReporter(log, 'tns load', () => counts, 'rowsRead').start();
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  try {
    await conn.run(`CREATE TABLE tns (${TNS_TABLE_COLUMNS})`);
    const appender = await conn.createAppender('tns');
    const records = /\.parquet$/i.test(file) ? parquetRecords(conn, file) : csvRecords(file);
    try {
      for await (const record of records) {
        counts.rowsRead += 1;
        const o = objectOf(record);
        if (o === null) counts.rowsSkipped += 1;
        else appendObject(appender, o);
      }
    } catch (err) {
      if (err instanceof TnsInputError) throw err;
      throw new TnsInputError(`${file}: unreadable as a TNS CSV or parquet file: ${(err as Error).message}`);
    } finally {
      appender.closeSync();
    }
    const target = layout.tnsFile;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
    try {
      await conn.run(
        `COPY (SELECT * FROM tns ORDER BY key) TO ${sqlPathLiteral(tmp)} ` +
          `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      );
      fsyncDir(tmp);
      fs.renameSync(tmp, target);
      fsyncDir(path.dirname(target));
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    const stored = (await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM tns')).getRowObjectsJS();
    const summary = { ...counts, storedObjects: Number(stored[0].n), seconds: progress.stop().seconds };
    log.info(summary, 'tns loaded');
    return summary;
  } finally {
    progress.stop();
    conn.closeSync();
    db.closeSync();
  }
}
