/**
 * Scans of the sky index for searches that are not one cone (GW credible regions, catalogue cross-matches):
 * every alert record of the chosen parts, or those in a set of HEALPix ranges, offered to a test on its position
 * and times, read from the parts' sky blocks (data/queries/sky-blocks.ts; every part has them).
 */
import path from 'node:path';
import type { PixelRange } from '../../compute/sky/index.js';
import type { PartEntry } from '../catalog.js';
import { SKY_BLOCKS_FILE } from '../sky-blocks.js';
import type { StoreLayout } from '../store-layout.js';
import type { SkyBlockReader, SkyEntry, SkyRecordTest } from './sky-blocks.js';

/** A sky record and the part that holds its alert. */
export interface SkyScanHit extends SkyEntry {
  readonly part: string;
}

/**
 * Calls `onHit` with each alert record of `parts` that `keep` accepts, right after `keep` accepted it (so that
 * the caller can pair the two calls), part by part.
 *
 * @param ranges order-29 NESTED ranges (sorted) that hold every record worth testing; null to test them all.
 */
export function scanSkyRecords(
  layout: StoreLayout,
  parts: readonly PartEntry[],
  sky: SkyBlockReader,
  ranges: readonly PixelRange[] | null,
  keep: SkyRecordTest,
  onHit: (hit: SkyScanHit) => void,
): void {
  for (const part of parts) {
    const file = path.join(layout.partDir(part.id), SKY_BLOCKS_FILE);
    sky.select(file, ranges, keep, (entry) => onHit({ ...entry, part: part.id }));
  }
}
