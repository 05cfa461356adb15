/**
 * A HEALPix probability sky map (gravitational-wave localisation) as a list of cells in sky order: flat maps
 * (every cell at one order) and multi-order maps (cells at several orders, as UNIQ indices) share the layout.
 */
import { MAX_NUMBER_ORDER } from '../sky/index.js';

/** Largest cell order handled: NESTED indices and UNIQ values stay exact Numbers (16·4^24 = 2^52). */
export const MAX_SKYMAP_ORDER = MAX_NUMBER_ORDER;
/** Square degrees per steradian, (180/π)². */
export const DEG2_PER_SR = (180 / Math.PI) ** 2;

/** How the source file indexed its pixels. */
export type SkymapOrdering = 'NESTED' | 'RING' | 'NUNIQ';

/** A sky map. Cells are disjoint and sorted by sky position (the NESTED index of their first order-29 pixel). */
export interface Skymap {
  /** HEALPix order of each cell, 0..24. */
  readonly orders: Uint8Array;
  /** NESTED index of each cell at its own order. */
  readonly pixels: Float64Array;
  /** Probability contained in each cell (0..1; they sum to 1 for a normalised map). */
  readonly prob: Float64Array;
  /** Largest cell order. */
  readonly maxOrder: number;
  /** The order of every cell when the map is flat (then cell i is NESTED pixel i), else null. */
  readonly flatOrder: number | null;
  readonly ordering: SkymapOrdering;
  /** Event time t0 (JD UTC) from MJD-OBS or DATE-OBS, null when the file gives neither. */
  readonly t0Jd: number | null;
  /** OBJECT card (the event id, e.g. G364600), null when absent. */
  readonly objectName: string | null;
}

/** Metadata of a map built with {@link flatSkymap} or {@link multiOrderSkymap}. */
export interface SkymapMeta {
  readonly ordering?: SkymapOrdering;
  readonly t0Jd?: number | null;
  readonly objectName?: string | null;
}

function checkSkymapOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0 || order > MAX_SKYMAP_ORDER) {
    throw new RangeError(`sky-map order must be an integer in 0..${MAX_SKYMAP_ORDER}, got ${order}`);
  }
}

/**
 * Area of one HEALPix pixel.
 *
 * @param order 0..29.
 * @returns 4π / (12·4^order) steradians.
 * Reference: Górski et al. 2005, ApJ 622, 759, §3 (equal-area pixels).
 */
export function cellAreaSr(order: number): number {
  return (4 * Math.PI) / (12 * 4 ** order);
}

/**
 * The UNIQ index of a pixel, 4·4^order + pix.
 *
 * @param order 0..24.
 * @param pix NESTED index at that order.
 * Reference: IVOA MOC 2.0 (2022), §4.3.1 (NUNIQ); Singer & Price 2016 multi-order maps.
 */
export function uniqOf(order: number, pix: number): number {
  return 4 * 4 ** order + pix;
}

/**
 * Order and NESTED index of a UNIQ value.
 *
 * @param uniq a UNIQ index, 4 ≤ uniq < 16·4^24.
 * @returns `{ order, pix }`.
 * @throws RangeError for a value that is not a UNIQ index of order 0..24.
 * Reference: IVOA MOC 2.0 (2022), §4.3.1: order = floor(log2(uniq)/2) − 1, pix = uniq − 4·4^order.
 */
export function orderPixelOfUniq(uniq: number): { order: number; pix: number } {
  if (!Number.isSafeInteger(uniq) || uniq < 4) throw new RangeError(`invalid UNIQ index ${uniq}`);
  let order = Math.floor(Math.log2(uniq) / 2) - 1;
  // log2 may round across a power of four: settle the order exactly.
  while (order > 0 && 4 * 4 ** order > uniq) order--;
  while (4 * 4 ** (order + 1) <= uniq) order++;
  checkSkymapOrder(order);
  return { order, pix: uniq - 4 * 4 ** order };
}

/**
 * A flat map from its probabilities in NESTED order.
 *
 * @param order 0..24 (nside = 2^order).
 * @param probNested probability per pixel, index = NESTED pixel, length 12·4^order (kept, not copied).
 * @param meta source ordering (default NESTED), t0 and event name.
 * @throws RangeError for an invalid order or a length other than 12·4^order.
 */
export function flatSkymap(order: number, probNested: Float64Array, meta: SkymapMeta = {}): Skymap {
  checkSkymapOrder(order);
  const n = 12 * 4 ** order;
  if (probNested.length !== n) {
    throw new RangeError(`a flat map of order ${order} has ${n} pixels, got ${probNested.length}`);
  }
  const pixels = new Float64Array(n);
  for (let i = 0; i < n; i++) pixels[i] = i;
  return {
    orders: new Uint8Array(n).fill(order),
    pixels,
    prob: probNested,
    maxOrder: order,
    flatOrder: order,
    ordering: meta.ordering ?? 'NESTED',
    t0Jd: meta.t0Jd ?? null,
    objectName: meta.objectName ?? null,
  };
}

/**
 * A multi-order map from UNIQ cells and their probability densities; cells are sorted into sky order.
 *
 * @param uniq UNIQ index of each cell (orders 0..24), cells disjoint.
 * @param probDensitySr probability density of each cell (per steradian), same length.
 * @param meta source ordering (default NUNIQ), t0 and event name.
 * @throws RangeError for different lengths, an invalid UNIQ index or overlapping cells.
 * Reference: Singer & Price 2016, PRD 93, 024013; ligo.skymap multi-order format (UNIQ, PROBDENSITY).
 */
export function multiOrderSkymap(
  uniq: ArrayLike<number>,
  probDensitySr: ArrayLike<number>,
  meta: SkymapMeta = {},
): Skymap {
  if (uniq.length !== probDensitySr.length) {
    throw new RangeError(`UNIQ has ${uniq.length} cells but PROBDENSITY ${probDensitySr.length}`);
  }
  const n = uniq.length;
  const cellOrders = new Uint8Array(n);
  const cellPixels = new Float64Array(n);
  let maxOrder = 0;
  for (let i = 0; i < n; i++) {
    const { order, pix } = orderPixelOfUniq(uniq[i]);
    cellOrders[i] = order;
    cellPixels[i] = pix;
    maxOrder = Math.max(maxOrder, order);
  }
  const start = (i: number): number => cellPixels[i] * 4 ** (maxOrder - cellOrders[i]);
  const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) => start(a) - start(b));
  const orders = new Uint8Array(n);
  const pixels = new Float64Array(n);
  const prob = new Float64Array(n);
  let end = 0;
  sorted.forEach((cell, k) => {
    if (start(cell) < end) throw new RangeError(`multi-order map cells overlap at UNIQ ${uniq[cell]}`);
    end = start(cell) + 4 ** (maxOrder - cellOrders[cell]);
    orders[k] = cellOrders[cell];
    pixels[k] = cellPixels[cell];
    prob[k] = probDensitySr[cell] * cellAreaSr(cellOrders[cell]);
  });
  return {
    orders,
    pixels,
    prob,
    maxOrder,
    flatOrder: null,
    ordering: meta.ordering ?? 'NUNIQ',
    t0Jd: meta.t0Jd ?? null,
    objectName: meta.objectName ?? null,
  };
}
