/**
 * Loads orbit files into the store's orbit catalogue (docs/store.md, "Orbit catalogue"): parsed records are
 * appended to a DuckDB table as they are read, merged with the published catalogue (same object → the newer load
 * replaces it; others kept), and written as a new immutable version directory (`orbits.parquet` sorted by id,
 * `names.parquet` sorted by key, and their lookup files) that the CURRENT pointer then names (rename: atomic). Readers never see half a
 * catalogue; a crash leaves the previous version published.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import type { Logger } from 'pino';
import {
  type CatalogueRecord,
  catalogueId,
  identityKeys,
  type SsoKind,
} from '../../compute/sso/catalogue/index.js';
import type { StoreLayout } from '../../data/index.js';
import {
  currentOrbitCatalogue,
  NAME_TABLE_COLUMNS,
  ORBIT_ROW_GROUP_ROWS,
  ORBIT_TABLE_COLUMNS,
  orbitCatalogueFiles,
  sqlPathLiteral,
} from '../../data/index.js';
import { acquirePublishLock, openWorkConnection } from '../publish/index.js';
import { type OrbitFileFormat, openOrbitFile } from './orbit-file-reader.js';
import { writeOrbitLookups } from './write-lookups.js';

/** Rejected lines kept as examples in the summary (all are counted). */
const MAX_REJECTED_EXAMPLES = 20;
/** Progress is logged every this many lines. */
const PROGRESS_LINES = 250_000;

/** One rejected line: where and why. */
export interface RejectedLine {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

/** What one file gave. */
export interface FileSummary {
  readonly file: string;
  readonly format: OrbitFileFormat;
  /** Orbit lines or rows read (header and blank lines not counted). */
  readonly read: number;
  readonly records: number;
  readonly rejected: number;
}

/** The outcome of a load. */
export interface OrbitLoadSummary {
  readonly files: FileSummary[];
  /** Objects of this load per kind, after duplicates within the load (the last one read wins) were removed. */
  readonly loaded: Record<SsoKind, number>;
  /** Objects of this load that replaced one of the previous catalogue. */
  readonly replaced: number;
  /** Objects in the new catalogue, and name keys. */
  readonly objects: number;
  readonly keys: number;
  readonly rejected: number;
  /** The first 20 rejected lines (all are counted in `rejected`). */
  readonly rejectedExamples: RejectedLine[];
  readonly version: number;
  readonly seconds: number;
}

function appendRecord(app: DuckDBAppender, r: CatalogueRecord, id: string, file: string, seq: number): void {
  const el = r.orbit.elements;
  const optional = (v: number | string | null, put: (x: never) => void) =>
    v === null ? app.appendNull() : put(v as never);
  app.appendBigInt(BigInt(seq));
  app.appendVarchar(id);
  app.appendVarchar(r.kind);
  optional(r.number, (x: number) => app.appendInteger(x));
  optional(r.name, (x: string) => app.appendVarchar(x));
  optional(r.designation, (x: string) => app.appendVarchar(x));
  for (const v of [el.qAu, el.e, el.inclDeg, el.nodeDeg, el.periDeg, el.perihelionJdTt, el.epochJdTt]) {
    app.appendDouble(v);
  }
  optional(r.orbit.magnitude.hMag, (x: number) => app.appendDouble(x));
  optional(r.orbit.magnitude.gSlope, (x: number) => app.appendDouble(x));
  app.appendVarchar(r.source);
  app.appendVarchar(file);
  app.endRow();
}

async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const rows = (await conn.runAndReadAll(sql)).getRowObjectsJS();
  return Number(rows[0].n);
}

