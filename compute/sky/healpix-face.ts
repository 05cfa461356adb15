/**
 * HEALPix primitives shared by the NESTED and RING modules of this folder: a pixel as (base face, ix, iy),
 * conversion of positions and NESTED indices to and from it, and pixel centres. Internal to compute/sky: other
 * folders import from the index.
 *
 * Reference: Górski K. M. et al. 2005, ApJ 622, 759; healpix_base.cc (loc2pix, pix2loc, nest2xyf, xyf2nest).
 * Hand-written: @hscmap/healpix (npm) keeps indices in JS numbers, which cannot hold order 29 (bigint here).
 */
/** Largest supported order: nside = 2^29. */
export const MAX_ORDER = 29;
/** Largest order at which every pixel index is an exact Number (12·4^24 < 2^53). */
export const MAX_NUMBER_ORDER = 24;

/** Angle conversion factors. */
export const RAD_PER_DEG = Math.PI / 180;
export const DEG_PER_RAD = 180 / Math.PI;
/** |z| of the boundary between the polar caps and the equatorial belt. */
export const TWO_THIRDS = 2 / 3;
/** 2^32, to split indices into 32-bit words. */
export const TWO_POW_32 = 4294967296;
/** Per base face: ring of its southern corner (units of nside) and its longitude (units of π/4). */
export const JRLL = [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4] as const;
export const JPLL = [1, 3, 5, 7, 0, 2, 4, 6, 1, 3, 5, 7] as const;

/** A pixel in face coordinates: base face 0..11 and position 0 ≤ ix, iy < nside inside it. */
export interface FacePixel {
  readonly face: number;
  readonly ix: number;
  readonly iy: number;
}

/** Throws RangeError unless order is an integer in 0..MAX_ORDER. */
export function checkOrder(order: number): void {
  if (!Number.isInteger(order) || order < 0 || order > MAX_ORDER) {
    throw new RangeError(`HEALPix order must be an integer in 0..${MAX_ORDER}, got ${order}`);
  }
}

/** Throws RangeError unless raDeg is finite and decDeg in −90..90. */
export function checkPosition(raDeg: number, decDeg: number): void {
  if (!Number.isFinite(raDeg) || !(decDeg >= -90 && decDeg <= 90)) {
    throw new RangeError(`Invalid sky position: ra ${raDeg} deg, dec ${decDeg} deg`);
  }
}

/** Spreads the 16 low bits of v to the even bits of a 32-bit word. */
export function spread16(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  return (x | (x << 1)) & 0x55555555;
}

/** Gathers the even bits of a 32-bit word into 16 bits (inverse of spread16). */
export function compact16(v: number): number {
  let x = v & 0x55555555;
  x = (x | (x >>> 1)) & 0x33333333;
  x = (x | (x >>> 2)) & 0x0f0f0f0f;
  x = (x | (x >>> 4)) & 0x00ff00ff;
  return (x | (x >>> 8)) & 0x0000ffff;
}

/** Face pixel of a position (healpix_base loc2pix, with cos(dec) for accuracy near the poles). */
export function locate(order: number, raDeg: number, decDeg: number): FacePixel {
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
export function faceToNest(order: number, { face, ix, iy }: FacePixel): bigint {
  const lo = (spread16(ix) | (spread16(iy) << 1)) >>> 0;
  const hi = spread16(ix >>> 16) | (spread16(iy >>> 16) << 1);
  // Below order 25 the index is < 2^53: one exact Number, one conversion.
  if (order <= MAX_NUMBER_ORDER) return BigInt(face * 4 ** order + hi * TWO_POW_32 + lo);
  return (BigInt(face * 2 ** (2 * order - 32) + hi) << 32n) | BigInt(lo);
}

/** Face pixel of a NESTED index (validated). */
export function nestToFace(order: number, pix: bigint | number): FacePixel {
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
export function faceCentre(
  order: number,
  { face, ix, iy }: FacePixel,
): { z: number; sth: number; phiDeg: number } {
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
