/**
 * Observability of a fixed direction from a ground site over one night: altitude and airmass every few minutes,
 * the Sun's altitude (twilight) and the Moon's distance from the direction and its illuminated fraction. Pure
 * (astronomy-engine for the Sun, the Moon, sidereal time, precession and nutation; the direction's altitude is
 * compute/sky/altitude.ts, shared with the LSST airmass tag).
 * Reference: astronomy-engine 2.1 (`Horizon`, `Equator`, `Illumination`, `Rotation_EQJ_EQD`); airmass: Kasten &
 * Young 1989, Applied Optics 28, 4735 (compute/sso/ephemeris `airmass`). Fink's Science Portal offers the same view
 * (`apps/observability/`, with astroplan).
 */
import {
  AngleBetween,
  AstroTime,
  Body,
  Equator,
  Horizon,
  Illumination,
  Observer,
  Spherical,
  VectorFromSphere,
} from 'astronomy-engine';
import { airmass, JD_J2000 } from '../sso/ephemeris/index.js';
import { altitudeDeg, type SiteLocation } from './altitude.js';

/** A ground site with its name: geodetic latitude, east longitude (deg, −180 to 360) and height (m). */
export interface ObservingSite extends SiteLocation {
  readonly name: string;
}

/**
 * Observatories offered by the portal (positions from astropy-data `coordinates/sites.json`, rounded to 0.0001°).
 */
export const OBSERVING_SITES: readonly ObservingSite[] = [
  { name: 'Palomar (ZTF)', latDeg: 33.3563, lonDeg: -116.8648, heightM: 1706 },
  { name: 'Cerro Pachón (Rubin)', latDeg: -30.2407, lonDeg: -70.7367, heightM: 2750 },
  { name: 'La Silla', latDeg: -29.2567, lonDeg: -70.73, heightM: 2347 },
  { name: 'Paranal', latDeg: -24.6272, lonDeg: -70.4042, heightM: 2635 },
  { name: 'Roque de los Muchachos', latDeg: 28.7606, lonDeg: -17.8814, heightM: 2327 },
  { name: 'Calar Alto', latDeg: 37.2236, lonDeg: -2.5463, heightM: 2168 },
  { name: 'Observatoire de Haute-Provence', latDeg: 43.9308, lonDeg: 5.7133, heightM: 650 },
  { name: 'Mauna Kea', latDeg: 19.8261, lonDeg: -155.4719, heightM: 4160 },
  { name: 'Kitt Peak', latDeg: 31.9583, lonDeg: -111.5967, heightM: 2120 },
  { name: 'Siding Spring', latDeg: -31.2733, lonDeg: 149.0617, heightM: 1165 },
  { name: 'SAAO Sutherland', latDeg: -32.3794, lonDeg: 20.8107, heightM: 1798 },
];

/** The night's samples; arrays aligned with `jd`. */
export interface NightObservability {
  /** Sample times (JD UTC), from local noon to the next local noon. */
  readonly jd: Float64Array;
  /** Geometric altitude of the direction (deg, no refraction). */
  readonly altitudeDeg: Float64Array;
  /** Airmass (Kasten & Young 1989); NaN below the horizon. */
  readonly airmass: Float64Array;
  /** Altitude of the Sun's centre (deg): below −18 is astronomical night. */
  readonly sunAltitudeDeg: Float64Array;
  /** Angle between the direction and the Moon (deg). */
  readonly moonSeparationDeg: Float64Array;
  /** Illuminated fraction of the Moon at local midnight, [0, 1]. */
  readonly moonIlluminatedFraction: number;
}

const DEG_PER_HOUR = 15;
const MINUTES_PER_DAY = 1440;

/**
 * JD (UTC) of local mean noon at a site on a UTC calendar date (the start of that date's night).
 * @param dateJd any JD (UTC) within the calendar date (its UTC day is used); @param lonDeg east longitude (deg).
 */
export function localNoonJd(dateJd: number, lonDeg: number): number {
  const midnightUtc = Math.floor(dateJd - 0.5) + 0.5;
  const lon = ((((lonDeg + 180) % 360) + 360) % 360) - 180;
  return midnightUtc + 0.5 - lon / DEG_PER_HOUR / 24;
}

/**
 * Altitude, airmass, Sun altitude and Moon distance of a direction over the night starting at local noon.
 * @param raDeg, decDeg ICRS direction (deg); @param site the observatory; @param dateJd a JD (UTC) in the UTC date
 *   whose night is wanted; @param stepMinutes sampling step (minutes, > 0; default 10).
 */
export function nightObservability(
  raDeg: number,
  decDeg: number,
  site: ObservingSite,
  dateJd: number,
  stepMinutes = 10,
): NightObservability {
  const observer = new Observer(site.latDeg, site.lonDeg, site.heightM);
  const startJd = localNoonJd(dateJd, site.lonDeg);
  const count = Math.floor(MINUTES_PER_DAY / stepMinutes) + 1;
  const out = {
    jd: new Float64Array(count),
    altitudeDeg: new Float64Array(count),
    airmass: new Float64Array(count),
    sunAltitudeDeg: new Float64Array(count),
    moonSeparationDeg: new Float64Array(count),
  };
  for (let k = 0; k < count; k++) {
    const jd = startJd + (k * stepMinutes) / MINUTES_PER_DAY;
    const time = new AstroTime(jd - JD_J2000);
    const j2000 = VectorFromSphere(new Spherical(decDeg, raDeg, 1), time);
    const altitude = altitudeDeg(raDeg, decDeg, site, jd);
    const sun = Equator(Body.Sun, time, observer, true, true);
    const moon = Equator(Body.Moon, time, observer, false, true);
    out.jd[k] = jd;
    out.altitudeDeg[k] = altitude;
    out.airmass[k] = airmass(altitude);
    out.sunAltitudeDeg[k] = Horizon(time, observer, sun.ra, sun.dec).altitude;
    out.moonSeparationDeg[k] = AngleBetween(j2000, moon.vec);
  }
  const midnight = new AstroTime(startJd + 0.5 - JD_J2000);
  return { ...out, moonIlluminatedFraction: Illumination(Body.Moon, midnight).phase_fraction };
}
