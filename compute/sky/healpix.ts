/**
 * HEALPix pixelisation of the sphere: NESTED indices of sky positions, pixel centres, NESTED ↔ RING
 * conversion and pixel ranges covering a cone (the sky-position index of the store is a NESTED index at order
 * 29).
 *
 * Orders run from 0 to 29 (nside = 2^order). Indices are bigint: at order 29 they reach 12·4^29 ≈ 3.5e18 >
 * 2^53. Internally a pixel is (face 0..11, ix, iy < nside), all in exact Number arithmetic; only the final
 * index is a bigint. The formulas follow the reference C++ library (healpix_base.cc: loc2pix, pix2loc,
 * xyf2ring, ring2xyf, max_pixrad).
 *
 * Reference: Górski K. M. et al. 2005, ApJ 622, 759 (HEALPix; eqs. 4-9 for the equal-area projection).
 * Hand-written: @hscmap/healpix (npm) keeps indices in JS numbers, which cannot hold order 29 (bigint here).
 */

import {
  checkOrder,
  checkPosition,
  DEG_PER_RAD,
  type FacePixel,
  faceCentre,
  faceToNest,
  locate,
  MAX_ORDER,
  nestToFace,
  RAD_PER_DEG,
  spread16,
  TWO_POW_32,
  TWO_THIRDS,
} from './healpix-face.js';

export { MAX_NUMBER_ORDER, MAX_ORDER } from './healpix-face.js';
export { nestToRing, nestToRingTable, ringToNest } from './healpix-ring.js';

/** A sky position (ICRS/J2000 degrees). */
export interface SkyPosition {
  /** Right ascension, 0 ≤ raDeg < 360 (degrees). */
  readonly raDeg: number;
  /** Declination, −90..90 (degrees). */
  readonly decDeg: number;
}

/** A half-open range [start, end) of NESTED pixel indices at one order. */
export type PixelRange = [start: bigint, end: bigint];

/** Relative margin added to the pixel radius in the cone test. */
const PIXEL_RADIUS_MARGIN = 1e-9;
/**
 * Absolute margin (radians) added to the pixel radius in the cone test: absorbs rounding of unit vectors and
 * of positions on pixel boundaries (~1e-16 rad), which matters for order-29 pixels (~2e-9 rad across).
 */
const PIXEL_RADIUS_MARGIN_RAD = 1e-14;

/**
 * NESTED HEALPix index of a sky position.
 *
 * @param order 0..29 (nside = 2^order).
 * @param raDeg right ascension (degrees; any finite value, wrapped).
 * @param decDeg declination (degrees, −90..90).
 * @returns the pixel index, 0 ≤ pix < 12·4^order.
 * @throws RangeError for an invalid order or position (programming errors: validate input first).
 *
 * Reference: Górski et al. 2005, ApJ 622, 759, §4; healpix_base.cc `loc2pix`.
 */
