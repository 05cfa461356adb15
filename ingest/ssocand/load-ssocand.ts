/**
 * `skyalert ssocand load`: merges fink-fat outputs (candidate orbits and their linked detections) into the
 * store's `ssocand/orbits.parquet` and `ssocand/lightcurves.parquet`. A candidate loaded again is replaced by its
 * newer version (by ssoCandId); an orbit without an id gets one by the fink-fat rule, numbered from the count of
 * orbits already stored. Each table is written to a temporary file and renamed over the old one, so a reader sees
 * the old or the new file, never half of one. Loads are serialised with publication by the store's lock.
 *
 * Reference: docs/references.md#ssocand-columns, #ssocand-id; docs/store.md (immutable parquet, atomic switch).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { assignSsoCandIds, isSsoCandId } from '../../compute/sso/index.js';
import type { StoreLayout } from '../../data/index.js';
import {
  fsyncDir,
  SSOCAND_LIGHTCURVE_COLUMNS,
  SSOCAND_ORBIT_COLUMNS,
  sqlPathLiteral,
} from '../../data/index.js';
import { acquirePublishLock, ROW_GROUP_ROWS } from '../publish/index.js';
import {
  appendInput,
  countRows,
  createBatchTables,
  resolveInputs,
  SsoCandInputError,
} from './batch-tables.js';

/** What one load did (counts of rows unless stated). */
export interface SsoCandLoadSummary {
  /** Orbit rows read from the inputs. */
  readonly orbitsRead: number;
  /** Detection rows read from the inputs. */
  readonly detectionsRead: number;
  /** Orbits that had no ssoCandId and were given one. */
  readonly idsAssigned: number;
  /** Candidates whose orbit was not stored before. */
  readonly orbitsAdded: number;
  /** Stored orbits replaced by a newer version. */
  readonly orbitsReplaced: number;
  /** Candidates whose stored detections were replaced by the newer trajectory. */
  readonly trajectoriesReplaced: number;
  /** Detections written from the inputs. */
  readonly detectionsWritten: number;
  /** Detections dropped because no ssoCandId could be found for them (no id, no matching trajectory_id). */
  readonly detectionsUnlinked: number;
  /** Orbits in the store after the load. */
  readonly storedOrbits: number;
  /** Detections in the store after the load. */
  readonly storedDetections: number;
}

const COPY_OPTIONS = `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`;
const ORBIT_COLUMNS = SSOCAND_ORBIT_COLUMNS.map((c) => c.storage).join(', ');
const LIGHTCURVE_COLUMNS = SSOCAND_LIGHTCURVE_COLUMNS.map((c) => c.storage).join(', ');

