/**
 * Publishes a night, or a group of small nights at once: merges their staging files (one per ingester and night,
 * deduplicated on candid) into one new immutable part — valid alerts, cutouts, upper limits and bad-quality
 * points, the indexes — computes each night's statistics, rebuilds the object index and switches the catalog
 * atomically, recording the staged-content version each night was published from. Publishing nights again
 * replaces them exactly; a crash before the switch leaves the previous catalog readable, and a retry completes.
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
  stagingAlertsSelectList,
} from '../../data/index.js';
import { MIN_RB, stagedFingerprint, stampsFileOf } from '../stage/index.js';
import { clearBuilding, markBuilding } from './building-marker.js';
import { acquirePublishLock, LOCK_STALE_MS } from './lock.js';
import { writeObjectBlocks } from './object-blocks-writer.js';
import { writeNextCatalog } from './object-index.js';
import { rewritePartsWithout } from './part-rewrite.js';
import { writePart } from './part-writer.js';
import { computeNightsStatistics } from './statistics.js';
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

/** A staging file to publish and the night it holds. */
interface StagingInput {
  readonly file: string;
  readonly night: number;
}

/**
 * Attaches the staging files read-only (which keeps ingesters from opening them meanwhile) and prepares the
 * relations a part is written from: `staged`, `st`, `p_alerts`, `p_upperlim`, `p_cutouts`. Upper limits are
 * deduplicated per night, as in a part per night. Returns each night's staged-content fingerprint, read while
 * its files are attached.
 */