export function ang2pixNest(order: number, raDeg: number, decDeg: number): bigint {
  checkOrder(order);
  checkPosition(raDeg, decDeg);
  return faceToNest(order, locate(order, raDeg, decDeg));
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * NESTED indices of many positions at once, written without creating a bigint per position (ingestion path).
 *
 * @param order 0..29.
 * @param raDeg right ascensions (degrees; finite, wrapped).
 * @param decDeg declinations (degrees, −90..90), same length as raDeg.
 * @returns the indices, aligned with the input.
 * @throws RangeError as {@link ang2pixNest}, or when the lengths differ.
 *
 * Reference: as {@link ang2pixNest}.
 */
export function ang2pixNestBatch(
  order: number,
  raDeg: ArrayLike<number>,
  decDeg: ArrayLike<number>,
): BigInt64Array {
  checkOrder(order);
  if (raDeg.length !== decDeg.length) throw new RangeError('raDeg and decDeg must have the same length');
  const out = new BigInt64Array(raDeg.length);
  const words = new Uint32Array(out.buffer);
  const [loAt, hiAt] = IS_LITTLE_ENDIAN ? [0, 1] : [1, 0];
  // Face offsets face·4^order split into 32-bit words: exact, and never carrying into the interleaved bits.
  const faceHi = Float64Array.from({ length: 12 }, (_, f) => Math.floor((f * 4 ** order) / TWO_POW_32));
  const faceLo = Float64Array.from({ length: 12 }, (_, f) => (f * 4 ** order) % TWO_POW_32);
  for (let i = 0; i < raDeg.length; i++) {
    checkPosition(raDeg[i], decDeg[i]);
    const { face, ix, iy } = locate(order, raDeg[i], decDeg[i]);
    words[2 * i + loAt] = faceLo[face] + ((spread16(ix) | (spread16(iy) << 1)) >>> 0);
    words[2 * i + hiAt] = faceHi[face] + (spread16(ix >>> 16) | (spread16(iy >>> 16) << 1));
  }
  return out;
}

/**
 * Centre of a NESTED pixel.
 *
 * @param order 0..29.
 * @param pix NESTED index, 0 ≤ pix < 12·4^order (a Number must be a safe integer).
 * @returns the centre (raDeg in [0, 360), decDeg in −90..90).
 * @throws RangeError for an invalid order or index.
 *
 * Reference: healpix_base.cc `pix2loc`.
 */
export function pix2angNest(order: number, pix: bigint | number): SkyPosition {
  const { z, sth, phiDeg } = faceCentre(order, nestToFace(order, pix));
  return { raDeg: phiDeg, decDeg: Math.atan2(z, sth) * DEG_PER_RAD };
}

/** Angle (radians) between two unit vectors given as z and longitude, robust at small angles. */
function angleRad(z1: number, phi1: number, z2: number, phi2: number): number {
  const s1 = Math.sqrt((1 - z1) * (1 + z1));
  const s2 = Math.sqrt((1 - z2) * (1 + z2));
  const [x1, y1, x2, y2] = [
    s1 * Math.cos(phi1),
    s1 * Math.sin(phi1),
    s2 * Math.cos(phi2),
    s2 * Math.sin(phi2),
  ];
  const cross = Math.hypot(y1 * z2 - z1 * y2, z1 * x2 - x1 * z2, x1 * y2 - y1 * x2);
  return Math.atan2(cross, x1 * x2 + y1 * y2 + z1 * z2);
}

const MAX_PIXEL_RADIUS_RAD: readonly number[] = Array.from({ length: MAX_ORDER + 1 }, (_, order) => {
  const nside = 2 ** order;
  const t1 = (1 - 1 / nside) ** 2;
  return angleRad(TWO_THIRDS, Math.PI / (4 * nside), 1 - t1 / 3, 0);
});

/**
 * Largest angular distance between a pixel's centre and any point of that pixel, over all pixels of an order.
 *
 * @param order 0..29.
 * @returns the radius (degrees): 48.19° at order 0, roughly halving with each order.
 * @throws RangeError for an invalid order.
 *
 * Reference: healpix_base.cc `max_pixrad`.
 */
export function maxPixelRadiusDeg(order: number): number {
  checkOrder(order);
  return MAX_PIXEL_RADIUS_RAD[order] * DEG_PER_RAD;
}

/** Largest pixel radius at the working order of a cone, as a fraction of the cone radius. */
const CONE_PIXEL_RADIUS_FRACTION = 0.5;

/**
 * The working order of {@link coneRanges} for a radius: the coarsest order whose largest pixel radius is at
 * most half the cone radius (so the covered area stays below 4× the cone's), capped at `fineOrder`.
 *
 * @param radiusDeg cone radius (degrees, ≥ 0).
 * @param fineOrder the largest order allowed, 0..29 (default 29).
 * @returns an order in 0..fineOrder.
 */
export function chooseConeOrder(radiusDeg: number, fineOrder: number = MAX_ORDER): number {
  checkOrder(fineOrder);
  const limitRad = radiusDeg * RAD_PER_DEG * CONE_PIXEL_RADIUS_FRACTION;
  let order = 0;
  while (order < fineOrder && MAX_PIXEL_RADIUS_RAD[order] > limitRad) order++;
  return order;
}

/** Squared chord length of an angle (radians), 4 for angles ≥ π (the whole sphere). */
function chord2(angleRadians: number): number {
  if (angleRadians >= Math.PI) return 4;
  const s = 2 * Math.sin(angleRadians / 2);
  return s * s;
}

/**
 * Sorted, merged ranges of NESTED pixels at `fineOrder` that cover a cone: every position within the radius
 * lies in a range. Pixels are selected at `order` with an inclusive test (centre within radius + the pixel
 * radius), descending the hierarchy from the 12 base pixels and keeping whole sub-trees that lie inside the
 * cone.
 *
 * @param order working order 0..fineOrder, or `'auto'` for {@link chooseConeOrder}.
 * @param raDeg right ascension of the cone centre (degrees; finite, wrapped).
 * @param decDeg declination of the cone centre (degrees, −90..90).
 * @param radiusDeg cone radius (degrees, ≥ 0; ≥ 180 covers the sky).
 * @param fineOrder order of the returned indices, 0..29 (default 29, the store's index).
 * @returns half-open ranges [start, end), sorted, disjoint and not adjacent.
 * @throws RangeError for an invalid order, position or radius.
 *
 * Reference: Górski et al. 2005 §5 (hierarchical NESTED property); healpix_base.cc `query_disc` (inclusive).
 */
export function coneRanges(
  order: number | 'auto',
  raDeg: number,
  decDeg: number,
  radiusDeg: number,
  fineOrder: number = MAX_ORDER,
): PixelRange[] {
  checkOrder(fineOrder);
  checkPosition(raDeg, decDeg);
  if (!(radiusDeg >= 0)) throw new RangeError(`Cone radius must be ≥ 0 degrees, got ${radiusDeg}`);
  const workOrder = order === 'auto' ? chooseConeOrder(radiusDeg, fineOrder) : order;
  checkOrder(workOrder);
  if (workOrder > fineOrder) throw new RangeError(`Cone order ${workOrder} exceeds fine order ${fineOrder}`);

  const radiusRad = Math.min(radiusDeg * RAD_PER_DEG, 2 * Math.PI);
  const decRad = decDeg * RAD_PER_DEG;
  const [cz, cs, cPhi] = [Math.sin(decRad), Math.cos(decRad), raDeg * RAD_PER_DEG];
  const [cx, cy] = [cs * Math.cos(cPhi), cs * Math.sin(cPhi)];
  const ranges: PixelRange[] = [];

  const emit = (level: number, pixel: FacePixel): void => {
    const shift = BigInt(2 * (fineOrder - level));
    const p = faceToNest(level, pixel);
    const [start, end] = [p << shift, (p + 1n) << shift];
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === start) last[1] = end;
    else ranges.push([start, end]);
  };
  const visit = (level: number, pixel: FacePixel): void => {
    const { z, sth, phiDeg } = faceCentre(level, pixel);
    const phi = phiDeg * RAD_PER_DEG;
    const [dx, dy, dz] = [sth * Math.cos(phi) - cx, sth * Math.sin(phi) - cy, z - cz];
    const d2 = dx * dx + dy * dy + dz * dz;
    const pixelRad = MAX_PIXEL_RADIUS_RAD[level] * (1 + PIXEL_RADIUS_MARGIN) + PIXEL_RADIUS_MARGIN_RAD;
    if (d2 > chord2(radiusRad + pixelRad)) return;
    if (level === workOrder || (radiusRad > pixelRad && d2 <= chord2(radiusRad - pixelRad))) {
      emit(level, pixel);
      return;
    }
    // Children in NESTED order: sub-index = (x bit) | (y bit) << 1.
    for (let sub = 0; sub < 4; sub++) {
      visit(level + 1, { face: pixel.face, ix: 2 * pixel.ix + (sub & 1), iy: 2 * pixel.iy + (sub >> 1) });
    }
  };
  for (let face = 0; face < 12; face++) visit(0, { face, ix: 0, iy: 0 });
  return ranges;
}