/** Reads the files into table `incoming`; returns per-file counts and the rejected lines. */
async function readFiles(
  conn: DuckDBConnection,
  files: readonly string[],
  log: Logger,
): Promise<{ summaries: FileSummary[]; rejectedExamples: RejectedLine[] }> {
  await conn.run(`CREATE TABLE incoming (seq BIGINT NOT NULL, ${ORBIT_TABLE_COLUMNS})`);
  const app = await conn.createAppender('incoming');
  const summaries: FileSummary[] = [];
  const rejectedExamples: RejectedLine[] = [];
  let seq = 0;
  try {
    for (const file of files) {
      const base = path.basename(file);
      const { format, outcomes } = await openOrbitFile(file);
      let read = 0;
      let records = 0;
      let rejected = 0;
      for await (const { line, outcome } of outcomes) {
        read++;
        if (read % PROGRESS_LINES === 0) log.info({ file: base, read, rejected }, 'orbit lines read');
        if (outcome.kind === 'record') {
          const id = catalogueId(outcome.record);
          if (id !== null) {
            appendRecord(app, outcome.record, id, base, seq++);
            records++;
            continue;
          }
        }
        const reason = outcome.kind === 'rejected' ? outcome.reason : 'no number or designation';
        rejected++;
        if (rejectedExamples.length < MAX_REJECTED_EXAMPLES) {
          rejectedExamples.push({ file: base, line, reason });
          log.warn({ file: base, line, reason }, 'orbit line rejected');
        }
      }
      summaries.push({ file: base, format, read, records, rejected });
      log.info({ file: base, format, read, records, rejected }, 'orbit file read');
    }
  } finally {
    app.closeSync();
  }
  return { summaries, rejectedExamples };
}

/**
 * The merge, in SQL over `incoming` and the previous catalogue `old`: the last record of each id in this load
 * (orbit and magnitude from it; name and designation from the latest record that gives them, in this load or
 * else in the previous catalogue — MPCORB omits a named object's provisional designation that a JPL table
 * gives); an unnumbered asteroid whose designation is now carried by a numbered one leaves.
 */
const MERGE_SQL = `
  CREATE TABLE fresh AS
    SELECT * EXCLUDE (seq) REPLACE (
        first_value(name IGNORE NULLS) OVER same_id AS name,
        first_value(designation IGNORE NULLS) OVER same_id AS designation)
    FROM incoming
    WINDOW same_id AS (PARTITION BY id ORDER BY seq DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY seq DESC) = 1;
  CREATE TABLE numbered_designations AS
    SELECT DISTINCT designation FROM fresh WHERE kind = 'asteroid' AND number IS NOT NULL AND designation IS NOT NULL;
  CREATE TABLE merged AS
    SELECT f.* REPLACE (coalesce(f.name, o.name) AS name, coalesce(f.designation, o.designation) AS designation)
    FROM fresh f LEFT JOIN old o ON o.id = f.id
    WHERE NOT (f.kind = 'asteroid' AND f.number IS NULL AND f.id IN (SELECT designation FROM numbered_designations))
    UNION ALL
    SELECT o.* FROM old o
    WHERE o.id NOT IN (SELECT id FROM fresh)
      AND NOT (o.kind = 'asteroid' AND o.number IS NULL AND o.id IN (SELECT designation FROM numbered_designations));
`;

/**
 * Computes the name keys of every merged object in JS (streamed by chunks) into table `names`. The appender
 * lives on its own connection: its flushes would end a result still streaming on the same one.
 */
