/**
 * Airmass (sec z) of a J2000 (ICRS) direction seen from Rubin Observatory on Cerro Pachón, as fink-filters'
 * `mdwarf_flare` computes it with astropy (`SkyCoord.transform_to(AltAz(location=EarthLocation.of_site(
 * "Cerro Pachon"))).secz`): precession and nutation to the equator of date, geometric altitude (no refraction).
 *
 * Reference: fink-filters 7.40 `rubin/livestream/filter_mdwarf_flare/filter.py` (`coord_to_airmass`); site from
 * astropy-data `coordinates/sites.json` ("Cerro Pachon"); the altitude: compute/sky/altitude.ts.
 */
import { altitudeDeg } from '../../sky/index.js';
import { mjdTaiToJdUtc } from '../../time/index.js';

/** Cerro Pachón as astropy names it: geodetic latitude, east longitude (deg) and height (m). */
const CERRO_PACHON = { latDeg: -30.240741666666672, lonDeg: -70.7366833333333, heightM: 2750 };
const RAD_PER_DEG = Math.PI / 180;

/**
 * sec z of a direction at Cerro Pachón.
 * @param raDeg, decDeg ICRS position (deg); @param mjdTai time (MJD TAI).
 * @returns sec z (≥ 1 above the horizon; negative below it, as astropy's `secz`).
 */
export function airmassAtCerroPachon(raDeg: number, decDeg: number, mjdTai: number): number {
  const altitude = altitudeDeg(raDeg, decDeg, CERRO_PACHON, mjdTaiToJdUtc(mjdTai));
  return 1 / Math.cos((90 - altitude) * RAD_PER_DEG);
}
