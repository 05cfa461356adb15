/**
 * Airmass (sec z) of a J2000 (ICRS) direction seen from Rubin Observatory on Cerro Pachón, as fink-filters'
 * `mdwarf_flare` computes it with astropy (`SkyCoord.transform_to(AltAz(location=EarthLocation.of_site(
 * "Cerro Pachon"))).secz`): precession and nutation to the equator of date, geometric altitude (no refraction).
 *
 * Reference: fink-filters 7.40 `rubin/livestream/filter_mdwarf_flare/filter.py` (`coord_to_airmass`); site from
 * astropy-data `coordinates/sites.json` ("Cerro Pachon"); astronomy-engine `Rotation_EQJ_EQD`, `Horizon`.
 */
import {
  AstroTime,
  Horizon,
  Observer,
  RotateVector,
  Rotation_EQJ_EQD,
  SphereFromVector,
  Spherical,
  VectorFromSphere,
} from 'astronomy-engine';
import { mjdTaiToJdUtc } from '../../time/index.js';

/** Cerro Pachón as astropy names it: geodetic latitude, east longitude (deg) and height (m). */
const CERRO_PACHON = new Observer(-30.240741666666672, -70.7366833333333, 2750);
/** JD of the J2000.0 epoch (astronomy-engine counts days from it). */
const JD_J2000 = 2451545.0;
const RAD_PER_DEG = Math.PI / 180;

/**
 * sec z of a direction at Cerro Pachón.
 * @param raDeg, decDeg ICRS position (deg); @param mjdTai time (MJD TAI).
 * @returns sec z (≥ 1 above the horizon; negative below it, as astropy's `secz`).
 */
export function airmassAtCerroPachon(raDeg: number, decDeg: number, mjdTai: number): number {
  const time = new AstroTime(mjdTaiToJdUtc(mjdTai) - JD_J2000);
  const ofDate = SphereFromVector(
    RotateVector(Rotation_EQJ_EQD(time), VectorFromSphere(new Spherical(decDeg, raDeg, 1), time)),
  );
  const altitudeDeg = Horizon(time, CERRO_PACHON, ofDate.lon / 15, ofDate.lat).altitude;
  return 1 / Math.cos((90 - altitudeDeg) * RAD_PER_DEG);
}
