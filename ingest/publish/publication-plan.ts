/**
 * What to publish and how to group it: the nights whose staged content changed since their last publication
 * (their staging files' versions, ingest/stage/staged-version.ts, against those the catalog records), and the
 * groups of small nights published together (one part and one catalog switch per group), so that a backfill of
 * hundreds of small nights does not pay a publication's fixed cost for each.
 */
import fs from 'node:fs';
import type { StoreLayout } from '../../data/index.js';
import { readCatalog } from '../../data/index.js';
import { readStagedVersion, stagedFingerprint, stampsFileOf } from '../stage/index.js';
import { stagedNights, stagingInputsOf } from './staging-files.js';

/**
 * The nights among `nights` (default: every night with staging files) whose staged content is not published:
 * never published, or staged again with new alerts since (by any process), in night order.
 */
export function unpublishedNights(
  layout: StoreLayout,
  nights: readonly number[] = stagedNights(layout),
): number[] {
  const published = readCatalog(layout).stagedVersions ?? {};
  return [...new Set(nights)]
    .sort((a, b) => a - b)
    .filter((night) => {
      const keys = stagingInputsOf(layout, night).map((i) => i.key);
      return keys.length === 0 || published[String(night)] !== stagedFingerprint(keys);
    });
}

/**
 * True when some staging file of the night has committed alerts (a staged version above 0): false for a night
 * whose only batches failed (e.g. on a full disk), which has nothing to publish.
 */
export function hasStagedAlerts(layout: StoreLayout, night: number): boolean {
  return stagingInputsOf(layout, night).some((i) => readStagedVersion(i.key) > 0);
}

/**
 * A night is small when its staging files (DuckDB files and stamps) hold at most this many bytes: ~1 MB for a
 * night of a few tens of alerts without stamps (the DuckDB file's own blocks), hundreds of MB to GB for a ZTF
 * night. Small nights are published in groups; the others alone (their stamps file hard-linked, not copied).
 */
export const SMALL_NIGHT_BYTES = 64 << 20;

/** Most bytes of staging files in one group of small nights (the stamps of a group are copied into its part). */
export const GROUP_BYTES = 256 << 20;

/**
 * Bytes of a night's staging files: its own DuckDB files, their write-ahead logs, and stamps (of a night whose
 * rows are in its month's shared file, its stamps only).
 */
function stagingBytes(layout: StoreLayout, night: number): number {
  let bytes = 0;
  for (const { key, shared } of stagingInputsOf(layout, night))
    for (const f of shared ? [stampsFileOf(key)] : [key, `${key}.wal`, stampsFileOf(key)])
      if (fs.existsSync(f)) bytes += fs.statSync(f).size;
  return bytes;
}

/** True when a night's staging files hold at most SMALL_NIGHT_BYTES (published in a group of small nights). */
export function isSmallNight(layout: StoreLayout, night: number): boolean {
  return stagingBytes(layout, night) <= SMALL_NIGHT_BYTES;
}

/**
 * Most nights in one group of small nights made of several months: a group's fixed cost (~0.6 s of CPU: its work
 * database, ~10 parquet files, the object index and the catalog) was most of a backfill of hundreds of nights of
 * a few tens of alerts when paid once per month (docs/benchmarks.md, "Backfill of many small nights").
 */
export const GROUP_NIGHTS = 128;

/** Bytes of the month's shared staging files (and their logs) that `nights` of it have rows in, each once. */
function sharedFileBytes(layout: StoreLayout, nights: readonly number[]): number {
  const files = new Set(
    nights.flatMap((n) => stagingInputsOf(layout, n).filter((i) => i.shared)).map((i) => i.file),
  );
  let bytes = 0;
  for (const file of files)
    for (const f of [file, `${file}.wal`]) if (fs.existsSync(f)) bytes += fs.statSync(f).size;
  return bytes;
}

/**
 * Splits `nights` into publication groups, in night order: a night that is not small alone; small nights by
 * calendar month, up to GROUP_BYTES per group (a month's shared staging files counted once), and consecutive
 * whole months together, up to GROUP_BYTES and `maxGroupNights` (GROUP_NIGHTS) per group. A group holds whole months (a month
 * split only when its nights exceed GROUP_BYTES): the part compaction would make of them, or several such, so a
 * backfill leaves nothing to merge (compaction leaves parts of several months as they are; docs/store.md).
 */
export function planPublicationGroups(
  layout: StoreLayout,
  nights: readonly number[],
  maxGroupNights = GROUP_NIGHTS,
): number[][] {
  const groups: number[][] = [];
  // the small nights of each month, split at GROUP_BYTES: the units groups are made of
  const units: { nights: number[]; bytes: number; wholeMonth: boolean }[] = [];
  const byMonth = new Map<number, number[]>();
  for (const night of [...new Set(nights)].sort((a, b) => a - b)) {
    if (stagingBytes(layout, night) > SMALL_NIGHT_BYTES) groups.push([night]);
    else byMonth.set(Math.floor(night / 100), [...(byMonth.get(Math.floor(night / 100)) ?? []), night]);
  }
  for (const monthNights of byMonth.values()) {
    const split: { nights: number[]; bytes: number }[] = [];
    let current = { nights: [] as number[], bytes: sharedFileBytes(layout, monthNights) };
    for (const night of monthNights) {
      const bytes = stagingBytes(layout, night);
      if (current.nights.length > 0 && current.bytes + bytes > GROUP_BYTES) {
        split.push(current);
        current = { nights: [], bytes: 0 };
      }
      current.nights.push(night);
      current.bytes += bytes;
    }
    split.push(current);
    for (const unit of split) units.push({ ...unit, wholeMonth: split.length === 1 });
  }
  let group: (typeof units)[number] | null = null;
  for (const unit of units) {
    const joins =
      group?.wholeMonth === true &&
      unit.wholeMonth &&
      group.bytes + unit.bytes <= GROUP_BYTES &&
      group.nights.length + unit.nights.length <= maxGroupNights;
    if (joins && group !== null) {
      group.nights.push(...unit.nights);
      group.bytes += unit.bytes;
      continue;
    }
    if (group !== null) groups.push(group.nights);
    group = { nights: [...unit.nights], bytes: unit.bytes, wholeMonth: unit.wholeMonth };
  }
  if (group !== null) groups.push(group.nights);
  return groups.sort((a, b) => a[0] - b[0]);
}
