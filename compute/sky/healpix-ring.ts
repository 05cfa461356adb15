/**
 * HEALPix RING ↔ NESTED index conversion, one pixel at a time or as a whole-map reordering table (to read
 * RING-ordered sky maps).
 *
 * Reference: Górski K. M. et al. 2005, ApJ 622, 759, §4; healpix_base.cc (xyf2ring, ring2xyf, nest2ring).
 * Hand-written: @hscmap/healpix (npm) keeps indices in JS numbers, which cannot hold order 29 (bigint here).
 */
import {
  checkOrder,
  compact16,
  type FacePixel,
  faceToNest,
  JPLL,
  JRLL,
  MAX_NUMBER_ORDER,
  nestToFace,
} from './healpix-face.js';

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

/** Largest order of {@link nestToRingTable}: 12·4^14 ≈ 3.2e9 indices still fit 32 bits. */
const MAX_TABLE_ORDER = 14;

/**
 * The RING index of every NESTED pixel of an order, to reorder a whole map in one pass (a RING map `ring`
 * becomes NESTED with `nested[p] = ring[table[p]]`). About 100× faster than calling {@link nestToRing} per pixel.
 *
 * @param order 0..14 (an order-9 map, nside 512, gives 3,145,728 entries).
 * @returns `table[nest] = ring`, of length 12·4^order.
 * @throws RangeError for an order outside 0..14.
 *
 * Reference: healpix_base.cc `nest2ring`.
 */
export function nestToRingTable(order: number): Uint32Array {
  checkOrder(order);
  if (order > MAX_TABLE_ORDER) {
    throw new RangeError(`nestToRingTable needs order ≤ ${MAX_TABLE_ORDER}, got ${order}`);
  }
  const nside = 2 ** order;
  const [nl4, npix, ncap] = [4 * nside, 12 * nside * nside, 2 * nside * (nside - 1)];
  const perFace = nside * nside;
  const table = new Uint32Array(npix);
  // faceToRing inlined on Number arithmetic: below order 15 every index is < 2^32 and each in-face index
  // holds ix in its even and iy in its odd bits.
  for (let face = 0; face < 12; face++) {
    for (let sub = 0; sub < perFace; sub++) {
      const ix = compact16(sub);
      const iy = compact16(sub >>> 1);
      const jr = JRLL[face] * nside - ix - iy - 1;
      let nr = nside;
      let before: number;
      let kshift = 0;
      if (jr < nside) {
        nr = jr;
        before = 2 * nr * (nr - 1);
      } else if (jr > 3 * nside) {
        nr = nl4 - jr;
        before = npix - 2 * (nr + 1) * nr;
      } else {
        kshift = (jr - nside) & 1;
        before = ncap + (jr - nside) * nl4;
      }
      let jp = (JPLL[face] * nr + ix - iy + 1 + kshift) / 2;
      if (jp > nl4) jp -= nl4;
      else if (jp < 1) jp += nl4;
      table[face * perFace + sub] = before + jp - 1;
    }
  }
  return table;
}
