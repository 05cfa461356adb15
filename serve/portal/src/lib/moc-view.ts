/**
 * Where to point the sky viewer to show a MOC region: the region's cell nearest to the area-weighted mean
 * direction of its cells (so that a ring-shaped region, whose mean lies outside it, is still in the middle of the
 * view) and a field of view holding every cell. Cell centres come from the project's HEALPix (compute/sky/healpix.ts, pure).
 * Reference: IVOA MOC 2.0 (2022) (NESTED cells per order); Górski et al. 2005, ApJ 622, 759.
 */
import { pix2angNest } from '../../../../compute/sky/healpix.js';

const RAD = Math.PI / 180;

/** A view: centre (deg) and field of view (deg). */
export interface SkyView {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly fovDeg: number;
}

/**
 * The view of a MOC (`{"order": [NESTED cells]}`).
 * @returns centre (a cell centre) and a field of view of 2.2 × the largest centre-to-cell distance plus the largest cell,
 *   within [0.5, 360] deg; null for an empty MOC or one whose cells average to no direction (e.g. the whole sky).
 */
export function mocView(moc: Readonly<Record<string, readonly number[]>>): SkyView | null {
  const centres: { x: number; y: number; z: number; cellDeg: number }[] = [];
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (const [orderText, cells] of Object.entries(moc)) {
    const order = Number(orderText);
    const weight = 4 ** -order;
    const cellDeg = Math.sqrt(41252.96 / (12 * 4 ** order));
    for (const cell of cells) {
      const { raDeg, decDeg } = pix2angNest(order, cell);
      const c = {
        x: Math.cos(decDeg * RAD) * Math.cos(raDeg * RAD),
        y: Math.cos(decDeg * RAD) * Math.sin(raDeg * RAD),
        z: Math.sin(decDeg * RAD),
        cellDeg,
      };
      centres.push(c);
      sx += weight * c.x;
      sy += weight * c.y;
      sz += weight * c.z;
    }
  }
  const norm = Math.hypot(sx, sy, sz);
  if (centres.length === 0 || norm < 1e-9) return null;
  // the cell nearest to the mean direction becomes the centre
  let centre = centres[0];
  let best = -2;
  for (const c of centres) {
    const dot = (c.x * sx + c.y * sy + c.z * sz) / norm;
    if (dot > best) {
      best = dot;
      centre = c;
    }
  }
  let radiusDeg = 0;
  let largestCell = 0;
  for (const c of centres) {
    const dot = Math.max(-1, Math.min(1, c.x * centre.x + c.y * centre.y + c.z * centre.z));
    radiusDeg = Math.max(radiusDeg, Math.acos(dot) / RAD);
    largestCell = Math.max(largestCell, c.cellDeg);
  }
  return {
    raDeg: (((Math.atan2(centre.y, centre.x) / RAD) % 360) + 360) % 360,
    decDeg: Math.asin(Math.max(-1, Math.min(1, centre.z))) / RAD,
    fovDeg: Math.min(360, Math.max(0.5, 2.2 * radiusDeg + largestCell)),
  };
}
