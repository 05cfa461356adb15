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
 */

/** Largest supported order: nside = 2^29. */
export const MAX_ORDER = 29;
/** Largest order at which every pixel index is an exact Number (12·4^24 < 2^53). */
export const MAX_NUMBER_ORDER = 24;

/** A sky position (ICRS/J2000 degrees). */
export interface SkyPosition {
  /** Right ascension, 0 ≤ raDeg < 360 (degrees). */
  readonly raDeg: number;
  /** Declination, −90..90 (degrees). */
  readonly decDeg: number;
}

/** A half-open range [start, end) of NESTED pixel indices at one order. */
export type PixelRange = [start: bigint, end: bigint];

const RAD_PER_DEG = Math.PI / 180;
const DEG_PER_RAD = 180 / Math.PI;
const TWO_THIRDS = 2 / 3;
const TWO_POW_32 = 4294967296;
/** Per base face: ring of its southern corner (units of nside) and its longitude (units of π/4). */
const JRLL = [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4] as const;
const JPLL = [1, 3, 5, 7, 0, 2, 4, 6, 1, 3, 5, 7] as const;
/** Relative margin added to the pixel radius in the cone test. */
const PIXEL_RADIUS_MARGIN = 1e-9;
/**
 * Absolute margin (radians) added to the pixel radius in the cone test: absorbs rounding of unit vectors and
 * of positions on pixel boundaries (~1e-16 rad), which matters for order-29 pixels (~2e-9 rad across).
 */
const PIXEL_RADIUS_MARGIN_RAD = 1e-14;

/** A pixel in face coordinates: base face 0..11 and position 0 ≤ ix, iy < nside inside it. */
interface FacePixel {
  readonly face: number;
  readonly ix: number;
  readonly iy: number;
}

function checkOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0 || order > MAX_ORDER) {
    throw new RangeError(`HEALPix order must be an integer in 0..${MAX_ORDER}, got ${order}`);
  }
}

function checkPosition(raDeg: number, decDeg: number): void {
  if (!Number.isFinite(raDeg) || !(decDeg >= -90 && decDeg <= 90)) {
    throw new RangeError(`Invalid sky position: ra ${raDeg} deg, dec ${decDeg} deg`);
  }
}

/** Spreads the 16 low bits of v to the even bits of a 32-bit word. */
function spread16(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  return (x | (x << 1)) & 0x55555555;
}

/** Gathers the even bits of a 32-bit word into 16 bits (inverse of spread16). */
function compact16(v: number): number {
  let x = v & 0x55555555;
  x = (x | (x >>> 1)) & 0x33333333;
  x = (x | (x >>> 2)) & 0x0f0f0f0f;
  x = (x | (x >>> 4)) & 0x00ff00ff;
  return (x | (x >>> 8)) & 0x0000ffff;
}

/** Face pixel of a position (healpix_base loc2pix, with cos(dec) for accuracy near the poles). */
function locate(order: number, raDeg: number, decDeg: number): FacePixel {
  const nside = 2 ** order;
  const decRad = decDeg * RAD_PER_DEG;
  const z = Math.sin(decRad);
  const za = Math.abs(z);
  let tt = raDeg / 90; // longitude in quarter turns, reduced to [0, 4)
  tt -= 4 * Math.floor(tt / 4);
  if (tt >= 4) tt = 0;
  if (za <= TWO_THIRDS) {
    const temp1 = nside * (0.5 + tt);
    const temp2 = nside * (z * 0.75);
    const jp = Math.floor(temp1 - temp2); // index of the ascending edge line
    const jm = Math.floor(temp1 + temp2); // index of the descending edge line
    const ifp = Math.floor(jp / nside);
    const ifm = Math.floor(jm / nside);
    const face = ifp === ifm ? ifp | 4 : ifp < ifm ? ifp : ifm + 8;
    return { face, ix: jm - ifm * nside, iy: nside - (jp - ifp * nside) - 1 };
  }
  const ntt = Math.min(3, Math.floor(tt));
  const tp = tt - ntt;
  // nside·sqrt(3(1 − |z|)), written with cos(dec) = sqrt(1 − z²) to keep precision when |z| → 1.
  const tmp = (nside * Math.cos(decRad)) / Math.sqrt((1 + za) / 3);
  const jp = Math.min(nside - 1, Math.floor(tp * tmp));
  const jm = Math.min(nside - 1, Math.floor((1 - tp) * tmp));
  return z >= 0 ? { face: ntt, ix: nside - jm - 1, iy: nside - jp - 1 } : { face: ntt + 8, ix: jp, iy: jm };
}

