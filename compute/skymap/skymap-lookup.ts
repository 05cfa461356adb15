/** Which cell of a sky map holds a sky position, and the probability density there. */
import { ang2pixNest } from '../sky/index.js';
import { cellAreaSr, DEG2_PER_SR, type Skymap } from './skymap.js';

/**
 * Index of the map cell containing a position.
 *
 * @param map a sky map.
 * @param raDeg right ascension (ICRS degrees, finite, wrapped).
 * @param decDeg declination (degrees, −90..90).
 * @returns the cell index (into `map.orders`, `map.pixels`, `map.prob`), or null when a multi-order map does
 *   not cover the position.
 * @throws RangeError for an invalid position.
 * Reference: Górski et al. 2005 §5 (hierarchical NESTED indices: a cell of order o holds the order-m pixels
 * [pix·4^(m−o), (pix+1)·4^(m−o))).
 */
export function cellIndexAt(map: Skymap, raDeg: number, decDeg: number): number | null {
  const fine = Number(ang2pixNest(map.maxOrder, raDeg, decDeg));
  if (map.flatOrder !== null) return fine;
  // Cells are in sky order: the last cell starting at or before `fine` is the only candidate.
  let lo = 0;
  let hi = map.pixels.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (map.pixels[mid] * 4 ** (map.maxOrder - map.orders[mid]) <= fine) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  const span = 4 ** (map.maxOrder - map.orders[found]);
  return fine < (map.pixels[found] + 1) * span ? found : null;
}

/** Probability density of a map at a position, in both units. */
export interface ProbDensity {
  /** Per steradian (the unit of ligo.skymap PROBDENSITY). */
  readonly perSr: number;
  /** Per square degree: perSr / (180/π)². */
  readonly perDeg2: number;
}

/**
 * Probability density at a position: the probability of the cell holding it divided by the cell's area
 * (constant within a cell).
 *
 * @param map a sky map.
 * @param raDeg right ascension (degrees).
 * @param decDeg declination (degrees, −90..90).
 * @returns the density per sr and per deg², or null outside the cells of a partial multi-order map.
 * @throws RangeError for an invalid position.
 * Reference: Singer & Price 2016, PRD 93, 024013 (PROBDENSITY = probability per steradian).
 */
export function probDensityAt(map: Skymap, raDeg: number, decDeg: number): ProbDensity | null {
  const cell = cellIndexAt(map, raDeg, decDeg);
  if (cell === null) return null;
  const perSr = map.prob[cell] / cellAreaSr(map.orders[cell]);
  return { perSr, perDeg2: perSr / DEG2_PER_SR };
}
