/**
 * Publishes one night: merges the night's staging files (one per ingester, deduplicated on candid) into a new
 * immutable part — valid alerts, cutouts, upper limits and bad-quality points, the indexes — computes the
 * night's statistics, rebuilds the object index and switches the catalog atomically. Publishing a night again
 * replaces it exactly; a crash before the switch leaves the previous catalog readable, and a retry completes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import {
  type PartEntry,
  readCatalog,
  STAMP_REF_COLUMNS,
  STAMPS_FILE,
  sqlPathLiteral,
} from '../../data/index.js';
import { MIN_RB, stampsFileOf } from '../stage/index.js';
import { clearBuilding, markBuilding } from './building-marker.js';
import { acquirePublishLock, LOCK_STALE_MS } from './lock.js';
import { writeObjectBlocks } from './object-blocks-writer.js';
import { writeNextCatalog } from './object-index.js';
import { rewritePartsWithout } from './part-rewrite.js';
import { writePart } from './part-writer.js';
import { computeNightStatistics } from './statistics.js';
import { newPartId, openWorkConnection } from './work.js';

/** What a publication did. */
export interface PublishResult {
  readonly night: number;
  readonly partId: string | null;
  readonly alerts: number;
  readonly upperlim: number;
  readonly staged: number;
  readonly catalogVersion: number;
  readonly seconds: number;
}

/** SQL condition of a valid alert: the quality cut of the reference (§3.1, quality cuts). */
export const VALID_ALERT_SQL = `(coalesce(i_nbad, 0) = 0 AND coalesce(i_rb, 1) >= ${MIN_RB} AND coalesce(i_fid, 1) <> 3)`;

/** Nights with staging files in the store. */
export function stagedNights(layout: StoreLayout): number[] {
  if (!fs.existsSync(layout.stagingDir)) return [];
  return fs
    .readdirSync(layout.stagingDir)
    .filter((d) => /^\d{8}$/.test(d))
    .map(Number)
    .sort((a, b) => a - b);
}

/** Staging files of a night (all ingesters). */
export function stagingFilesOf(layout: StoreLayout, night: number): string[] {
  const dir = layout.stagingNightDir(night);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.duckdb'))
    .sort()
    .map((f) => path.join(dir, f));
}

async function prepareNightRelations(
  conn: DuckDBConnection,
  files: readonly string[],
  night: number,
  partDir: string,
): Promise<void> {
  const names: string[] = [];
  for (let i = 0; i < files.length; i++) {
    try {
      await conn.run(`ATTACH ${sqlPathLiteral(files[i])} AS s${i} (READ_ONLY)`);
    } catch (err) {
      throw new Error(
        `cannot open staging file ${files[i]} (is an ingester still writing it? it is published once the ingester closes it)`,
        { cause: err },
      );
    }
    names.push(`s${i}`);
  }
  const staged = names.map((n, i) => `SELECT *, ${i} AS staging_file FROM ${n}.alerts`).join(' UNION ALL ');
  const history = names.map((n) => `SELECT * FROM ${n}.history`).join(' UNION ALL ');
  const dedup =
    files.length > 1 ? 'QUALIFY row_number() OVER (PARTITION BY i_candid ORDER BY source) = 1' : '';
  // one staging file (the usual case) needs no deduplication: a view, and the alerts are copied once, into `st`
  const kind = files.length > 1 ? 'TABLE' : 'VIEW';
  await conn.run(`CREATE TEMP ${kind} staged AS SELECT * FROM (${staged}) ${dedup}`);
  await conn.run(
    `CREATE TEMP TABLE st AS SELECT * EXCLUDE (${STAMP_REF_COLUMNS.join(', ')}, source, staging_file),
       ${VALID_ALERT_SQL} AS valid FROM staged`,
  );
  await conn.run('CREATE TEMP VIEW p_alerts AS SELECT * EXCLUDE (valid) FROM st WHERE valid');
  await conn.run(`CREATE TEMP VIEW p_upperlim_raw AS
    SELECT * FROM (
      SELECT objectId, jd, fid, magpsf, sigmapsf, diffmaglim, magnr, sigmagnr, isdiffpos, distnr, rb, nbad,
             CASE WHEN magpsf IS NULL THEN 'upperlim' ELSE 'badquality' END AS tag
      FROM (${history})
      UNION ALL
      SELECT i_objectId, i_jd, i_fid, i_magpsf, i_sigmapsf, i_diffmaglim, i_magnr, i_sigmagnr, i_isdiffpos,
             i_distnr, i_rb, i_nbad, 'badquality' FROM st WHERE NOT valid
    ) QUALIFY row_number() OVER (PARTITION BY objectId, jd, fid ORDER BY tag DESC) = 1`);
  // a table: the part file, its count and the object blocks read it (the union and its window once, not 4 times)
  await conn.run(
    `CREATE TEMP TABLE p_upperlim AS SELECT *, ${Number(night)}::INTEGER AS night FROM p_upperlim_raw`,
  );
  fs.mkdirSync(partDir, { recursive: true });
  await loadCutouts(conn, files, path.join(partDir, STAMPS_FILE));
  await conn.run('CREATE TEMP VIEW p_cutouts AS SELECT * FROM cut');
}