async function prepareRelations(
  conn: DuckDBConnection,
  inputs: readonly StagingInput[],
  partDir: string,
): Promise<Map<number, string>> {
  const names: string[] = [];
  for (let i = 0; i < inputs.length; i++) {
    try {
      await conn.run(`ATTACH ${sqlPathLiteral(inputs[i].file)} AS s${i} (READ_ONLY)`);
    } catch (err) {
      throw new Error(
        `cannot open staging file ${inputs[i].file} (is an ingester still writing it? it is published once the ingester closes it)`,
        { cause: err },
      );
    }
    names.push(`s${i}`);
  }
  const fingerprints = new Map<number, string>();
  for (const night of new Set(inputs.map((i) => i.night)))
    fingerprints.set(night, stagedFingerprint(inputs.filter((i) => i.night === night).map((i) => i.file)));
  // a file staged with an earlier catalogue reads as the current one (its later Fink fields null)
  const selects: string[] = [];
  for (const [i, n] of names.entries()) {
    const reader = await conn.runAndReadAll(`SELECT name FROM pragma_table_info('${n}.alerts')`);
    const present = new Set(reader.getRows().map(([name]) => String(name)));
    selects.push(`SELECT ${stagingAlertsSelectList(present)}, ${i} AS staging_file FROM ${n}.alerts`);
  }
  const staged = selects.join(' UNION ALL ');
  const history = names
    .map((n, i) => `SELECT *, ${Number(inputs[i].night)}::INTEGER AS night FROM ${n}.history`)
    .join(' UNION ALL ');
  // a candid's night is that of its jd: only a night staged by several ingesters can hold one twice
  const severalPerNight = fingerprints.size < inputs.length;
  const dedup = severalPerNight
    ? 'QUALIFY row_number() OVER (PARTITION BY i_candid ORDER BY source) = 1'
    : '';
  // one staging file per night (the usual case) needs no deduplication: a view, and the alerts are copied once
  const kind = severalPerNight ? 'TABLE' : 'VIEW';
  await conn.run(`CREATE TEMP ${kind} staged AS SELECT * FROM (${staged}) ${dedup}`);
  await conn.run(
    `CREATE TEMP TABLE st AS SELECT * EXCLUDE (${STAMP_REF_COLUMNS.join(', ')}, source, staging_file),
       ${VALID_ALERT_SQL} AS valid FROM staged`,
  );
  await conn.run('CREATE TEMP VIEW p_alerts AS SELECT * EXCLUDE (valid) FROM st WHERE valid');
  // a table: the part file, its count and the object blocks read it (the union and its window once, not 4 times)
  await conn.run(`CREATE TEMP TABLE p_upperlim AS
    SELECT * FROM (
      SELECT objectId, jd, fid, magpsf, sigmapsf, diffmaglim, magnr, sigmagnr, isdiffpos, distnr, rb, nbad,
             CASE WHEN magpsf IS NULL THEN 'upperlim' ELSE 'badquality' END AS tag, night
      FROM (${history})
      UNION ALL
      SELECT i_objectId, i_jd, i_fid, i_magpsf, i_sigmapsf, i_diffmaglim, i_magnr, i_sigmagnr, i_isdiffpos,
             i_distnr, i_rb, i_nbad, 'badquality', night FROM st WHERE NOT valid
    ) QUALIFY row_number() OVER (PARTITION BY night, objectId, jd, fid ORDER BY tag DESC) = 1`);
  fs.mkdirSync(partDir, { recursive: true });
  await loadCutouts(
    conn,
    inputs.map((i) => i.file),
    path.join(partDir, STAMPS_FILE),
  );
  await conn.run('CREATE TEMP VIEW p_cutouts AS SELECT * FROM cut');
  return fingerprints;
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

/** Options of {@link publishNights}. */
export interface PublishOptions {
  /** Memory of the work database (a publication beside another one gets less). */
  readonly memoryLimit?: string;
}

/** Publishes one night: {@link publishGroup} of that night alone. */
export async function publishNight(
  layout: StoreLayout,
  night: number,
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult> {
  return (await publishGroup(layout, [night], log, options))[0];
}

/** Per night, how many rows of a relation (with a `night` column) it has. */
async function countByNight(conn: DuckDBConnection, relation: string): Promise<Map<number, number>> {
  const reader = await conn.runAndReadAll(
    `SELECT night, count(*)::BIGINT AS n FROM ${relation} GROUP BY night`,
  );
  return new Map(reader.getRowObjects().map((r) => [Number(r.night), Number(r.n)]));
}

/**
 * Publishes `nights` from their staging files, into one part and with one catalog switch: a reader sees all of
 * them or none. The staging files must not be open for writing (an ingester closes them before publishing). A
 * night with no staging file is an error; a night whose staging holds no alert publishes an empty statistics
 * row and no rows in the part (a group of such nights, no part). Returns one result per night, in night order.
 *
 * The part is built outside the publication lock (marked as being built, building-marker.ts), so that several
 * groups can be built at once; the lock is held for the switch only: rewriting compacted parts that hold some of
 * the nights, the object index and the new catalog version.
 */
export async function publishGroup(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult[]> {
  const started = Date.now();
  const group = [...new Set(nights)].sort((a, b) => a - b);
  if (group.length === 0) return [];
  const inputs: StagingInput[] = [];
  for (const night of group) {
    const files = stagingFilesOf(layout, night);
    if (files.length === 0) throw new Error(`night ${night} has no staging file under ${layout.stagingDir}`);
    for (const file of files) inputs.push({ file, night });
  }
  const first = group[0];
  const partId = newPartId(group.length === 1 ? `n${first}` : `g${first}-${group[group.length - 1]}`);
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
    const fingerprints = await prepareRelations(conn, inputs, partDir);
    step('stage');
    const statistics = await computeNightsStatistics(conn, group);
    step('statistics');
    const rows = await writePart(conn, partDir, true);
    step('part');
    const blocks = await writeObjectBlocks(conn, partDir, 'cut');
    step('objectBlocks');
    const alertsByNight = await countByNight(conn, 'p_alerts');
    const upperlimByNight = await countByNight(conn, 'p_upperlim');
    const cutoutsByNight = await countByNight(conn, 'cut');
    const partNights = group.filter(
      (n) => (alertsByNight.get(n) ?? 0) + (upperlimByNight.get(n) ?? 0) + (cutoutsByNight.get(n) ?? 0) > 0,
    );
    const newEntry: PartEntry = {
      id: partId,
      nights: partNights,
      rows,
      cutouts: group
        .filter((n) => (cutoutsByNight.get(n) ?? 0) > 0)
        .map((night) => ({ night, part: partId })),
      objectBlockFormat: blocks.format,
      createdAt: new Date().toISOString(),
    };
    // the part is complete: a publication that ends first waits at most for this switch
    const release = await acquirePublishLock(layout, { waitMs: LOCK_STALE_MS });
    step('lock');
    let version: number;
    try {
      const previous = readCatalog(layout);
      const touched = previous.parts.filter((p) => p.nights.some((n) => group.includes(n)));
      const rewritten = await rewritePartsWithout(layout, touched, group, log);
      step('rewrites');
      const parts = [
        ...previous.parts.filter((p) => !touched.includes(p)),
        ...rewritten,
        ...(partNights.length > 0 ? [newEntry] : []),
      ];
      const nightKeys = <T>(values: (night: number) => T): Record<string, T> =>
        Object.fromEntries(group.map((n) => [String(n), values(n)]));
      version = await writeNextCatalog(conn, layout, previous, {
        parts,
        droppedParts: touched.map((p) => p.id),
        newParts: [...rewritten.map((p) => p.id), ...(parts.includes(newEntry) ? [partId] : [])],
        statistics: { ...previous.statistics, ...nightKeys((n) => statistics.get(n) ?? {}) },
        stagedVersions: {
          ...previous.stagedVersions,
          ...nightKeys((n) => fingerprints.get(n) ?? ''),
        },
        lastPublication: {
          nights: group,
          startedAt: new Date(started).toISOString(),
          durationSeconds: (Date.now() - started) / 1000,
        },
      });
      switched = true;
      step('index');
    } finally {
      release();
    }
    const seconds = (Date.now() - started) / 1000;
    const results: PublishResult[] = group.map((night) => ({
      night,
      partId: partNights.includes(night) ? partId : null,
      alerts: alertsByNight.get(night) ?? 0,
      upperlim: upperlimByNight.get(night) ?? 0,
      staged: statistics.get(night)?.['basic:raw'] ?? 0,
      catalogVersion: version,
      seconds,
    }));
    if (group.length === 1) log.info({ ...results[0], stepsMs }, 'night published');
    else
      log.info(
        {
          nights: group.length,
          first,
          last: group[group.length - 1],
          partId,
          alerts: rows.alerts,
          catalogVersion: version,
          seconds,
          stepsMs,
        },
        'nights published',
      );
    return results;
  } finally {
    close();
    // a failed publication's part is removed here; an empty group's part, left out of the catalog, goes with
    // the garbage collection
    clearBuilding(partDir);
    if (!switched) fs.rmSync(partDir, { recursive: true, force: true });
  }
}
