/**
 * Compaction: merges the single-night parts of each past month into one part per month (sorted by objectId),
 * so that the number of files a query touches grows with months, not nights; a month still in progress merges
 * its older nights a week at a time (see {@link planCompaction}). The most recent nights stay in their own
 * parts (they are the ones republished). Also removes parts and catalog versions that no recent
 * catalog version references any more (after a grace period, so that running queries finish).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { type Catalog, type PartEntry, readCatalog, readStoreSurvey, type Survey } from '../../data/index.js';
import { isBuilding } from './building-marker.js';
import { acquirePublishLock } from './lock.js';
import { mergeLsstParts } from './lsst-part-merge.js';
import { writeNextCatalog } from './object-index.js';
import { type MergeParts, mergeParts } from './part-rewrite.js';
import { openWorkConnection } from './work.js';

/** Nights kept in their own parts (the latest published). */
export const RECENT_NIGHTS_KEPT = 7;
/** Catalog versions whose files are kept, and the least age of a file before it is removed. */
export const KEEP_CATALOG_VERSIONS = 3;
export const GC_GRACE_MS = 10 * 60_000;

export interface CompactResult {
  readonly mergedParts: number;
  readonly createdParts: number;
  readonly catalogVersion: number;
  readonly removedParts: number;
}

const monthOf = (night: number): number => Math.floor(night / 100);

/**
 * Single-night parts of a month still in the recent window that are merged together once there are this many
 * outside it (a week's worth): the month's files stay bounded without rewriting its merged part every night.
 */
export const NIGHTS_PER_MERGE = 7;

/**
 * Groups of parts to merge, per month (parts of one month only; a part holding a recent night or one queued for
 * publication is left alone):
 * - a month with no night among the recent ones (nor queued) is complete: all its parts are merged into one,
 *   when there are ≥ 2 (once; again only if one of its nights is republished);
 * - a month with recent nights merges its older single-night parts once there are `nightsPerMerge` of them,
 *   leaving the parts already merged as they are.
 * So each night is rewritten at most twice after its publication (in a week's merge, then in its month's),
 * where merging every older night into the month's part at each publication rewrote that part every night.
 * `comingNights` (queued for publication) count among the nights when choosing the recent ones.
 */
export function planCompaction(
  catalog: Catalog,
  recentNightsKept = RECENT_NIGHTS_KEPT,
  comingNights: readonly number[] = [],
  nightsPerMerge = NIGHTS_PER_MERGE,
): PartEntry[][] {
  const nights = [...new Set([...catalog.parts.flatMap((p) => p.nights), ...comingNights])].sort(
    (a, b) => a - b,
  );
  const held = new Set([...(recentNightsKept > 0 ? nights.slice(-recentNightsKept) : []), ...comingNights]);
  const monthsHeld = new Set([...held].map(monthOf));
  const byMonth = new Map<number, PartEntry[]>();
  for (const part of catalog.parts) {
    const months = new Set(part.nights.map(monthOf));
    if (months.size !== 1 || part.nights.some((n) => held.has(n))) continue;
    const month = [...months][0];
    const list = byMonth.get(month) ?? [];
    list.push(part);
    byMonth.set(month, list);
  }
  const groups: PartEntry[][] = [];
  for (const [month, parts] of byMonth) {
    if (!monthsHeld.has(month)) {
      if (parts.length >= 2) groups.push(parts);
      continue;
    }
    const singles = parts.filter((p) => p.nights.length === 1);
    if (singles.length >= nightsPerMerge) groups.push(singles);
  }
  return groups;
}

/** Options of {@link compactStore}. */
export interface CompactOptions {
  recentNightsKept?: number;
  /** Clock of the garbage collection (ms since the epoch). */
  now?: number;
  /** Nights queued for publication while the compaction runs (see {@link planCompaction}). */
  comingNights?: readonly number[];
  /** Memory of each merge's work database (less when a publication runs beside it). */
  memoryLimit?: string;
  /** Longest wait for the publication lock before the switch (a publication may be running). */
  lockWaitMs?: number;
}

/** How a survey's parts are merged and switched to (the rest of the compaction is the same for all). */
interface SurveyCompaction {
  readonly merge: MergeParts;
  /** Writes and switches to the catalog version after `previous` holding `parts` (`dropped` left out). */
  switchTo(
    layout: StoreLayout,
    previous: Catalog,
    parts: PartEntry[],
    dropped: readonly string[],
    memoryLimit?: string,
  ): Promise<number>;
}

/** Writes and switches to the catalog version holding `parts`, its object index from the previous one and the new parts' blocks. */
async function switchWithObjectIndex(
  layout: StoreLayout,
  previous: Catalog,
  parts: PartEntry[],
  dropped: readonly string[],
  memoryLimit?: string,
): Promise<number> {
  const { conn, close } = await openWorkConnection(layout, memoryLimit);
  try {
    const current = new Set(previous.parts.map((p) => p.id));
    return await writeNextCatalog(conn, layout, previous, {
      parts,
      droppedParts: dropped,
      newParts: parts.filter((p) => !current.has(p.id)).map((p) => p.id),
    });
  } finally {
    close();
  }
}

