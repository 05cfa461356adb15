/**
 * The alerts the real test store is built from (test/data/ztf_raw_avro and test/data/ztf_enriched), read
 * independently of the project's ingestion: Avro container files with avsc's own file decoder
 * (test/support/input-alerts.ts `readAvroRecords`) and Spark parquet files with DuckDB's own reader. The Fink-parity tests take their ids, dates and counts from here,
 * never from the server's answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { readAvroRecords } from '../support/input-alerts.js';
import { separationDeg } from '../support/sky-oracle.js';
import { testDataPath } from '../support/test-data.js';

/** One valid input alert (rb ≥ 0.55, nbad = 0, g or r band: the quality cut of the store). */
export interface OracleAlert {
  readonly objectId: string;
  /** Exact decimal text of the candid. */
  readonly candid: string;
  readonly raDeg: number;
  readonly decDeg: number;
  readonly jd: number;
  readonly jdstarthist: number;
  readonly magpsf: number;
  readonly fid: number;
  /** Which kind of file it came from (Avro files carry the stamps). */
  readonly source: 'avro' | 'parquet';
}

/** The candidate fields of a record, named as the oracle keeps them. */
function fromCandidate(
  objectId: string,
  c: Record<string, unknown>,
  source: OracleAlert['source'],
): OracleAlert {
  return {
    objectId,
    candid: String(c.candid),
    raDeg: Number(c.ra),
    decDeg: Number(c.dec),
    jd: Number(c.jd),
    jdstarthist: Number(c.jdstarthist),
    magpsf: Number(c.magpsf),
    fid: Number(c.fid),
    source,
  };
}

const PARQUET_SQL = `SELECT objectId, CAST(candidate.candid AS VARCHAR) AS candid, candidate.ra AS ra,
  candidate.dec AS dec, candidate.jd AS jd, candidate.jdstarthist AS jdstarthist, candidate.magpsf AS magpsf,
  candidate.fid AS fid, candidate.rb AS rb, candidate.nbad AS nbad
  FROM read_parquet($1)`;

/** The store's quality cut: rb ≥ 0.55, nbad = 0, g or r band (a missing value passes). */
function isValid(c: Record<string, unknown>): boolean {
  // Spark-written files type fid and nbad as longs (read as decimal text, or bigint by DuckDB)
  const num = (v: unknown, missing: number) => (v === null || v === undefined ? missing : Number(v));
  return num(c.nbad, 0) === 0 && num(c.rb, 1) >= 0.55 && num(c.fid, 1) !== 3;
}

function files(dir: string, ext: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The field names of `candidate` in an Avro file (those of its first record, as avsc decodes it). */
export async function candidateFieldNames(file: string): Promise<string[]> {
  const [first] = await readAvroRecords(file);
  return Object.keys(first.candidate as Record<string, unknown>);
}

/** Every valid input alert of the real test store, once per candid (Avro first). */
export async function readOracleAlerts(): Promise<OracleAlert[]> {
  const out = new Map<string, OracleAlert>();
  for (const dir of ['ztf_raw_avro', 'ztf_enriched']) {
    for (const file of files(testDataPath(dir), '.avro')) {
      for (const r of await readAvroRecords(file)) {
        const c = r.candidate as Record<string, unknown>;
        if (!isValid(c) || out.has(String(c.candid))) continue;
        out.set(String(c.candid), fromCandidate(String(r.objectId), c, 'avro'));
      }
    }
  }
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    const glob = path.join(testDataPath('ztf_enriched'), '**', '*.parquet');
    const reader = await connection.runAndReadAll(PARQUET_SQL, [glob]);
    for (const r of reader.getRowObjectsJS()) {
      const candid = String(r.candid);
      if (!isValid(r) || out.has(candid)) continue;
      out.set(candid, fromCandidate(String(r.objectId), r as Record<string, unknown>, 'parquet'));
    }
  } finally {
    connection.closeSync();
    db.closeSync();
  }
  return [...out.values()];
}

/** The distinct objects with a valid alert within `radiusArcsec` of a position, optionally first detected in a window. */
export function objectsInCone(
  alerts: readonly OracleAlert[],
  raDeg: number,
  decDeg: number,
  radiusArcsec: number,
  firstDetection?: { startJd: number; stopJd: number },
): Set<string> {
  const ids = new Set<string>();
  for (const a of alerts) {
    if (separationDeg(raDeg, decDeg, a.raDeg, a.decDeg) * 3600 > radiusArcsec) continue;
    if (firstDetection && (a.jdstarthist < firstDetection.startJd || a.jdstarthist > firstDetection.stopJd))
      continue;
    ids.add(a.objectId);
  }
  return ids;
}

/** A JD as Fink's clients write dates: `YYYY-MM-DD hh:mm:ss` UTC (to the second, rounded down). */
export function jdToIso(jd: number): string {
  const ms = Math.floor(((jd - 2440587.5) * 86_400_000) / 1000) * 1000;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
