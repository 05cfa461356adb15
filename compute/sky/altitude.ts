/**
 * Geometric altitude of a fixed ICRS direction seen from a ground site: the direction precessed and nutated to the
 * true equator of date, then rotated to the site's horizon (no refraction), as astropy's `AltAz` without pressure.
 * Used by the portal's observability view (compute/sky/observability.ts) and the LSST airmass tag
 * (compute/classify/lsst-tags/airmass.ts). Pure.
 * Reference: astronomy-engine 2.1 (`Rotation_EQJ_EQD`, `Horizon`).
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
import { JD_J2000 } from '../sso/ephemeris/index.js';

/** Where a site is: geodetic latitude (deg, −90 to 90), east longitude (deg, −180 to 360), height (m). */
export interface SiteLocation {
  readonly latDeg: number;
  readonly lonDeg: number;
  readonly heightM: number;
}

const DEG_PER_HOUR = 15;

/**
 * Altitude of a direction above a site's horizon.
 * @param raDeg, decDeg ICRS (J2000) direction (deg); @param site the site; @param jd time (JD UTC).
 * @returns the geometric altitude (deg, −90 to 90; no refraction).
 */
export function altitudeDeg(raDeg: number, decDeg: number, site: SiteLocation, jd: number): number {
  // astronomy-engine counts days from J2000.0
  const time = new AstroTime(jd - JD_J2000);
  const ofDate = SphereFromVector(
    RotateVector(Rotation_EQJ_EQD(time), VectorFromSphere(new Spherical(decDeg, raDeg, 1), time)),
  );
  const observer = new Observer(site.latDeg, site.lonDeg, site.heightM);
  return Horizon(time, observer, ofDate.lon / DEG_PER_HOUR, ofDate.lat).altitude;
}
