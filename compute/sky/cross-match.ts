/**
 * Positional cross-matching of a catalogue against a stream of sky positions, by the zones algorithm: the
 * catalogue's rows are split into declination zones one match radius high, each zone sorted by right ascension;
 * a streamed position looks at the (at most three) zones within the radius of its declination, takes the right
 * ascension interval the radius spans there by binary search (wrapping at 0/360°; the whole zone near a pole),
 * and measures the exact angular distance to each candidate.
 *
 * Reference: Gray, Nieto-Santisteban & Szalay 2007, "The Zones Algorithm for Finding Points-Near-a-Point or
 * Cross-Matching Spatial Datasets", arXiv:cs/0701171; haversine distance, Sinnott 1984, Sky & Telescope 68, 159.
 */
import { lowerBound, upperBound } from '../sorted-search.js';
import { RAD_PER_DEG } from './healpix-face.js';

/** Zones are at least this high (degrees): tiny radii would otherwise make one zone per row. */
const MIN_ZONE_HEIGHT_DEG = 1 / 3600;

/** Angular distance (degrees) between two positions (degrees), haversine form (stable at small angles). */
export function separationDeg(ra1Deg: number, dec1Deg: number, ra2Deg: number, dec2Deg: number): number {
  const sinDec = Math.sin(((dec1Deg - dec2Deg) * RAD_PER_DEG) / 2);
  const sinRa = Math.sin(((ra1Deg - ra2Deg) * RAD_PER_DEG) / 2);
  const h =
    sinDec * sinDec + Math.cos(dec1Deg * RAD_PER_DEG) * Math.cos(dec2Deg * RAD_PER_DEG) * sinRa * sinRa;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD_PER_DEG;
}

/** The rows of one declination zone, sorted by right ascension. */
interface Zone {
  readonly rows: Int32Array;
  readonly raDeg: Float64Array;
}

/** Catalogue positions in declination zones, for matching within a fixed radius. */
export class PositionIndex {
  /** Zone height (degrees). */
  readonly zoneHeightDeg: number;
  private readonly zones = new Map<number, Zone>();
  private readonly ra: Float64Array;

  /**
   * @param raDeg right ascensions of the catalogue rows (degrees, finite; wrapped into [0, 360)).
   * @param decDeg declinations (degrees, −90..90), aligned with raDeg.
   * @param radiusDeg match radius (degrees, > 0).
   * @throws RangeError for a radius ≤ 0 or arrays of different lengths (validate input first).
   */
  constructor(
    raDeg: ArrayLike<number>,
    private readonly decDeg: ArrayLike<number>,
    readonly radiusDeg: number,
  ) {
    if (!(radiusDeg > 0)) throw new RangeError(`match radius must be > 0 degrees, got ${radiusDeg}`);
    if (raDeg.length !== decDeg.length) throw new RangeError('raDeg and decDeg must have the same length');
    this.zoneHeightDeg = Math.max(radiusDeg, MIN_ZONE_HEIGHT_DEG);
    this.ra = Float64Array.from(raDeg, (ra) => ((ra % 360) + 360) % 360);
    const members = new Map<number, number[]>();
    for (let row = 0; row < this.ra.length; row++) {
      const z = this.zoneOf(decDeg[row]);
      const list = members.get(z);
      if (list) list.push(row);
      else members.set(z, [row]);
    }
    for (const [z, list] of members) {
      list.sort((a, b) => this.ra[a] - this.ra[b]);
      const rows = Int32Array.from(list);
      this.zones.set(z, { rows, raDeg: Float64Array.from(list, (r) => this.ra[r]) });
    }
  }

  /** Number of catalogue rows. */
  get size(): number {
    return this.ra.length;
  }

  private zoneOf(decDeg: number): number {
    return Math.floor((decDeg + 90) / this.zoneHeightDeg);
  }

  /**
   * Calls `visit` with each catalogue row within the radius of a position and its distance (degrees).
   *
   * @param raDeg right ascension (degrees, finite).
   * @param decDeg declination (degrees, −90..90).
   */
  matches(raDeg: number, decDeg: number, visit: (row: number, separationDeg: number) => void): void {
    const r = this.radiusDeg;
    const ra = ((raDeg % 360) + 360) % 360;
    const maxAbsDec = Math.min(90, Math.max(Math.abs(decDeg - r), Math.abs(decDeg + r)));
    const cosMax = Math.cos(maxAbsDec * RAD_PER_DEG);
    // half-width in RA of the disc: asin(sin r / cos δmax) bounds it; the whole circle near a pole
    const sinR = Math.sin(r * RAD_PER_DEG);
    const halfWidth = sinR < cosMax ? Math.asin(sinR / cosMax) / RAD_PER_DEG + 1e-9 : 180;
    for (let z = this.zoneOf(decDeg - r); z <= this.zoneOf(decDeg + r); z++) {
      const zone = this.zones.get(z);
      if (zone === undefined) continue;
      if (halfWidth >= 180) {
        this.check(zone, 0, zone.rows.length, ra, decDeg, visit);
        continue;
      }
      const lo = ra - halfWidth;
      const hi = ra + halfWidth;
      this.check(
        zone,
        lowerBound(zone.raDeg, Math.max(lo, 0)),
        upperBound(zone.raDeg, Math.min(hi, 360)),
        ra,
        decDeg,
        visit,
      );
      if (lo < 0) this.check(zone, lowerBound(zone.raDeg, lo + 360), zone.rows.length, ra, decDeg, visit);
      if (hi >= 360) this.check(zone, 0, upperBound(zone.raDeg, hi - 360), ra, decDeg, visit);
    }
  }

  private check(
    zone: Zone,
    from: number,
    to: number,
    raDeg: number,
    decDeg: number,
    visit: (row: number, separationDeg: number) => void,
  ): void {
    for (let i = from; i < to; i++) {
      const row = zone.rows[i];
      if (Math.abs(this.decDeg[row] - decDeg) > this.radiusDeg) continue;
      const d = separationDeg(raDeg, decDeg, this.ra[row], this.decDeg[row]);
      if (d <= this.radiusDeg) visit(row, d);
    }
  }
}
