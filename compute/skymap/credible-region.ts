/**
 * Greedy credible regions of a sky map: the densest cells whose cumulative probability stays within a level,
 * their area, membership of a position, and their cover as NESTED index ranges for the store's sky index.
 */
import { MAX_ORDER, type PixelRange } from '../sky/index.js';
import { cellAreaSr, DEG2_PER_SR, MAX_SKYMAP_ORDER, type Skymap } from './skymap.js';
import { cellIndexAt } from './skymap-lookup.js';

/** A credible region of a map, cell by cell. */
export interface CredibleRegion {
  /** The requested level, 0..1. */
  readonly level: number;
  /** 1 for the map's cells inside the region, 0 outside (aligned with `map.prob`). */
  readonly isInRegion: Uint8Array;
  /** Number of cells inside. */
  readonly cellCount: number;
  /** Probability inside the region, ≤ level. */
  readonly probability: number;
  /** Area of the cells inside (square degrees). */
  readonly areaDeg2: number;
  /** Density of the least dense cell inside (per steradian), null for an empty region. */
  readonly minProbDensitySr: number | null;
}

/**
 * Densities are binned on the top 16 bits of their IEEE-754 doubles (sign, 11 exponent bits, 4 mantissa bits):
 * for positive numbers that key grows with the value, giving 16 bins per factor of two without a logarithm.
 * Bins more than 128 factors of two below the peak share the last bin.
 */
