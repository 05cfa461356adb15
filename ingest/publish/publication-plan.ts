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
import { stagedNights, stagingInputsOf } from './publish-night.js';

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
 * Splits `nights` into publication groups, in night order: a night that is not small alone; small nights of one
 * calendar month together, up to GROUP_BYTES per group. A month's group is the part compaction would make of
 * them (docs/store.md, "Compaction"), so a backfill leaves nothing to merge.
 */
export function planPublicationGroups(layout: StoreLayout, nights: readonly number[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let currentBytes = 0;
  const endGroup = (): void => {
    if (current.length > 0) groups.push(current);
    current = [];
    currentBytes = 0;
  };
  for (const night of [...new Set(nights)].sort((a, b) => a - b)) {
    const bytes = stagingBytes(layout, night);
    if (bytes > SMALL_NIGHT_BYTES) {
      groups.push([night]);
      continue;
    }
    const sameMonth = current.length > 0 && Math.floor(current[0] / 100) === Math.floor(night / 100);
    if (!sameMonth || currentBytes + bytes > GROUP_BYTES) endGroup();
    current.push(night);
    currentBytes += bytes;
  }
  endGroup();
  return groups;
}