/** NESTED index of a face pixel: face offset plus the bit interleave of ix (even bits) and iy (odd). */
function faceToNest(order: number, { face, ix, iy }: FacePixel): bigint {
  const lo = (spread16(ix) | (spread16(iy) << 1)) >>> 0;
  const hi = spread16(ix >>> 16) | (spread16(iy >>> 16) << 1);
  // Below order 25 the index is < 2^53: one exact Number, one conversion.
  if (order <= MAX_NUMBER_ORDER) return BigInt(face * 4 ** order + hi * TWO_POW_32 + lo);
  return (BigInt(face * 2 ** (2 * order - 32) + hi) << 32n) | BigInt(lo);
}

/** Face pixel of a NESTED index (validated). */
function nestToFace(order: number, pix: bigint | number): FacePixel {
  checkOrder(order);
  let face: number;
  let rest: bigint | number;
  if (typeof pix === 'number') {
    if (!Number.isSafeInteger(pix)) throw new RangeError(`Pixel index must be a safe integer, got ${pix}`);
    face = Math.floor(pix / 4 ** order);
    rest = pix - face * 4 ** order;
  } else {
    face = Number(pix >> BigInt(2 * order));
    rest = pix & ((1n << BigInt(2 * order)) - 1n);
  }
  if (pix < 0 || face > 11) throw new RangeError(`Pixel index ${pix} out of range at order ${order}`);
  const hi = typeof rest === 'number' ? Math.floor(rest / TWO_POW_32) : Number(rest >> 32n);
  const lo = typeof rest === 'number' ? rest - hi * TWO_POW_32 : Number(rest & 0xffffffffn);
  return {
    face,
    ix: compact16(lo) + compact16(hi) * 65536,
    iy: compact16(lo >>> 1) + compact16(hi >>> 1) * 65536,
  };
}

/** Unit vector and angles of a face pixel's centre (healpix_base pix2loc). */
function faceCentre(order: number, { face, ix, iy }: FacePixel): { z: number; sth: number; phiDeg: number } {
  const nside = 2 ** order;
  const jr = JRLL[face] * nside - ix - iy - 1; // ring number counted from the north pole
  let nr: number;
  let z: number;
  let sth: number;
  if (jr < nside || jr > 3 * nside) {
    nr = jr < nside ? jr : 4 * nside - jr;
    const r = nr / nside;
    const tmp = (r * r) / 3; // 1 − |z|
    z = jr < nside ? 1 - tmp : tmp - 1;
    sth = Math.sqrt(tmp * (2 - tmp));
  } else {
    nr = nside;
    z = ((2 * nside - jr) * 2) / (3 * nside);
    sth = Math.sqrt((1 - z) * (1 + z));
  }
  let t = JPLL[face] * nr + ix - iy;
  if (t < 0) t += 8 * nr;
  return { z, sth, phiDeg: (45 * t) / nr };
}

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

/** RING index of a face pixel (healpix_base xyf2ring); a Number when order ≤ 24. */
function faceToRing(order: number, { face, ix, iy }: FacePixel): bigint | number {
  const nside = 2 ** order;
  const nl4 = 4 * nside;
  const jr = JRLL[face] * nside - ix - iy - 1;
  const region = jr < nside ? 'north' : jr > 3 * nside ? 'south' : 'equator';
  const nr = region === 'north' ? jr : region === 'south' ? nl4 - jr : nside;
  const kshift = region === 'equator' ? (jr - nside) & 1 : 0;
  let jp = (JPLL[face] * nr + ix - iy + 1 + kshift) / 2;
  if (jp > nl4) jp -= nl4;
  else if (jp < 1) jp += nl4;
  if (order <= MAX_NUMBER_ORDER) {
    const npix = 12 * nside * nside;
    const ncap = 2 * nside * (nside - 1);
    const before =
      region === 'north'
        ? 2 * nr * (nr - 1)
        : region === 'south'
          ? npix - 2 * (nr + 1) * nr
          : ncap + (jr - nside) * nl4;
    return before + jp - 1;
  }
  const [bn, bnr] = [BigInt(nside), BigInt(nr)];
  const before =
    region === 'north'
      ? 2n * bnr * (bnr - 1n)
      : region === 'south'
        ? 12n * bn * bn - 2n * (bnr + 1n) * bnr
        : 2n * bn * (bn - 1n) + BigInt(jr - nside) * 4n * bn;
  return before + BigInt(jp - 1);
}