const KEY_SHIFT = 16;
const BIN_COUNT = 16 * 128;
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * The credible region at a level: cells ranked by probability density (densest first; equal densities by
 * sky order), a cell being inside when the cumulative probability up to and including it is ≤ level — the
 * greedy credible level of ligo.skymap `find_greedy_credible_levels`, used by Fink's bayestar search.
 *
 * Runs in linear time: densities are binned on a log scale (16 bins per factor of two) and only the bin where the level is crossed is
 * sorted (3.1 M cells of a NSIDE-512 map take a few passes, no full sort). Sums are taken bin by bin, so a
 * cell whose cumulative probability lies within ~1e-15 of the level may fall on either side.
 *
 * @param map a sky map.
 * @param level credible level, 0..1 (0.9 for the 90 % region).
 * @returns the region (empty at level 0; all cells when level ≥ the map's total probability).
 * @throws RangeError when level is outside 0..1.
 * Reference: Singer & Price 2016, PRD 93, 024013, §IV; ligo.skymap `postprocess.util.find_greedy_credible_levels`.
 */
export function credibleRegion(map: Skymap, level: number): CredibleRegion {
  if (!(level >= 0 && level <= 1)) throw new RangeError(`credible level must be in 0..1, got ${level}`);
  const n = map.prob.length;
  const areaSr = Array.from({ length: map.maxOrder + 1 }, (_, order) => cellAreaSr(order));
  const density = new Float64Array(n);
  let peak = 0;
  for (let i = 0; i < n; i++) {
    density[i] = map.prob[i] / areaSr[map.orders[i]];
    if (density[i] > peak) peak = density[i];
  }
  const words = new Uint32Array(density.buffer);
  const peakKey = new Uint32Array(Float64Array.of(peak).buffer)[HIGH_WORD] >>> KEY_SHIFT;
  const bins = new Uint16Array(n);
  const binProb = new Float64Array(BIN_COUNT);
  for (let i = 0; i < n; i++) {
    // Zero densities have key 0 and land in the last bin with the faintest cells.
    const b = peakKey - (words[2 * i + HIGH_WORD] >>> KEY_SHIFT);
    bins[i] = b < BIN_COUNT ? b : BIN_COUNT - 1;
    binProb[bins[i]] += map.prob[i];
  }
  let crossing = 0;
  let below = 0;
  while (crossing < BIN_COUNT && below + binProb[crossing] <= level) below += binProb[crossing++];

  const isInRegion = new Uint8Array(n);
  const boundary: number[] = [];
  for (let i = 0; i < n; i++) {
    if (bins[i] < crossing) isInRegion[i] = 1;
    else if (bins[i] === crossing) boundary.push(i);
  }
  boundary.sort((a, b) => density[b] - density[a] || a - b);
  let cumulative = below;
  for (const i of boundary) {
    if (cumulative + map.prob[i] > level) break;
    cumulative += map.prob[i];
    isInRegion[i] = 1;
  }

  let cellCount = 0;
  let probability = 0;
  let regionAreaSr = 0;
  let minProbDensitySr: number | null = null;
  for (let i = 0; i < n; i++) {
    if (isInRegion[i] === 0) continue;
    cellCount++;
    probability += map.prob[i];
    regionAreaSr += areaSr[map.orders[i]];
    if (minProbDensitySr === null || density[i] < minProbDensitySr) minProbDensitySr = density[i];
  }
  return {
    level,
    isInRegion,
    cellCount,
    probability,
    areaDeg2: regionAreaSr * DEG2_PER_SR,
    minProbDensitySr,
  };
}

/**
 * Whether a position lies in a credible region of a map.
 *
 * @param map the map the region was computed on.
 * @param region its credible region.
 * @param raDeg right ascension (degrees).
 * @param decDeg declination (degrees, −90..90).
 * @returns true inside, false outside (or outside a partial multi-order map's cells).
 * @throws RangeError for an invalid position.
 */
export function isInCredibleRegion(
  map: Skymap,
  region: CredibleRegion,
  raDeg: number,
  decDeg: number,
): boolean {
  const cell = cellIndexAt(map, raDeg, decDeg);
  return cell !== null && region.isInRegion[cell] === 1;
}

/**
 * The region as sorted, merged ranges of NESTED indices at `fineOrder`, covering the region at `depth`: a
 * depth-`depth` pixel is taken whole when any part of it is inside (cells finer than `depth` are rounded up
 * to their parent, coarser ones expand to their children). Alerts whose order-29 sky index falls in a range
 * are those inside the region's cover.
 *
 * @param map the map the region was computed on.
 * @param region its credible region.
 * @param depth order of the cover, 0..24 (Fink degrades to NSIDE 128, depth 7).
 * @param fineOrder order of the returned indices, depth..29 (default 29, the store's index).
 * @returns half-open ranges [start, end), sorted, disjoint and not adjacent.
 * @throws RangeError for an invalid depth or fineOrder.
 * Reference: Górski et al. 2005 §5 (NESTED hierarchy); Fink `/api/v1/bayestar` (degrade, then pixel scan).
 */
export function credibleRegionRanges(
  map: Skymap,
  region: CredibleRegion,
  depth: number,
  fineOrder: number = MAX_ORDER,
): PixelRange[] {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_SKYMAP_ORDER) {
    throw new RangeError(`range depth must be an integer in 0..${MAX_SKYMAP_ORDER}, got ${depth}`);
  }
  if (!Number.isInteger(fineOrder) || fineOrder < depth || fineOrder > MAX_ORDER) {
    throw new RangeError(`fine order must be an integer in ${depth}..${MAX_ORDER}, got ${fineOrder}`);
  }
  // Runs at `depth` as exact Numbers (cells are in sky order, so runs come sorted), then shifted to bigint.
  const runs: [number, number][] = [];
  for (let i = 0; i < map.prob.length; i++) {
    if (region.isInRegion[i] === 0) continue;
    const shift = map.orders[i] - depth;
    const start = shift >= 0 ? Math.floor(map.pixels[i] / 4 ** shift) : map.pixels[i] * 4 ** -shift;
    const end = shift >= 0 ? start + 1 : (map.pixels[i] + 1) * 4 ** -shift;
    const last = runs[runs.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else runs.push([start, end]);
  }
  const shift = BigInt(2 * (fineOrder - depth));
  return runs.map(([start, end]) => [BigInt(start) << shift, BigInt(end) << shift]);
}
