/**
 * Positional cross-matching of a catalogue against a stream of sky positions: the catalogue's positions are
 * bucketed by HEALPix NESTED pixel at an order whose pixels are about the size of the match radius (each
 * position goes in every pixel its disc touches), so each streamed position looks at the catalogue rows of its
 * own pixel only and measures the exact angular distance to each.
 *
 * Reference: Górski et al. 2005, ApJ 622, 759 (HEALPix); haversine distance, Sinnott 1984, Sky & Telescope 68, 159.
 */

import { ang2pixNest, coneRanges, maxPixelRadiusDeg } from './healpix.js';
import { MAX_NUMBER_ORDER, RAD_PER_DEG } from './healpix-face.js';

/** Finest bucket order: pixels of ~3″ (finer pixels only add bucket entries). */
const FINEST_BUCKET_ORDER = 16;

/**
 * The bucket order for a radius: the finest order (≤ 16) whose largest pixel radius is at least the match
 * radius, so that a disc touches a handful of pixels.
 *
 * @param radiusDeg match radius (degrees, > 0).
 */
export function bucketOrder(radiusDeg: number): number {
  let order = 0;
  while (order < FINEST_BUCKET_ORDER && maxPixelRadiusDeg(order + 1) >= radiusDeg) order++;
  return Math.min(order, MAX_NUMBER_ORDER);
}

/** Angular distance (degrees) between two positions (degrees), haversine form (stable at small angles). */
export function separationDeg(ra1Deg: number, dec1Deg: number, ra2Deg: number, dec2Deg: number): number {
  const sinDec = Math.sin(((dec1Deg - dec2Deg) * RAD_PER_DEG) / 2);
  const sinRa = Math.sin(((ra1Deg - ra2Deg) * RAD_PER_DEG) / 2);
  const h =
    sinDec * sinDec + Math.cos(dec1Deg * RAD_PER_DEG) * Math.cos(dec2Deg * RAD_PER_DEG) * sinRa * sinRa;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD_PER_DEG;
}

/** Catalogue positions bucketed for matching within a fixed radius. */
export class PositionIndex {
  /** Bucket order (NESTED). */
  readonly order: number;
  private readonly buckets = new Map<number, number[]>();

  /**
   * @param raDeg right ascensions of the catalogue rows (degrees, finite).
   * @param decDeg declinations (degrees, −90..90), aligned with raDeg.
   * @param radiusDeg match radius (degrees, > 0).
   * @throws RangeError for an invalid position or radius (validate input first).
   */
  constructor(
    private readonly raDeg: ArrayLike<number>,
    private readonly decDeg: ArrayLike<number>,
    readonly radiusDeg: number,
  ) {
    if (!(radiusDeg > 0)) throw new RangeError(`match radius must be > 0 degrees, got ${radiusDeg}`);
    if (raDeg.length !== decDeg.length) throw new RangeError('raDeg and decDeg must have the same length');
    this.order = bucketOrder(radiusDeg);
    for (let row = 0; row < raDeg.length; row++) {
      for (const [start, end] of coneRanges(this.order, raDeg[row], decDeg[row], radiusDeg, this.order)) {
        for (let pix = Number(start); pix < Number(end); pix++) {
          const bucket = this.buckets.get(pix);
          if (bucket) bucket.push(row);
          else this.buckets.set(pix, [row]);
        }
      }
    }
  }

  /** Number of catalogue rows. */
  get size(): number {
    return this.raDeg.length;
  }

  /**
   * Calls `visit` with each catalogue row within the radius of a position and its distance.
   *
   * @param raDeg right ascension (degrees, finite).
   * @param decDeg declination (degrees, −90..90).
   */
  matches(raDeg: number, decDeg: number, visit: (row: number, separationDeg: number) => void): void {
    const bucket = this.buckets.get(Number(ang2pixNest(this.order, raDeg, decDeg)));
    if (bucket === undefined) return;
    for (const row of bucket) {
      if (Math.abs(this.decDeg[row] - decDeg) > this.radiusDeg) continue;
      const d = separationDeg(raDeg, decDeg, this.raDeg[row], this.decDeg[row]);
      if (d <= this.radiusDeg) visit(row, d);
    }
  }
}