const SURVEY_COMPACTION: Record<Survey, SurveyCompaction> = {
  ztf: { merge: mergeParts, switchTo: switchWithObjectIndex },
  // LSST: parts stay in night order, the order in which readers let newer rows win
  lsst: {
    merge: mergeLsstParts,
    switchTo: (layout, previous, parts, dropped, memoryLimit) =>
      switchWithObjectIndex(
        layout,
        previous,
        [...parts].sort((a, b) => a.nights[0] - b.nights[0]),
        dropped,
        memoryLimit,
      ),
  },
};

/**
 * Compacts the store (see the module doc); a no-op when nothing needs merging. The merges run outside the
 * publication lock, so that a publication may run beside them: under the lock, a merged part replaces its
 * group only if every part of the group is still in the catalog (none was republished meanwhile); otherwise it
 * is discarded and the group waits for the next compaction.
 */
export async function compactStore(
  layout: StoreLayout,
  log: Logger,
  options: CompactOptions = {},
): Promise<CompactResult> {
  const survey = SURVEY_COMPACTION[readStoreSurvey(layout) ?? 'ztf'];
  const groups = planCompaction(readCatalog(layout), options.recentNightsKept, options.comingNights);
  const merges: { group: PartEntry[]; part: PartEntry }[] = [];
  try {
    for (const group of groups) {
      const part = await survey.merge(
        layout,
        group,
        [],
        `m${monthOf(group[0].nights[0])}`,
        options.memoryLimit,
      );
      if (part) merges.push({ group, part });
    }
  } catch (err) {
    for (const { part } of merges) fs.rmSync(layout.partDir(part.id), { recursive: true, force: true });
    throw err;
  }
  const release = await acquirePublishLock(layout, { waitMs: options.lockWaitMs });
  try {
    const previous = readCatalog(layout);
    const current = new Set(previous.parts.map((p) => p.id));
    let version = previous.version;
    let created = 0;
    let merged = 0;
    const dropped = new Set<string>();
    const added: PartEntry[] = [];
    for (const { group, part } of merges) {
      const month = monthOf(group[0].nights[0]);
      if (!group.every((p) => current.has(p.id)) || !fs.existsSync(layout.partDir(part.id))) {
        log.info({ month, part: part.id }, 'compaction of a month discarded: its parts changed meanwhile');
        fs.rmSync(layout.partDir(part.id), { recursive: true, force: true });
        continue;
      }
      for (const p of group) dropped.add(p.id);
      added.push(part);
      merged += group.length;
      created++;
      log.info({ month, from: group.length, part: part.id, alerts: part.rows.alerts }, 'month compacted');
    }
    if (added.length > 0) {
      const parts = [...previous.parts.filter((p) => !dropped.has(p.id)), ...added];
      version = await survey.switchTo(layout, previous, parts, [...dropped], options.memoryLimit);
    }
    const removedParts = collectGarbage(layout, options.now ?? Date.now());
    return { mergedParts: merged, createdParts: created, catalogVersion: version, removedParts };
  } finally {
    release();
  }
}

/**
 * Removes part directories and object indexes that none of the last KEEP_CATALOG_VERSIONS catalog versions
 * references and that are older than GC_GRACE_MS, and catalog files older than those versions. Returns the
 * number of part directories removed. Call under the publication lock.
 */
export function collectGarbage(layout: StoreLayout, now: number): number {
  const current = readCatalog(layout).version;
  if (current === 0) return 0;
  const keptParts = new Set<string>();
  const keptIndexes = new Set<string>();
  for (let v = Math.max(1, current - KEEP_CATALOG_VERSIONS + 1); v <= current; v++) {
    const file = layout.catalogFile(v);
    if (!fs.existsSync(file)) continue;
    const c = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
    for (const p of c.parts) {
      keptParts.add(p.id);
      for (const cut of p.cutouts) keptParts.add(cut.part);
    }
    if (c.objectIndex) keptIndexes.add(path.basename(c.objectIndex));
  }
  const old = (p: string): boolean => now - fs.statSync(p).mtimeMs > GC_GRACE_MS;
  let removed = 0;
  if (fs.existsSync(layout.partsDir)) {
    for (const id of fs.readdirSync(layout.partsDir)) {
      const dir = path.join(layout.partsDir, id);
      if (!keptParts.has(id) && old(dir) && !isBuilding(dir, now)) {
        fs.rmSync(dir, { recursive: true, force: true });
        removed++;
      }
    }
  }
  const indexDir = path.join(layout.root, 'index');
  if (fs.existsSync(indexDir)) {
    for (const f of fs.readdirSync(indexDir)) {
      const full = path.join(indexDir, f);
      if (!keptIndexes.has(f) && old(full)) fs.rmSync(full, { force: true });
    }
  }
  for (const f of fs.readdirSync(layout.catalogDir)) {
    const m = /^v(\d{10})\.json$/.exec(f);
    if (m && Number(m[1]) <= current - KEEP_CATALOG_VERSIONS && old(path.join(layout.catalogDir, f))) {
      fs.rmSync(path.join(layout.catalogDir, f), { force: true });
    }
  }
  return removed;
}