async function rows(conn: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

/** Throws when a batch holds an ssoCandId of the wrong shape (it could never be asked for). */
async function checkIds(conn: DuckDBConnection, table: string, what: string): Promise<void> {
  const ids = await rows(conn, `SELECT DISTINCT ssoCandId FROM ${table} WHERE ssoCandId IS NOT NULL`);
  const bad = ids.map((r) => String(r.ssoCandId)).find((id) => !isSsoCandId(id));
  if (bad !== undefined)
    throw new SsoCandInputError(
      `${what} has ssoCandId ${JSON.stringify(bad.slice(0, 40))}, not of the form FF + YYYYMMDD + 7 letters; ` +
        'remove the column (keeping trajectory_id) to have ids given',
    );
}

/**
 * Gives ids to the batch orbits that have none, and to their detections through fink-fat's `trajectory_id`.
 *
 * @returns the number of ids given.
 */
async function assignMissingIds(
  conn: DuckDBConnection,
  storedIds: ReadonlySet<string>,
  storedCount: number,
): Promise<number> {
  const missing = await rows(
    conn,
    'SELECT seq, ref_epoch, trajectory_id FROM b_orb WHERE ssoCandId IS NULL ORDER BY seq',
  );
  if (missing.length === 0) return 0;
  const trajectories = missing.map((r) => r.trajectory_id).filter((t) => t !== null);
  if (new Set(trajectories).size !== trajectories.length)
    throw new SsoCandInputError(
      'several orbits without ssoCandId share a trajectory_id: their detections cannot be told apart',
    );
  const batchIds = await rows(conn, 'SELECT DISTINCT ssoCandId FROM b_orb WHERE ssoCandId IS NOT NULL');
  const taken = new Set([...storedIds, ...batchIds.map((r) => String(r.ssoCandId))]);
  const epochs = missing.map((r) => (r.ref_epoch === null ? Number.NaN : Number(r.ref_epoch)));
  const ids = assignSsoCandIds(epochs, storedCount, taken);
  if (ids === null)
    throw new SsoCandInputError(
      'cannot give ssoCandIds: an orbit without id has no valid ref_epoch, or the counter exceeds 7 letters',
    );
  await conn.run('CREATE TEMP TABLE assigned (seq BIGINT, trajectory_id BIGINT, ssoCandId VARCHAR)');
  const appender = await conn.createAppender('assigned');
  missing.forEach((r, i) => {
    appender.appendBigInt(BigInt(r.seq as bigint));
    if (r.trajectory_id === null) appender.appendNull();
    else appender.appendBigInt(BigInt(r.trajectory_id as bigint));
    appender.appendVarchar(ids[i]);
    appender.endRow();
  });
  appender.closeSync();
  await conn.run('UPDATE b_orb SET ssoCandId = a.ssoCandId FROM assigned a WHERE b_orb.seq = a.seq');
  await conn.run(`UPDATE b_lc SET ssoCandId = a.ssoCandId FROM assigned a
                  WHERE b_lc.ssoCandId IS NULL AND a.trajectory_id IS NOT NULL AND b_lc.trajectory_id = a.trajectory_id`);
  return ids.length;
}

/** Writes `sql`'s rows to `target` through a temporary file in the same directory, then renames it (atomic). */
async function writeAtomically(conn: DuckDBConnection, sql: string, target: string): Promise<void> {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    await conn.run(`COPY (${sql}) TO ${sqlPathLiteral(tmp)} ${COPY_OPTIONS}`);
    fsyncDir(tmp);
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** The new content of a table: stored rows of the ids the batch does not replace, then the batch. */
function mergedTable(stored: string | null, batch: string, columns: string, order: string): string {
  const kept = stored
    ? `SELECT ${columns} FROM read_parquet(${sqlPathLiteral(stored)})
       WHERE ssoCandId NOT IN (SELECT ssoCandId FROM ${batch}) UNION ALL `
    : '';
  return `SELECT ${columns} FROM (${kept}SELECT ${columns} FROM ${batch}) ORDER BY ${order}`;
}

/**
 * Loads fink-fat outputs into the store.
 *
 * @param inputs directories holding `orbital.parquet` and/or `trajectory_orb.parquet`, or such files (any name,
 *   recognised by their columns); in order, a later input replacing an earlier one for the same ssoCandId.
 * @returns the counts of the load.
 * @throws SsoCandInputError for unusable inputs (the store is then unchanged).
 */
export async function loadSsoCand(
  layout: StoreLayout,
  inputs: readonly string[],
  log: Logger,
): Promise<SsoCandLoadSummary> {
  const release = await acquirePublishLock(layout);
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  try {
    await createBatchTables(conn);
    const resolved = await resolveInputs(conn, inputs);
    let orbitsRead = 0;
    let detectionsRead = 0;
    for (const [src, input] of resolved.entries()) {
      const n = await appendInput(conn, input, src);
      log.info({ file: input.file, table: input.table, rows: n }, 'fink-fat file read');
      if (input.table === 'orbits') orbitsRead += n;
      else detectionsRead += n;
    }
    await checkIds(conn, 'b_orb', 'an orbit file');
    await checkIds(conn, 'b_lc', 'a trajectory file');

    const orbitsFile = fs.existsSync(layout.ssocandOrbitsFile) ? layout.ssocandOrbitsFile : null;
    const lightcurvesFile = fs.existsSync(layout.ssocandLightcurvesFile)
      ? layout.ssocandLightcurvesFile
      : null;
    const storedIds = new Set(
      orbitsFile
        ? (await rows(conn, `SELECT ssoCandId FROM read_parquet(${sqlPathLiteral(orbitsFile)})`)).map((r) =>
            String(r.ssoCandId),
          )
        : [],
    );
    const storedOrbitCount = orbitsFile
      ? await countRows(conn, `read_parquet(${sqlPathLiteral(orbitsFile)})`)
      : 0;
    const idsAssigned = await assignMissingIds(conn, storedIds, storedOrbitCount);
    const detectionsUnlinked = await countRows(conn, '(SELECT 1 FROM b_lc WHERE ssoCandId IS NULL)');

    // the newest version of each candidate: the last orbit row, the detections of the last input holding it
    await conn.run(`CREATE TEMP TABLE n_orb AS SELECT * FROM b_orb
                    QUALIFY row_number() OVER (PARTITION BY ssoCandId ORDER BY src DESC, seq DESC) = 1`);
    await conn.run(`CREATE TEMP TABLE n_lc AS SELECT * FROM b_lc WHERE ssoCandId IS NOT NULL
                    QUALIFY src = max(src) OVER (PARTITION BY ssoCandId)`);
    const batchOrbitIds = (await rows(conn, 'SELECT ssoCandId FROM n_orb')).map((r) => String(r.ssoCandId));
    const orbitsReplaced = batchOrbitIds.filter((id) => storedIds.has(id)).length;
    const trajectoriesReplaced = lightcurvesFile
      ? await countRows(
          conn,
          `(SELECT DISTINCT ssoCandId FROM read_parquet(${sqlPathLiteral(lightcurvesFile)})
            WHERE ssoCandId IN (SELECT ssoCandId FROM n_lc))`,
        )
      : 0;

    fs.mkdirSync(layout.ssocandDir, { recursive: true });
    const hasOrbits = resolved.some((i) => i.table === 'orbits');
    const hasLightcurves = resolved.some((i) => i.table === 'lightcurves');
    if (hasOrbits)
      await writeAtomically(
        conn,
        mergedTable(orbitsFile, 'n_orb', ORBIT_COLUMNS, 'ssoCandId'),
        layout.ssocandOrbitsFile,
      );
    if (hasLightcurves)
      await writeAtomically(
        conn,
        mergedTable(lightcurvesFile, 'n_lc', LIGHTCURVE_COLUMNS, 'jd, ssoCandId, candid'),
        layout.ssocandLightcurvesFile,
      );
    fsyncDir(layout.ssocandDir);

    const storedCount = async (file: string) =>
      fs.existsSync(file) ? countRows(conn, `read_parquet(${sqlPathLiteral(file)})`) : 0;
    const summary: SsoCandLoadSummary = {
      orbitsRead,
      detectionsRead,
      idsAssigned,
      orbitsAdded: batchOrbitIds.length - orbitsReplaced,
      orbitsReplaced,
      trajectoriesReplaced,
      detectionsWritten: await countRows(conn, 'n_lc'),
      detectionsUnlinked,
      storedOrbits: await storedCount(layout.ssocandOrbitsFile),
      storedDetections: await storedCount(layout.ssocandLightcurvesFile),
    };
    log.info(summary, 'ssocand loaded');
    return summary;
  } finally {
    conn.closeSync();
    instance.closeSync();
    release();
  }
}
