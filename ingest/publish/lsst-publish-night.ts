/**
 * Publishes LSST nights with the store's mechanics (docs/store.md, docs/surveys.md): a night's staging files
 * (one per ingester) are attached read-only to a work database, its part is written outside the publication
 * lock (marked as being built), then, under the lock, the catalog switches atomically to a version holding the
 * new part in place of the night's previous one, with the night's statistics and the staged-content version it
 * was published from, so that only nights staged again are published again. Each LSST night is its own part
 * until compaction merges it (lsst-part-merge.ts); a merged part holding a night published again is rewritten
 * without that night.
 */
import fs from 'node:fs';
import type { Logger } from 'pino';
import type { PartEntry, StoreLayout } from '../../data/index.js';
import { readCatalog } from '../../data/index.js';
import { clearBuilding, markBuilding } from './building-marker.js';
import { collectGarbage } from './compact.js';
import { acquirePublishLock, LOCK_STALE_MS } from './lock.js';
import { mergeLsstParts } from './lsst-part-merge.js';
import { prepareLsstRelations, writeLsstPart } from './lsst-part-writer.js';
import { computeLsstStatistics } from './lsst-statistics.js';
import { tagLsstAlerts } from './lsst-tags.js';
import { writeNextCatalog } from './object-index.js';
import { rewritePartsWithout } from './part-rewrite.js';
import type { PublishOptions, PublishResult } from './publish-night.js';
import { stagingFilesOf } from './staging-files.js';
import { attachStagingFiles } from './staging-relations.js';
import { newPartId, WorkDatabase } from './work.js';

/**
 * Publishes one LSST night from its staging files; null when they hold no committed alert (the catalog then
 * records only that their content was seen). Publishing a night again replaces its part exactly; a crash before
 * the switch leaves the previous catalog readable.
 * @throws Error when the night has no staging file, or a part file cannot be written.
 */
export async function publishLsstNight(
  layout: StoreLayout,
  night: number,
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult | null> {
  const started = Date.now();
  const files = stagingFilesOf(layout, night);
  if (files.length === 0) throw new Error(`night ${night} has no staging file under ${layout.stagingDir}`);
  const partId = newPartId(`n${night}`);
  const partDir = layout.partDir(partId);
  markBuilding(partDir);
  let switched = false;
  const work = options.work ?? new WorkDatabase(layout, options.memoryLimit);
  let release: (() => Promise<void>) | null = null;
  try {
    const opened = await work.open();
    const { conn } = opened;
    release = opened.release;
    const inputs = files.map((file) => ({ file, night, key: file, shared: false }));
    const attached = await attachStagingFiles(conn, inputs, opened.name, 'lsst_sources');
    let entry: PartEntry | null = null;
    let statistics = null;
    if (attached.staged.length > 0) {
      const { columns } = await tagLsstAlerts(
        conn,
        await prepareLsstRelations(
          conn,
          attached.staged.map((s) => s.name),
        ),
      );
      const rows = await writeLsstPart(
        conn,
        partDir,
        columns,
        attached.staged.map((s) => s.file),
      );
      statistics = await computeLsstStatistics(conn, columns);
      entry = {
        id: partId,
        nights: [night],
        rows: { alerts: statistics['f:alerts'], upperlim: 0, cutouts: rows.cutouts },
        cutouts: [{ night, part: partId }],
        lsstRows: rows,
        createdAt: new Date().toISOString(),
      };
    } else log.warn({ night }, 'nothing staged: night left unpublished');
    const unlock = await acquirePublishLock(layout, { waitMs: LOCK_STALE_MS });
    let version: number;
    try {
      const previous = readCatalog(layout);
      // a compacted part holding the night among others is rewritten without it
      const touched = entry ? previous.parts.filter((p) => p.nights.includes(night)) : [];
      const kept = [
        ...previous.parts.filter((p) => !touched.includes(p)),
        ...(await rewritePartsWithout(layout, touched, [night], log, mergeLsstParts)),
      ];
      // in night order: where a reader keeps one row per key (objects), the later night's part wins
      const parts = (entry ? [...kept, entry] : kept).sort((a, b) => a.nights[0] - b.nights[0]);
      const ids = new Set(parts.map((p) => p.id));
      const previousIds = new Set(previous.parts.map((p) => p.id));
      version = await writeNextCatalog(conn, layout, previous, {
        droppedParts: previous.parts.filter((p) => !ids.has(p.id)).map((p) => p.id),
        newParts: parts.filter((p) => !previousIds.has(p.id)).map((p) => p.id),
        parts,
        statistics: statistics ? { ...previous.statistics, [String(night)]: statistics } : undefined,
        stagedVersions: {
          ...previous.stagedVersions,
          [String(night)]: attached.fingerprints.get(night) ?? '',
        },
        lastPublication: entry
          ? {
              nights: [night],
              startedAt: new Date(started).toISOString(),
              durationSeconds: (Date.now() - started) / 1000,
            }
          : undefined,
      });
      switched = entry !== null;
      // the night's previous part and catalog versions no reader uses any more
      collectGarbage(layout, Date.now());
    } finally {
      unlock();
    }
    if (entry === null) return null;
    const result: PublishResult = {
      night,
      partId,
      alerts: entry.rows.alerts,
      upperlim: 0,
      staged: entry.rows.alerts,
      catalogVersion: version,
      seconds: (Date.now() - started) / 1000,
    };
    log.info({ ...result, rows: entry.lsstRows }, 'LSST night published');
    return result;
  } finally {
    await release?.();
    if (!options.work) await work.close();
    clearBuilding(partDir);
    if (!switched) fs.rmSync(partDir, { recursive: true, force: true });
  }
}

/**
 * Publishes a group of LSST nights (as publishGroup does for ZTF, which calls this for an LSST store): each night
 * its own part and catalog switch, in night order; one result per night published.
 */
export async function publishLsstGroup(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  options: PublishOptions = {},
): Promise<PublishResult[]> {
  const results: PublishResult[] = [];
  for (const night of [...new Set(nights)].sort((a, b) => a - b)) {
    const result = await publishLsstNight(layout, night, log, options);
    if (result) results.push(result);
  }
  return results;
}
