/**
 * Multi-Order Coverage maps (IVOA MOC 2.0, space only): a sky region as sorted ranges of order-29 NESTED
 * indices, and its minimal decomposition into HEALPix cells per order (merged siblings).
 * Hand-written: npm has no maintained library that builds or serialises IVOA MOCs.
 */
import { ang2pixNest, MAX_ORDER, type PixelRange } from '../sky/index.js';
import { type CredibleRegion, credibleRegionRanges } from './credible-region.js';
import { cellAreaSr, DEG2_PER_SR, MAX_SKYMAP_ORDER, type Skymap } from './skymap.js';

/** A normalised MOC. */
export interface Moc {
  /** Deepest order (MOC 2.0 "depth"), 0..29: every range bound is a multiple of 4^(29 − maxOrder). */
  readonly maxOrder: number;
  /** Covered order-29 NESTED indices as half-open ranges [start, end), sorted, disjoint and not adjacent. */
  readonly ranges: readonly PixelRange[];
}

/** The cells of one order in a MOC's decomposition. */
export interface MocOrderCells {
  readonly order: number;
  /** NESTED indices at `order`, ascending. */
  readonly pixels: readonly bigint[];
}

/** 4^k as bigint, k = 0..29: the number of order-29 pixels in a cell of order 29 − k. */
const POW4: readonly bigint[] = Array.from({ length: MAX_ORDER + 1 }, (_, k) => 4n ** BigInt(k));

function checkMocOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0 || order > MAX_ORDER) {
    throw new RangeError(`MOC order must be an integer in 0..${MAX_ORDER}, got ${order}`);
  }
}

/**
 * A normalised MOC from order-29 ranges: bounds are widened outwards to whole cells of `maxOrder` (a cell
 * partly covered is kept), then ranges are sorted and merged.
 *
 * @param ranges half-open [start, end) order-29 NESTED ranges, in any order, possibly overlapping.
 * @param maxOrder depth of the MOC, 0..29.
 * @throws RangeError for an invalid order or a range outside 0..12·4^29.
 * Reference: IVOA MOC 2.0 (Fernique et al. 2022), §2.3 (range representation), §4.
 */
export function mocFromRanges(ranges: readonly PixelRange[], maxOrder: number): Moc {
  checkMocOrder(maxOrder);
  const step = POW4[MAX_ORDER - maxOrder];
  const limit = 12n * 4n ** BigInt(MAX_ORDER);
  const widened = ranges
    .filter(([start, end]) => end > start)
    .map(([start, end]): PixelRange => {
      if (start < 0n || end > limit) throw new RangeError(`MOC range [${start}, ${end}) outside the sphere`);
      return [(start / step) * step, ((end + step - 1n) / step) * step];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: PixelRange[] = [];
  for (const [start, end] of widened) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) {
      if (end > last[1]) last[1] = end;
    } else merged.push([start, end]);
  }
  return { maxOrder, ranges: merged };
}

/**
 * The MOC of a credible region, cells finer than `maxOrder` rounded up to their parent.
 *
 * @param map the map the region was computed on.
 * @param region its credible region.
 * @param maxOrder MOC depth, 0..24 (default the map's deepest order: the exact region).
 * @throws RangeError for an invalid order.
 */
export function mocFromCredibleRegion(map: Skymap, region: CredibleRegion, maxOrder = map.maxOrder): Moc {
  if (maxOrder > MAX_SKYMAP_ORDER) throw new RangeError(`MOC order must be ≤ ${MAX_SKYMAP_ORDER} here`);
  return mocFromRanges(credibleRegionRanges(map, region, maxOrder), maxOrder);
}

/**
 * The minimal decomposition of a MOC into cells: each range is cut into the largest aligned cells it holds,
 * so four complete siblings always appear as their parent.
 *
 * @returns one entry per order from the coarsest holding a cell to `maxOrder` (orders without cells in
 *   between are omitted; `maxOrder` is always present, possibly empty, to carry the depth).
 * Reference: IVOA MOC 2.0 (2022), §2.2 (well-formed MOC: no cell covered by a coarser one, siblings merged).
 */
export function mocCells(moc: Moc): MocOrderCells[] {
  const byOrder = new Map<number, bigint[]>();
  for (const [first, end] of moc.ranges) {
    let start = first;
    while (start < end) {
      // Largest cell (level k: 4^k order-29 pixels) aligned at start and ending within the range.
      let k = MAX_ORDER - moc.maxOrder;
      while (k < MAX_ORDER && start % POW4[k + 1] === 0n && start + POW4[k + 1] <= end) k++;
      const size = POW4[k];
      const order = MAX_ORDER - k;
      const pixels = byOrder.get(order) ?? [];
      pixels.push(start / size);
      byOrder.set(order, pixels);
      start += size;
    }
  }
  if (!byOrder.has(moc.maxOrder)) byOrder.set(moc.maxOrder, []);
  return [...byOrder.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([order, pixels]) => ({ order, pixels: pixels.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) }));
}

/**
 * A normalised MOC from cells given per order (duplicates, overlaps and unmerged siblings allowed).
 *
 * @param cells NESTED indices per order, orders 0..29.
 * @param maxOrder depth (default the deepest order listed; never below it).
 * @throws RangeError for an invalid order or a pixel outside 0..12·4^order.
 */
export function mocFromCells(cells: readonly MocOrderCells[], maxOrder?: number): Moc {
  const deepest = cells.reduce((m, c) => Math.max(m, c.order), 0);
  const depth = maxOrder ?? deepest;
  if (depth < deepest) throw new RangeError(`MOC depth ${depth} is below its deepest cells (${deepest})`);
  const ranges: PixelRange[] = [];
  for (const { order, pixels } of cells) {
    checkMocOrder(order);
    const size = POW4[MAX_ORDER - order];
    for (const pix of pixels) {
      if (pix < 0n || pix >= 12n * 4n ** BigInt(order)) {
        throw new RangeError(`MOC pixel ${pix} outside order ${order}`);
      }
      ranges.push([pix * size, (pix + 1n) * size]);
    }
  }
  return mocFromRanges(ranges, depth);
}

/**
 * Area covered by a MOC.
 *
 * @returns square degrees, 0..41,252.96 (the whole sphere).
 */
export function mocAreaDeg2(moc: Moc): number {
  const count = moc.ranges.reduce((sum, [start, end]) => sum + (end - start), 0n);
  return Number(count) * cellAreaSr(MAX_ORDER) * DEG2_PER_SR;
}

/**
 * Whether a MOC covers a position.
 *
 * @param raDeg right ascension (degrees).
 * @param decDeg declination (degrees, −90..90).
 * @throws RangeError for an invalid position.
 */
export function mocContains(moc: Moc, raDeg: number, decDeg: number): boolean {
  const pix = ang2pixNest(MAX_ORDER, raDeg, decDeg);
  let lo = 0;
  let hi = moc.ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const [start, end] = moc.ranges[mid];
    if (pix < start) hi = mid - 1;
    else if (pix >= end) lo = mid + 1;
    else return true;
  }
  return false;
}