/**
 * Makes the part's `stamps.bin` and fills table `cut` with each alert's references into it (offset, lengths).
 * A night staged by one ingester (the usual case) gets its staging stamps file itself, hard-linked: no byte is
 * copied and the store holds the stamps once; the staging offsets stay valid (`NightStaging.open` gives an
 * ingester that reopens a published night a copy of its own, so the part's file never changes). Several staging
 * files, or a file system without hard links, get the stamps copied in (objectId, jd) order. Stamp bytes never go
 * through DuckDB: a cutout read is one index lookup and one positional read.
 */
async function loadCutouts(
  conn: DuckDBConnection,
  files: readonly string[],
  stampsPath: string,
): Promise<void> {
  await conn.run(`CREATE TABLE cut (i_objectId VARCHAR, i_candid BIGINT, i_jd DOUBLE, night INTEGER,
                  stamp_offset BIGINT, ${STAMP_REF_COLUMNS.slice(1)
                    .map((c) => `${c} INTEGER`)
                    .join(', ')})`);
  if (files.length === 1 && linkFile(stampsFileOf(files[0]), stampsPath)) {
    await conn.run(
      `INSERT INTO cut SELECT i_objectId, i_candid, i_jd, night, ${STAMP_REF_COLUMNS.join(', ')} FROM staged`,
    );
    return;
  }
  const fds = files.map((f) => fs.openSync(stampsFileOf(f), 'r'));
  const out = fs.openSync(stampsPath, 'w');
  try {
    const result = await conn.stream(
      `SELECT i_objectId, i_candid, i_jd, night, staging_file, ${STAMP_REF_COLUMNS.join(', ')}
       FROM staged ORDER BY i_objectId, i_jd`,
    );
    const appender = await conn.createAppender('cut');
    let written = 0;
    let pendingOut: Buffer[] = [];
    let pendingBytes = 0;
    const flushOut = (): void => {
      if (pendingOut.length === 0) return;
      const data = Buffer.concat(pendingOut, pendingBytes);
      let at = 0;
      while (at < data.length) at += fs.writeSync(out, data, at, data.length - at);
      pendingOut = [];
      pendingBytes = 0;
    };
    for await (const chunk of result.yieldRows()) {
      for (const [objectId, candid, jd, night, fileIndex, offset, ...lens] of chunk) {
        const sizes = lens.map((l) => (l === null ? 0 : Number(l)));
        const total = sizes.reduce((a, b) => a + b, 0);
        if (total > 0) {
          const bytes = Buffer.allocUnsafe(total);
          fs.readSync(fds[Number(fileIndex)], bytes, 0, total, Number(offset as bigint));
          pendingOut.push(bytes);
          pendingBytes += total;
          if (pendingBytes > 8 << 20) flushOut();
        }
        appender.appendVarchar(objectId as string);
        appender.appendBigInt(candid as bigint);
        appender.appendDouble(jd as number);
        appender.appendInteger(night as number);
        appender.appendBigInt(BigInt(written));
        for (const l of lens) {
          if (l === null) appender.appendNull();
          else appender.appendInteger(Number(l));
        }
        appender.endRow();
        written += total;
      }
    }
    flushOut();
    fs.fsyncSync(out);
    appender.closeSync();
  } finally {
    fs.closeSync(out);
    for (const fd of fds) fs.closeSync(fd);
  }
}

