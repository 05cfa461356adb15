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
  type NightStatistics,
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
import { type PartRows, writePart } from './part-writer.js';
import { computeNightsStatistics } from './statistics.js';
import { newPartId, WorkDatabase } from './work.js';

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

/** What {@link attachStagingFiles} found. */
interface AttachedInputs {
  /** Each night's staged-content fingerprint, read while its files are attached. */
  readonly fingerprints: Map<number, string>;
  /** The inputs with committed alerts, each with its database name and the columns of its `alerts` table. */
  readonly staged: readonly (StagingInput & { readonly name: string; readonly columns: Set<string> })[];
}

/**
 * Attaches the staging files read-only (which keeps ingesters from opening them meanwhile), reads each night's
 * staged-content fingerprint, and finds which files hold committed alerts and the columns of their `alerts`
 * table (one query for all: a round trip per file was ~5 ms of a small night's ~50). A file without alerts (its
 * first batches failed, or it was created and nothing committed) is left out.
 */
async function attachStagingFiles(
  conn: DuckDBConnection,
  inputs: readonly StagingInput[],
  prefix: string,
): Promise<AttachedInputs> {
  const alias = (i: number): string => `${prefix}_s${i}`;
  for (let i = 0; i < inputs.length; i++) {
    try {
      await conn.run(`ATTACH ${sqlPathLiteral(inputs[i].file)} AS ${alias(i)} (READ_ONLY)`);
    } catch (err) {
      throw new Error(
        `cannot open staging file ${inputs[i].file} (is an ingester still writing it? it is published once the ingester closes it)`,
        { cause: err },
      );
    }
  }
  const fingerprints = new Map<number, string>();
  for (const night of new Set(inputs.map((i) => i.night)))
    fingerprints.set(night, stagedFingerprint(inputs.filter((i) => i.night === night).map((i) => i.file)));
  const reader = await conn.runAndReadAll(
    `SELECT database_name, column_name FROM duckdb_columns()
     WHERE schema_name = 'main' AND table_name = 'alerts' AND starts_with(database_name, '${prefix}_s')`,
  );
  const columns = new Map<string, Set<string>>();
  for (const [db, column] of reader.getRows()) {
    const set = columns.get(String(db)) ?? new Set<string>();
    set.add(String(column));
    columns.set(String(db), set);
  }
  const withTable = inputs.flatMap((input, i) => {
    const cols = columns.get(alias(i));
    return cols ? [{ ...input, name: alias(i), columns: cols }] : [];
  });
  if (withTable.length === 0) return { fingerprints, staged: [] };
  const counts = await conn.runAndReadAll(
    withTable
      .map((f) => `SELECT '${f.name}' AS name, count(*) AS n FROM ${f.name}.alerts`)
      .join(' UNION ALL '),
  );
  const nonEmpty = new Set(counts.getRowObjects().flatMap((r) => (Number(r.n) > 0 ? [String(r.name)] : [])));
  return { fingerprints, staged: withTable.filter((f) => nonEmpty.has(f.name)) };
}

/**
 * Prepares the relations a part is written from, from the attached staging files with alerts: `staged`, `st`,
 * `p_alerts`, `p_upperlim`, `p_cutouts`. Upper limits are deduplicated per night, as in a part per night.
 */
