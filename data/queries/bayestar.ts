/**
 * The query behind `/api/v1/bayestar`: objects with an alert inside the credible region of a gravitational-wave
 * sky map and inside a time window. The region's cover as order-29 NESTED ranges picks the sky blocks to read;
 * each record is then tested exactly (its map cell is in the region, its jd in the window); each object keeps its
 * latest such alert.
 */
import {
  type CredibleRegion,
  credibleRegionRanges,
  isInCredibleRegion,
  probDensityAt,
  type Skymap,
} from '../../compute/skymap/index.js';
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import type { AlertRef } from './alert-refs.js';
import { partsInJdRange } from './alert-refs.js';
import type { JdWindow } from './explorer.js';
import type { SkyBlockReader } from './sky-blocks.js';
import { scanSkyRecords } from './sky-scan.js';

/** An object found in a region: its latest alert there and the map's density at that alert. */
export interface RegionHit extends AlertRef {
  readonly jd: number;
  /** Probability density at the alert position (per square degree). */
  readonly probDensityDeg2: number;
}

/**
 * Depth of the region's cover: fine enough that the cover hugs the region (order 8: cells of 0.05 deg²), and no
 * finer than the map.
 */
const COVER_ORDER = 8;

/**
 * Objects with an alert (jd in `window`) inside the region, each with its latest such alert, densest first.
 *
 * @returns hits sorted by density (descending), then jd (descending), then objectId.
 */
export function findRegionHits(
  layout: StoreLayout,
  catalog: Catalog,
  sky: SkyBlockReader,
  map: Skymap,
  region: CredibleRegion,
  window: JdWindow,
): RegionHit[] {
  if (region.cellCount === 0) return [];
  const parts = partsInJdRange(catalog, window.startJd, window.stopJd);
  if (parts.length === 0) return [];
  const ranges = credibleRegionRanges(map, region, Math.min(COVER_ORDER, map.maxOrder));
  const best = new Map<string, RegionHit>();
  scanSkyRecords(
    layout,
    parts,
    sky,
    ranges,
    (raDeg, decDeg, jd) =>
      jd >= window.startJd && jd <= window.stopJd && isInCredibleRegion(map, region, raDeg, decDeg),
    (r) => {
      const seen = best.get(r.objectId);
      if (seen && (seen.jd > r.jd || (seen.jd === r.jd && seen.candid >= r.candid))) return;
      best.set(r.objectId, {
        part: r.part,
        objectId: r.objectId,
        candid: r.candid,
        jd: r.jd,
        probDensityDeg2: probDensityAt(map, r.raDeg, r.decDeg)?.perDeg2 ?? 0,
      });
    },
  );
  return [...best.values()].sort(
    (a, b) =>
      b.probDensityDeg2 - a.probDensityDeg2 ||
      b.jd - a.jd ||
      (a.objectId < b.objectId ? -1 : a.objectId > b.objectId ? 1 : 0),
  );
}