/** Hard-links `from` as `to`; false when the file system cannot (another device, no hard links). */
function linkFile(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') return false;
    throw err;
  }
}

/** Options of {@link publishNight}. */
export interface PublishOptions {
  /** Memory of the work database (a publication beside another one gets less). */
  readonly memoryLimit?: string;
}

/**
 * Publishes `night` from its staging files. The staging files must not be open for writing (an ingester closes
 * them before publishing). A night with no staging file is an error; a night whose staging holds no alert
 * publishes an empty statistics row and no part.
 *
 * The part is built outside the publication lock (marked as being built, building-marker.ts), so that several
 * nights can be built at once; the lock is held for the switch only: rewriting a compacted part that holds the
 * night, the object index and the new catalog version.
 */
export async function publishNight(
  layout: StoreLayout,
  night: number,
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult> {
  const started = Date.now();
  const files = stagingFilesOf(layout, night);
  if (files.length === 0) throw new Error(`night ${night} has no staging file under ${layout.stagingDir}`);
  const partId = newPartId(`n${night}`);
  const partDir = layout.partDir(partId);
  markBuilding(partDir);
  let switched = false;
  const { conn, close } = await openWorkConnection(layout, options.memoryLimit);
  // milliseconds per step, logged with the result (where a publication's time goes)
  const stepsMs: Record<string, number> = {};
  let stepStart = performance.now();
  const step = (name: string): void => {
    const now = performance.now();
    stepsMs[name] = Math.round(now - stepStart);
    stepStart = now;
  };
  try {
    await prepareNightRelations(conn, files, night, partDir);
    step('stage');
    const statistics = await computeNightStatistics(conn);
    step('statistics');
    const rows = await writePart(conn, partDir, true);
    step('part');
    const blocks = await writeObjectBlocks(conn, partDir, 'cut');
    step('objectBlocks');
    const newEntry: PartEntry = {
      id: partId,
      nights: [night],
      rows,
      cutouts: rows.cutouts > 0 ? [{ night, part: partId }] : [],
      objectBlockFormat: blocks.format,
      createdAt: new Date().toISOString(),
    };
    // the part is complete: a publication that ends first waits at most for this switch
    const release = await acquirePublishLock(layout, { waitMs: LOCK_STALE_MS });
    step('lock');
    let version: number;
    try {
      const previous = readCatalog(layout);
      const touched = previous.parts.filter((p) => p.nights.includes(night));
      const rewritten = await rewritePartsWithout(layout, touched, night, log);
      step('rewrites');
      const parts = [
        ...previous.parts.filter((p) => !p.nights.includes(night)),
        ...rewritten,
        ...(rows.alerts + rows.upperlim + rows.cutouts > 0 ? [newEntry] : []),
      ];
      version = await writeNextCatalog(conn, layout, previous, {
        parts,
        droppedParts: touched.map((p) => p.id),
        newParts: [...rewritten.map((p) => p.id), ...(parts.includes(newEntry) ? [partId] : [])],
        statistics: { ...previous.statistics, [String(night)]: statistics },
      });
      switched = true;
      step('index');
    } finally {
      release();
    }
    const result: PublishResult = {
      night,
      partId,
      alerts: rows.alerts,
      upperlim: rows.upperlim,
      staged: statistics['basic:raw'] ?? 0,
      catalogVersion: version,
      seconds: (Date.now() - started) / 1000,
    };
    log.info({ ...result, stepsMs }, 'night published');
    return result;
  } finally {
    close();
    // a failed publication's part is removed here; an empty night's part, left out of the catalog, goes with
    // the garbage collection
    clearBuilding(partDir);
    if (!switched) fs.rmSync(partDir, { recursive: true, force: true });
  }
}
