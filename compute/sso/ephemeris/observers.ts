/**
 * Observatories by MPC code and the heliocentric position and velocity of an observer: Earth centre from
 * astronomy-engine (VSOP87) plus the site vector from the MPC parallax constants rotated by the apparent
 * sidereal time and brought from the true equator of date to EQJ. Pure.
 * Reference: MPC List of Observatory Codes (parallax constants); docs/references.md#ephemeris-algorithm step 4.
 */
import {
  AstroTime,
  Body,
  HelioState,
  Rotation_EQD_EQJ,
  type RotationMatrix,
  SiderealTime,
} from 'astronomy-engine';
import { JD_J2000, KM_PER_AU, RAD_PER_DEG } from './frames.js';

/** MPC codes known to the ephemeris code. */
export type ObserverCode = 'I41' | '675' | 'M22' | 'X05' | '500';

/** An observatory in the MPC form. */
export interface ObserverSite {
  readonly code: ObserverCode;
  readonly name: string;
  /** East longitude (deg), [0, 360). */
  readonly lonDeg: number;
  /** rho cos(phi'), geocentric, in Earth equatorial radii (6378.137 km). */
  readonly rhoCosPhi: number;
  /** rho sin(phi'), geocentric, in Earth equatorial radii; negative south of the equator. */
  readonly rhoSinPhi: number;
}

/**
 * The observatory table. I41, 675 and X05 (Rubin) are the MPC values (docs/references.md#ephemeris-algorithm step 4). M22 (ATLAS Sutherland) is
 * computed from the geodetic position of the Sutherland plateau (lat -32.3800, lon 20.8101 E, height 1770 m),
 * within about 1 km of the telescope (not the MPC line). 500 is the geocentre.
 */
export const OBSERVERS: Readonly<Record<ObserverCode, ObserverSite>> = {
  I41: {
    code: 'I41',
    name: 'Palomar Mountain--ZTF',
    lonDeg: 243.14022,
    rhoCosPhi: 0.836325,
    rhoSinPhi: 0.546877,
  },
  '675': {
    code: '675',
    name: 'Palomar Mountain',
    lonDeg: 243.13746,
    rhoCosPhi: 0.836357,
    rhoSinPhi: 0.546831,
  },
  M22: {
    code: 'M22',
    name: 'ATLAS South Africa, Sutherland',
    lonDeg: 20.8101,
    rhoCosPhi: 0.845561,
    rhoSinPhi: -0.532607,
  },
  X05: {
    code: 'X05',
    name: 'Simonyi Survey Telescope, Rubin Observatory',
    lonDeg: 289.25058,
    rhoCosPhi: 0.864981,
    rhoSinPhi: -0.500958,
  },
  '500': { code: '500', name: 'Geocentric', lonDeg: 0, rhoCosPhi: 0, rhoSinPhi: 0 },
};

/**
 * Looks an observatory up by MPC code.
 * @param code MPC code, e.g. "I41" (case-sensitive, as the MPC writes it).
 * @returns the site, or null when the code is not in `OBSERVERS`.
 */
export function findObserver(code: string): ObserverSite | null {
  return Object.hasOwn(OBSERVERS, code) ? OBSERVERS[code as ObserverCode] : null;
}

/** Earth equatorial radius (km), the unit of the MPC parallax constants. */
export const EARTH_EQUATORIAL_RADIUS_KM = 6378.137;
/** WGS84 flattening. */
const WGS84_FLATTENING = 1 / 298.257223563;
/** Earth rotation rate (rad/day): 7.2921150e-5 rad/s (IERS). */
const EARTH_ROTATION_RAD_PER_DAY = 7.292115e-5 * 86400;

/**
 * Geodetic latitude and height of a site from its parallax constants (WGS84 ellipsoid).
 * @returns latDeg in [-90, 90] (deg, geodetic) and heightM (m above the ellipsoid); the geocentre gives
 *   latitude 0 and height -6378137.
 * Reference: Bowring 1976, Survey Review 23, 323 (iterated to convergence).
 */
