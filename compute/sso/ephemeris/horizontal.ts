/**
 * Local coordinates of a direction for a ground observer: hour angle, azimuth, elevation and airmass. Pure.
 * Reference: Meeus 1998, Astronomical Algorithms, 2nd ed., eqs 13.5-13.6 (azimuth here counted from north
 * through east, as astronomy-engine `Horizon`); Kasten & Young 1989, Applied Optics 28, 4735 (airmass).
 */
import { RAD_PER_DEG } from './frames.js';

/** Azimuth and elevation of a direction. */
export interface HorizontalPlace {
  /** Local hour angle (hours), [-12, 12): negative east of the meridian (rising), positive west. */
  readonly hourAngleHours: number;
  /** Azimuth (deg), [0, 360), from north through east (north 0, east 90). */
  readonly azimuthDeg: number;
  /** Elevation above the horizon (deg), [-90, 90], geometric (no refraction). */
  readonly elevationDeg: number;
}

/**
 * Horizontal coordinates from equatorial coordinates of date.
 * @param lastHours local apparent sidereal time (hours).
 * @param raDateDeg right ascension, true equator and equinox of date (deg).
 * @param decDateDeg declination of date (deg), [-90, 90].
 * @param latDeg geodetic latitude of the site (deg).
 * Reference: Meeus 1998 eqs 13.5-13.6, azimuth shifted by 180 deg to count from north.
 */
export function horizontalPlace(
  lastHours: number,
  raDateDeg: number,
  decDateDeg: number,
  latDeg: number,
): HorizontalPlace {
  let hourAngleHours = (lastHours - raDateDeg / 15) % 24;
  if (hourAngleHours < -12) hourAngleHours += 24;
  if (hourAngleHours >= 12) hourAngleHours -= 24;
  const ha = hourAngleHours * 15 * RAD_PER_DEG;
  const dec = decDateDeg * RAD_PER_DEG;
  const lat = latDeg * RAD_PER_DEG;
  const sinEl = Math.sin(lat) * Math.sin(dec) + Math.cos(lat) * Math.cos(dec) * Math.cos(ha);
  const elevationDeg = Math.asin(Math.max(-1, Math.min(1, sinEl))) / RAD_PER_DEG;
  const y = -Math.cos(dec) * Math.sin(ha);
  const x = Math.cos(lat) * Math.sin(dec) - Math.sin(lat) * Math.cos(dec) * Math.cos(ha);
  let azimuthDeg = Math.atan2(y, x) / RAD_PER_DEG;
  if (azimuthDeg < 0) azimuthDeg += 360;
  return { hourAngleHours, azimuthDeg, elevationDeg };
}

/**
 * Relative airmass for a geometric elevation.
 * @param elevationDeg elevation (deg).
 * @returns airmass X = 1 / (cos z + 0.50572 (96.07995 - z)^-1.6364), z = 90 - elevation (deg): 1 at the
 *   zenith, 37.9 at the horizon; NaN when the elevation is below 0 (object below the horizon).
 * Reference: Kasten & Young 1989, Applied Optics 28, 4735, eq. 3.
 */
export function airmass(elevationDeg: number): number {
  if (!(elevationDeg >= 0)) return Number.NaN;
  const zDeg = 90 - elevationDeg;
  return 1 / (Math.cos(zDeg * RAD_PER_DEG) + 0.50572 * (96.07995 - zDeg) ** -1.6364);
}