async function buildNames(conn: DuckDBConnection, appendConn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TABLE names (${NAME_TABLE_COLUMNS})`);
  const app = await appendConn.createAppender('names');
  try {
    const result = await conn.stream('SELECT id, kind, number, name, designation FROM merged');
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const [ids, kinds, numbers, names, designations] = chunk.getColumns();
      for (let i = 0; i < chunk.rowCount; i++) {
        const id = String(ids[i]);
        const keys = identityKeys({
          kind: kinds[i] as SsoKind,
          number: numbers[i] === null ? null : Number(numbers[i]),
          name: names[i] === null ? null : String(names[i]),
          designation: designations[i] === null ? null : String(designations[i]),
        });
        for (const k of keys) {
          app.appendVarchar(k.key);
          app.appendBoolean(k.packed);
          app.appendVarchar(id);
          app.endRow();
        }
      }
    }
  } finally {
    app.closeSync();
  }
}

/** Makes `version` the published one and removes versions older than the one it replaces. */
function publishVersion(layout: StoreLayout, tmpDir: string, version: number, previous: number | null): void {
  fs.renameSync(tmpDir, layout.orbitsVersionDir(version));
  const pointerTmp = `${layout.orbitsPointer}.${process.pid}.tmp`;
  const fd = fs.openSync(pointerTmp, 'w');
  fs.writeSync(fd, `v${String(version).padStart(10, '0')}\n`);
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(pointerTmp, layout.orbitsPointer);
  // keep the version just replaced: a reader may still be answering a request with it
  for (const entry of fs.readdirSync(layout.orbitsDir)) {
    const m = /^v(\d{10})$/.exec(entry);
    if (m && Number(m[1]) < (previous ?? version) && Number(m[1]) !== version) {
      fs.rmSync(path.join(layout.orbitsDir, entry), { recursive: true, force: true });
    }
  }
}

/**
 * Loads orbit files (any mix of MPCORB.DAT, CometEls.txt — plain or gzip — and JPL SBDB JSON tables) into the
 * store's orbit catalogue, merging with the published one.
 * @throws OrbitFileError for a file of unknown format (nothing is published then).
 */
export async function loadOrbitFiles(
  layout: StoreLayout,
  files: readonly string[],
  log: Logger,
): Promise<OrbitLoadSummary> {
  const started = Date.now();
  fs.mkdirSync(layout.orbitsDir, { recursive: true });
  const release = await acquirePublishLock(layout, { name: 'orbits' });
  const { conn, connect, close } = await openWorkConnection(layout);
  const appendConn = await connect();
  const tmpDir = path.join(layout.orbitsDir, `.tmp-${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
  try {
    const { summaries, rejectedExamples } = await readFiles(conn, files, log);
    const previous = currentOrbitCatalogue(layout);
    if (previous)
      await conn.run(`CREATE VIEW old AS SELECT * FROM read_parquet(${sqlPathLiteral(previous.orbits)})`);
    else await conn.run(`CREATE TABLE old (${ORBIT_TABLE_COLUMNS})`);
    await conn.run(MERGE_SQL);
    await buildNames(conn, appendConn);
    fs.mkdirSync(tmpDir);
    const version = (previous?.version ?? 0) + 1;
    const target = orbitCatalogueFiles(layout, version);
    const options = `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ORBIT_ROW_GROUP_ROWS})`;
    const tmpOrbits = sqlPathLiteral(path.join(tmpDir, path.basename(target.orbits)));
    const tmpNames = sqlPathLiteral(path.join(tmpDir, path.basename(target.names)));
    await conn.run(`COPY (SELECT * FROM merged ORDER BY id) TO ${tmpOrbits} ${options}`);
    await conn.run(`COPY (SELECT * FROM names ORDER BY key, id) TO ${tmpNames} ${options}`);
    await writeOrbitLookups(conn, {
      nameLookup: path.join(tmpDir, path.basename(target.nameLookup)),
      orbitLookup: path.join(tmpDir, path.basename(target.orbitLookup)),
    });
    const loaded: Record<SsoKind, number> = {
      asteroid: await scalar(conn, `SELECT count(*) AS n FROM fresh WHERE kind = 'asteroid'`),
      comet: await scalar(conn, `SELECT count(*) AS n FROM fresh WHERE kind = 'comet'`),
    };
    const replaced = await scalar(conn, 'SELECT count(*) AS n FROM fresh SEMI JOIN old USING (id)');
    const objects = await scalar(conn, 'SELECT count(*) AS n FROM merged');
    const keys = await scalar(conn, 'SELECT count(*) AS n FROM names');
    publishVersion(layout, tmpDir, version, previous?.version ?? null);
    return {
      files: summaries,
      loaded,
      replaced,
      objects,
      keys,
      rejected: summaries.reduce((s, f) => s + f.rejected, 0),
      rejectedExamples,
      version,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    appendConn.closeSync();
    close();
    fs.rmSync(tmpDir, { recursive: true, force: true });
    release();
  }
}