async function prepareRelations(
  conn: DuckDBConnection,
  inputs: AttachedInputs['staged'],
  partDir: string,
): Promise<void> {
  // a file staged with an earlier catalogue reads as the current one (its later Fink fields null)
  const staged = inputs
    .map((f, i) => `SELECT ${stagingAlertsSelectList(f.columns)}, ${i} AS staging_file FROM ${f.name}.alerts`)
    .join(' UNION ALL ');
  const history = inputs
    .map((f) => `SELECT *, ${Number(f.night)}::INTEGER AS night FROM ${f.name}.history`)
    .join(' UNION ALL ');
  // a candid's night is that of its jd: only a night staged by several ingesters can hold one twice
  const severalPerNight = new Set(inputs.map((f) => f.night)).size < inputs.length;
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

/** Options of {@link publishGroup}. */
export interface PublishOptions {
  /** Memory of the work database (a publication beside another one gets less); without `work`. */
  readonly memoryLimit?: string;
  /** The work database to publish with (kept for the thread's next publications); else one of its own. */
  readonly work?: WorkDatabase;
}

/**
 * Publishes one night: {@link publishGroup} of that night alone; null when its staging files hold no committed
 * alert (nothing to publish).
 */
export async function publishNight(
  layout: StoreLayout,
  night: number,
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult | null> {
  return (await publishGroup(layout, [night], log, options))[0] ?? null;
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
 * night with no staging file is an error. A night whose staging files hold no committed alert (their first
 * batches failed) has nothing to publish: it is left as the catalog has it, which records only that its staged
 * content (none) was seen, so that it is not listed as unpublished again until something is staged. A night
 * whose valid alerts and upper limits are none (all its alerts failing the quality cut and no history, say) gets
 * its statistics row and no rows in the part. Returns one result per night published, in night order.
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
  const work = options.work ?? new WorkDatabase(layout, options.memoryLimit);
  let release: (() => Promise<void>) | null = null;
  // milliseconds per step, logged with the result (where a publication's time goes)
  const stepsMs: Record<string, number> = {};
  let stepStart = performance.now();
  const step = (name: string): void => {
    const now = performance.now();
    stepsMs[name] = Math.round(now - stepStart);
    stepStart = now;
  };
  try {
    const opened = await work.open();
    const { conn } = opened;
    release = opened.release;
    const attached = await attachStagingFiles(conn, inputs, opened.name);
    step('attach');
    // the nights with committed alerts: the others have nothing to publish
    const withAlerts = new Set(attached.staged.map((f) => f.night));
    const staged = group.filter((n) => withAlerts.has(n));
    const skipped = group.filter((n) => !withAlerts.has(n));
    if (skipped.length > 0) log.warn({ nights: skipped }, 'nothing staged: nights left unpublished');
    let statistics = new Map<number, NightStatistics>();
    let rows: PartRows = { alerts: 0, upperlim: 0, cutouts: 0 };
    let blockFormat: number | undefined;
    const alertsByNight = new Map<number, number>();
    const upperlimByNight = new Map<number, number>();
    const cutoutsByNight = new Map<number, number>();
    if (staged.length > 0) {
      await prepareRelations(conn, attached.staged, partDir);
      step('stage');
      statistics = await computeNightsStatistics(conn, staged);
      step('statistics');
      rows = await writePart(conn, partDir, true);
      step('part');
      blockFormat = (await writeObjectBlocks(conn, partDir, 'cut')).format;
      step('objectBlocks');
      for (const [counts, relation] of [
        [alertsByNight, 'p_alerts'],
        [upperlimByNight, 'p_upperlim'],
        [cutoutsByNight, 'cut'],
      ] as const)
        for (const [n, count] of await countByNight(conn, relation)) counts.set(n, count);
    }
    const partNights = staged.filter(
      (n) => (alertsByNight.get(n) ?? 0) + (upperlimByNight.get(n) ?? 0) + (cutoutsByNight.get(n) ?? 0) > 0,
    );
    const newEntry: PartEntry = {
      id: partId,
      nights: partNights,
      rows,
      cutouts: staged
        .filter((n) => (cutoutsByNight.get(n) ?? 0) > 0)
        .map((night) => ({ night, part: partId })),
      objectBlockFormat: blockFormat,
      createdAt: new Date().toISOString(),
    };
    // the part is complete: a publication that ends first waits at most for this switch
    const unlock = await acquirePublishLock(layout, { waitMs: LOCK_STALE_MS });
    step('lock');
    let version: number;
    try {
      const previous = readCatalog(layout);
      const touched = previous.parts.filter((p) => p.nights.some((n) => staged.includes(n)));
      const rewritten = await rewritePartsWithout(layout, touched, staged, log);
      step('rewrites');
      const parts = [
        ...previous.parts.filter((p) => !touched.includes(p)),
        ...rewritten,
        ...(partNights.length > 0 ? [newEntry] : []),
      ];
      const nightKeys = <T>(of: readonly number[], values: (night: number) => T): Record<string, T> =>
        Object.fromEntries(of.map((n) => [String(n), values(n)]));
      version = await writeNextCatalog(conn, layout, previous, {
        parts,
        droppedParts: touched.map((p) => p.id),
        newParts: [...rewritten.map((p) => p.id), ...(parts.includes(newEntry) ? [partId] : [])],
        statistics: { ...previous.statistics, ...nightKeys(staged, (n) => statistics.get(n) ?? {}) },
        stagedVersions: {
          ...previous.stagedVersions,
          ...nightKeys(group, (n) => attached.fingerprints.get(n) ?? ''),
        },
      });
      switched = true;
      step('index');
    } finally {
      unlock();
    }
    const seconds = (Date.now() - started) / 1000;
    const results: PublishResult[] = staged.map((night) => ({
      night,
      partId: partNights.includes(night) ? partId : null,
      alerts: alertsByNight.get(night) ?? 0,
      upperlim: upperlimByNight.get(night) ?? 0,
      staged: statistics.get(night)?.['basic:raw'] ?? 0,
      catalogVersion: version,
      seconds,
    }));
    if (group.length === 1 && results.length === 1) log.info({ ...results[0], stepsMs }, 'night published');
    else
      log.info(
        {
          nights: results.length,
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
    // the staging files are detached with the publication's database
    await release?.();
    if (!options.work) await work.close();
    // a failed publication's part is removed here; an empty group's part, left out of the catalog, goes with
    // the garbage collection
    clearBuilding(partDir);
    if (!switched) fs.rmSync(partDir, { recursive: true, force: true });
  }
}