export function siteGeodetic(site: ObserverSite): { latDeg: number; heightM: number } {
  const aKm = EARTH_EQUATORIAL_RADIUS_KM;
  const pKm = site.rhoCosPhi * aKm;
  const zKm = site.rhoSinPhi * aKm;
  if (pKm === 0 && zKm === 0) return { latDeg: 0, heightM: -aKm * 1000 };
  const e2 = WGS84_FLATTENING * (2 - WGS84_FLATTENING);
  let lat = Math.atan2(zKm, pKm * (1 - e2));
  let heightKm = 0;
  for (let i = 0; i < 10; i++) {
    const sinLat = Math.sin(lat);
    const nKm = aKm / Math.sqrt(1 - e2 * sinLat * sinLat);
    heightKm = pKm / Math.cos(lat) - nKm;
    lat = Math.atan2(zKm, pKm * (1 - (e2 * nKm) / (nKm + heightKm)));
  }
  return { latDeg: lat / RAD_PER_DEG, heightM: heightKm * 1000 };
}

/** Heliocentric state of an observer at one instant, with what the horizontal coordinates need. */
export interface ObserverState {
  /** Heliocentric position (AU), EQJ. */
  readonly position: readonly [number, number, number];
  /** Heliocentric velocity (AU/day), EQJ, Earth orbital motion plus the site's diurnal motion. */
  readonly velocity: readonly [number, number, number];
  /** Local apparent sidereal time (hours), [0, 24). */
  readonly lastHours: number;
  /** Rotation from the true equator and equinox of date (EQD) to EQJ; its transpose goes back. */
  readonly eqdToEqj: RotationMatrix;
}

/**
 * Heliocentric position and velocity of an observer, EQJ.
 * @param jdUtc time (JD UTC), taken as UT1 for the sidereal time (|UT1 - UTC| < 0.9 s, < 14" of rotation).
 * @param jdTt the same instant in TT (JD TT), for the Earth's position.
 * Reference: docs/references.md#ephemeris-algorithm step 4: a_E (rho cos phi' cos theta, rho cos phi' sin theta, rho sin phi'),
 *   theta = GAST + east longitude, rotated by `Rotation_EQD_EQJ`.
 */
export function observerState(site: ObserverSite, jdUtc: number, jdTt: number): ObserverState {
  const utTime = new AstroTime(jdUtc - JD_J2000);
  const earth = HelioState(Body.Earth, AstroTime.FromTerrestrialTime(jdTt - JD_J2000));
  const gastHours = SiderealTime(utTime);
  let lastHours = (gastHours + site.lonDeg / 15) % 24;
  if (lastHours < 0) lastHours += 24;
  const eqdToEqj = Rotation_EQD_EQJ(utTime);
  const theta = lastHours * 15 * RAD_PER_DEG;
  const radiusAu = EARTH_EQUATORIAL_RADIUS_KM / KM_PER_AU;
  const xd = radiusAu * site.rhoCosPhi * Math.cos(theta);
  const yd = radiusAu * site.rhoCosPhi * Math.sin(theta);
  const zd = radiusAu * site.rhoSinPhi;
  const vxd = -EARTH_ROTATION_RAD_PER_DAY * yd;
  const vyd = EARTH_ROTATION_RAD_PER_DAY * xd;
  const r = eqdToEqj.rot;
  // astronomy-engine applies rot as v'[j] = sum_i v[i] rot[i][j].
  const px = xd * r[0][0] + yd * r[1][0] + zd * r[2][0];
  const py = xd * r[0][1] + yd * r[1][1] + zd * r[2][1];
  const pz = xd * r[0][2] + yd * r[1][2] + zd * r[2][2];
  const vx = vxd * r[0][0] + vyd * r[1][0];
  const vy = vxd * r[0][1] + vyd * r[1][1];
  const vz = vxd * r[0][2] + vyd * r[1][2];
  return {
    position: [earth.x + px, earth.y + py, earth.z + pz],
    velocity: [earth.vx + vx, earth.vy + vy, earth.vz + vz],
    lastHours,
    eqdToEqj,
  };
}
