/**
 * Publishes a night, or a group of small nights at once: merges their staging files (one per ingester and night,
 * deduplicated on candid) into one new immutable part — valid alerts, cutouts, upper limits and bad-quality
 * points, the indexes — computes each night's statistics, rebuilds the object index and switches the catalog
 * atomically, recording the staged-content version each night was published from. Publishing nights again
 * replaces them exactly; a crash before the switch leaves the previous catalog readable, and a retry completes.
 */
import fs from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { type NightStatistics, type PartEntry, readCatalog, readStoreSurvey } from '../../data/index.js';
import { clearBuilding, markBuilding } from './building-marker.js';
import { acquirePublishLock, LOCK_STALE_MS } from './lock.js';
import { publishLsstGroup } from './lsst-publish-night.js';
import { writeObjectBlocks } from './object-blocks-writer.js';
import { writeNextCatalog } from './object-index.js';
import { rewritePartsWithout } from './part-rewrite.js';
import { type PartRows, writePart } from './part-writer.js';
import { stagingInputsOf } from './staging-files.js';
import { attachStagingFiles, prepareRelations, type StagingInput } from './staging-relations.js';
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

export { stagedNights, stagingFilesOf, stagingInputsOf } from './staging-files.js';

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
 * the nights, the object index and the new catalog version. An LSST store's nights are published by
 * publishLsstGroup (lsst-publish-night.ts), each night its own part.
 */
export async function publishGroup(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult[]> {
  if (readStoreSurvey(layout) === 'lsst') return publishLsstGroup(layout, nights, log, options);
  const started = Date.now();
  const group = [...new Set(nights)].sort((a, b) => a - b);
  if (group.length === 0) return [];
  const inputs: StagingInput[] = [];
  for (const night of group) {
    const found = stagingInputsOf(layout, night);
    if (found.length === 0) throw new Error(`night ${night} has no staging file under ${layout.stagingDir}`);
    inputs.push(...found);
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
        lastPublication: {
          nights: group,
          startedAt: new Date(started).toISOString(),
          durationSeconds: (Date.now() - started) / 1000,
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