/** Integer square root, floor(sqrt(v)), exact for bigint arguments. */
function isqrt(v: bigint): bigint {
  let r = BigInt(Math.floor(Math.sqrt(Number(v))));
  while (r * r > v) r -= 1n;
  while ((r + 1n) * (r + 1n) <= v) r += 1n;
  return r;
}

/** Face pixel of a RING index (healpix_base ring2xyf); ring arithmetic in bigint, the rest in Number. */
function ringToFace(order: number, pix: bigint): FacePixel {
  const nside = 2 ** order;
  const bn = BigInt(nside);
  const npix = 12n * bn * bn;
  const ncap = 2n * bn * (bn - 1n);
  if (pix < 0n || pix >= npix) throw new RangeError(`Pixel index ${pix} out of range at order ${order}`);
  let iring: number;
  let iphi: number;
  let nr: number;
  let kshift = 0;
  let face: number;
  if (pix < ncap) {
    const ring = (1n + isqrt(1n + 2n * pix)) >> 1n;
    iring = Number(ring);
    iphi = Number(pix + 1n - 2n * ring * (ring - 1n));
    nr = iring;
    face = Math.floor((iphi - 1) / nr);
  } else if (pix < npix - ncap) {
    const ip = pix - ncap;
    const tmp = Number(ip >> BigInt(order + 2));
    iring = tmp + nside;
    iphi = Number(ip - BigInt(tmp) * 4n * bn) + 1;
    kshift = (iring + nside) & 1;
    nr = nside;
    const ire = tmp + 1;
    const irm = 2 * nside + 2 - ire;
    const ifm = Math.floor((iphi - Math.floor(ire / 2) + nside - 1) / nside);
    const ifp = Math.floor((iphi - Math.floor(irm / 2) + nside - 1) / nside);
    face = ifp === ifm ? ifp | 4 : ifp < ifm ? ifp : ifm + 8;
  } else {
    const ip = npix - pix;
    const ring = (1n + isqrt(2n * ip - 1n)) >> 1n;
    nr = Number(ring);
    iphi = Number(4n * ring + 1n - (ip - 2n * ring * (ring - 1n)));
    iring = 4 * nside - nr;
    face = Math.floor((iphi - 1) / nr) + 8;
  }
  const irt = iring - JRLL[face] * nside + 1;
  let ipt = 2 * iphi - JPLL[face] * nr - kshift - 1;
  if (ipt >= 2 * nside) ipt -= 8 * nside;
  return { face, ix: (ipt - irt) / 2, iy: (-ipt - irt) / 2 };
}

function checkNumberOrder(order: number): void {
  if (order > MAX_NUMBER_ORDER) {
    throw new RangeError(
      `Number pixel indices need order ≤ ${MAX_NUMBER_ORDER}, got ${order}: pass a bigint`,
    );
  }
}

/**
 * Converts a NESTED index to the RING index of the same pixel (to read RING-ordered sky maps).
 *
 * @param order 0..29; a Number index needs order ≤ 24.
 * @param pix NESTED index, 0 ≤ pix < 12·4^order.
 * @returns the RING index, of the same type as `pix`.
 * @throws RangeError for an invalid order or index.
 *
 * Reference: healpix_base.cc `nest2ring` (nest2xyf, xyf2ring).
 */
export function nestToRing(order: number, pix: bigint): bigint;
export function nestToRing(order: number, pix: number): number;
export function nestToRing(order: number, pix: bigint | number): bigint | number {
  if (typeof pix === 'number') checkNumberOrder(order);
  const ring = faceToRing(order, nestToFace(order, pix));
  return typeof pix === 'number' ? Number(ring) : BigInt(ring);
}

/**
 * Converts a RING index to the NESTED index of the same pixel.
 *
 * @param order 0..29; a Number index needs order ≤ 24.
 * @param pix RING index, 0 ≤ pix < 12·4^order.
 * @returns the NESTED index, of the same type as `pix`.
 * @throws RangeError for an invalid order or index.
 *
 * Reference: healpix_base.cc `ring2nest` (ring2xyf, xyf2nest).
 */
export function ringToNest(order: number, pix: bigint): bigint;
export function ringToNest(order: number, pix: number): number;
export function ringToNest(order: number, pix: bigint | number): bigint | number {
  checkOrder(order);
  if (typeof pix === 'number') {
    checkNumberOrder(order);
    if (!Number.isSafeInteger(pix)) throw new RangeError(`Pixel index must be a safe integer, got ${pix}`);
  }
  const nest = faceToNest(order, ringToFace(order, BigInt(pix)));
  return typeof pix === 'number' ? Number(nest) : nest;
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
