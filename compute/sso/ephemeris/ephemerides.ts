/**
 * Offline ephemerides of a Solar System object for an observatory, in the columns Fink attaches to `/api/v1/sso`
 * with `withEphem=True` (Miriade `ephemcc` astrometric J2000 output): one Float64Array per field. Pure.
 * Reference: docs/references.md#ephemeris-service, #ephemeris-fields, #comets (fields, units, epochs) and #ephemeris-algorithm (algorithm).
 */
import type { MagnitudeLaw, Orbit } from '../orbit.js';
import {
  ARCSEC_PER_DEG,
  directionToLonLatDeg,
  equatorialToEcliptic,
  KM_PER_AU,
  LIGHT_SPEED_AU_PER_DAY,
  RAD_PER_DEG,
} from './frames.js';
import { airmass, horizontalPlace } from './horizontal.js';
import { apparentVMag, SDSS_G_MINUS_V_MAG, SDSS_R_MINUS_V_MAG } from './magnitudes.js';
import {
  findObserver,
  type ObserverCode,
  type ObserverSite,
  observerState,
  siteGeodetic,
} from './observers.js';
import {
  type PropagationOptions,
  propagateOrbits,
  type Trajectory,
  trajectoryStateAt,
} from './propagation.js';
import { jdUtcToTt } from './time-scales.js';

/** ZTF mid-exposure offset (s): alert jd is the exposure start, exposures last 30 s (docs/references.md#ephemeris-service). */
export const ZTF_MID_EXPOSURE_OFFSET_S = 15;
/** Margin (days) added before the first epoch for the light time: covers objects within 170 AU. */
export const LIGHT_TIME_MARGIN_DAYS = 1;

/** Which columns are computed: all of them, or the geometry the monthly phase-curve job needs (cheaper). */
export type EphemerisDetail = 'full' | 'geometry';

/** Options of `computeEphemerides`. */
export interface EphemerisOptions extends PropagationOptions {
  /** MPC code of the observer; default `I41` (ZTF). */
  readonly observer?: ObserverCode;
  /** Seconds added to every input jd to get the ephemeris epoch; default 15 (ZTF mid-exposure). */
  readonly epochOffsetS?: number;
  /** Default `full`. */
  readonly detail?: EphemerisDetail;
  /**
   * A trajectory from `propagateOrbits` for this orbit, to reuse a cached integration; it must cover the epochs
   * (minus the light time), otherwise those rows are NaN. When absent the orbit is propagated for this call.
   */
  readonly trajectory?: Trajectory;
}

/** Geometric columns, one value per epoch; NaN where the trajectory does not cover the epoch. */
export interface GeometryEphemerides {
  readonly detail: EphemerisDetail;
  /** Ephemeris epoch, JD (UTC): input jd + epochOffsetS (Miriade `Date`). */
  readonly jdUtc: Float64Array;
  /** Observer-object distance (AU), at the light-time corrected object position (Miriade `Dobs`). */
  readonly dobsAu: Float64Array;
  /** Sun-object distance (AU) at the emission time (Miriade `Dhelio`). */
  readonly dhelioAu: Float64Array;
  /** Phase angle Sun-object-observer (deg), [0, 180] (Miriade `Phase`). */
  readonly phaseDeg: Float64Array;
  /** Right ascension (deg), [0, 360): astrometric J2000, light-time corrected, no aberration (`RA`). */
  readonly raDeg: Float64Array;
  /** Declination (deg), [-90, 90]: astrometric J2000 (`Dec`). */
  readonly decDeg: Float64Array;
}

/** All columns of the ephemeris table (docs/references.md#ephemeris-fields order: Date, LAST, HA, Az, H, Dobs, ...). */
export interface Ephemerides extends GeometryEphemerides {
  readonly detail: 'full';
  /** Local apparent sidereal time at the observer (hours), [0, 24) (`LAST`). */
  readonly lastHours: Float64Array;
  /** Local hour angle = LAST - RA of date (hours), [-12, 12), negative east of the meridian (`HA`). */
  readonly hourAngleHours: Float64Array;
  /** Azimuth (deg), [0, 360), from north through east; geometric, no refraction (`Az`). */
  readonly azimuthDeg: Float64Array;
  /** Elevation above the horizon (deg), [-90, 90], geometric, no refraction (`H`). */
  readonly elevationDeg: Float64Array;
  /** Predicted V (mag): HG for asteroids, total magnitude for comets; NaN without H (`VMag`). */
  readonly vMag: Float64Array;
  /** Predicted SDSS g (mag) = V + 0.262; null for comets (`SDSS:g`). */
  readonly sdssGMag: Float64Array | null;
  /** Predicted SDSS r (mag) = V - 0.190; null for comets (`SDSS:r`). */
  readonly sdssRMag: Float64Array | null;
  /** Solar elongation Sun-observer-object (deg), [0, 180] (`Elong.`). */
  readonly elongationDeg: Float64Array;
  /** Airmass (Kasten & Young 1989), 1 at the zenith, 37.9 at the horizon; NaN below the horizon (`AM`). */
  readonly airmass: Float64Array;
  /** Rate of RA times cos(Dec) (arcsec/min), topocentric, astrometric J2000 (`dRAcosDEC`). */
  readonly dRaCosDecArcsecPerMin: Float64Array;
  /** Rate of Dec (arcsec/min) (`dDEC`). */
  readonly dDecArcsecPerMin: Float64Array;
  /** Range rate dDobs/dt (km/s), positive when receding (`RV`). */
  readonly rvKmPerS: Float64Array;
  /** Ecliptic J2000 longitude (deg), [0, 360), of the astrometric direction (`Longitude`). */
  readonly eclLonDeg: Float64Array;
  /** Ecliptic J2000 latitude (deg), [-90, 90] (`Latitude`). */
  readonly eclLatDeg: Float64Array;
}

const ARCSEC_PER_MIN_PER_RAD_PER_DAY = ARCSEC_PER_DEG / RAD_PER_DEG / 1440;
const KM_PER_S_PER_AU_PER_DAY = KM_PER_AU / 86400;

/**
 * Ephemerides of one object at many epochs.
 * @param orbit elements and magnitude law.
 * @param jdUtc times (JD UTC), e.g. ZTF alert `jd` (exposure start); any order.
 * @param options observer (default I41), epochOffsetS (default 15 s), detail, propagation ('bulirsch-stoer'
 *   default; 'nbody' the GravitySimulator; 'twobody' only within ~2 months of the element epoch), stepDays
 *   ('nbody' only, default 1), trajectory (cached).
 * @returns columns, one value per input time; with `detail: 'geometry'` only jdUtc, dobsAu, dhelioAu, phaseDeg,
 *   raDeg, decDeg are computed (the observer's velocity and horizontal coordinates are skipped).
 * @throws RangeError for an unknown observer code or a bad step (see `propagateOrbits`).
 * Reference: docs/references.md#ephemeris-algorithm steps 1-6 (light time iterated, no aberration or light deflection).
 */
export function computeEphemerides(
  orbit: Orbit,
  jdUtc: ArrayLike<number>,
  options: EphemerisOptions & { readonly detail: 'geometry' },
): GeometryEphemerides;
export function computeEphemerides(
  orbit: Orbit,
  jdUtc: ArrayLike<number>,
  options?: EphemerisOptions,
): Ephemerides;
export function computeEphemerides(
  orbit: Orbit,
  jdUtc: ArrayLike<number>,
  options: EphemerisOptions = {},
): GeometryEphemerides | Ephemerides {
  const site = requireObserver(options.observer ?? 'I41');
  const offsetS = options.epochOffsetS ?? ZTF_MID_EXPOSURE_OFFSET_S;
  const trajectory = options.trajectory ?? propagateFor([orbit], [jdUtc], offsetS, options)[0];
  return tabulate(trajectory, orbit.magnitude, jdUtc, site, offsetS, options.detail ?? 'full');
}

/** One object of a batch: its orbit and its epochs (JD UTC). */
export interface EphemerisRequest {
  readonly orbit: Orbit;
  readonly jdUtc: ArrayLike<number>;
}

/** Objects integrated together by `computeEphemeridesBatch` (bounds the memory of the cached states). */
export const BATCH_CHUNK_SIZE = 256;

/**
 * Ephemerides of many objects: the orbits of each chunk of `BATCH_CHUNK_SIZE` objects are propagated over the
 * union of their spans (in the `nbody` mode one simulator per element epoch), then tabulated one by one.
 * @returns one table per request, in order; options as `computeEphemerides` (no `trajectory`).
 * @throws RangeError as `computeEphemerides`.
 */
export function computeEphemeridesBatch(
  requests: readonly EphemerisRequest[],
  options: Omit<EphemerisOptions, 'trajectory'> & { readonly detail: 'geometry' },
): GeometryEphemerides[];
export function computeEphemeridesBatch(
  requests: readonly EphemerisRequest[],
  options?: Omit<EphemerisOptions, 'trajectory'>,
): Ephemerides[];
export function computeEphemeridesBatch(
  requests: readonly EphemerisRequest[],
  options: Omit<EphemerisOptions, 'trajectory'> = {},
): (GeometryEphemerides | Ephemerides)[] {
  const site = requireObserver(options.observer ?? 'I41');
  const offsetS = options.epochOffsetS ?? ZTF_MID_EXPOSURE_OFFSET_S;
  const out: (GeometryEphemerides | Ephemerides)[] = [];
  for (let start = 0; start < requests.length; start += BATCH_CHUNK_SIZE) {
    const chunk = requests.slice(start, start + BATCH_CHUNK_SIZE);
    const trajectories = propagateFor(
      chunk.map((r) => r.orbit),
      chunk.map((r) => r.jdUtc),
      offsetS,
      options,
    );
    chunk.forEach((r, k) => {
      out.push(
        tabulate(trajectories[k], r.orbit.magnitude, r.jdUtc, site, offsetS, options.detail ?? 'full'),
      );
    });
  }
  return out;
}

function requireObserver(code: string): ObserverSite {
  const site = findObserver(code);
  if (site === null)
    throw new RangeError(`computeEphemerides: unknown observer code ${JSON.stringify(code)}`);
  return site;
}

/** Propagates orbits over the TT span of all their epochs, with the light-time margin. */
function propagateFor(
  orbits: readonly Orbit[],
  epochs: readonly ArrayLike<number>[],
  offsetS: number,
  options: PropagationOptions,
): Trajectory[] {
  let minJd = Number.POSITIVE_INFINITY;
  let maxJd = Number.NEGATIVE_INFINITY;
  for (const jds of epochs) {
    for (let i = 0; i < jds.length; i++) {
      if (jds[i] < minJd) minJd = jds[i];
      if (jds[i] > maxJd) maxJd = jds[i];
    }
  }
  if (!(minJd <= maxJd)) {
    // No epochs: a minimal span at the first element epoch keeps the trajectories well formed.
    minJd = orbits[0]?.elements.epochJdTt ?? 0;
    maxJd = minJd;
  }
  const startJdTt = jdUtcToTt(minJd + offsetS / 86400) - LIGHT_TIME_MARGIN_DAYS;
  const endJdTt = jdUtcToTt(maxJd + offsetS / 86400);
  return propagateOrbits(
    orbits.map((o) => o.elements),
    startJdTt,
    endJdTt,
    options,
  );
}

/** Angle between two vectors (rad), [0, pi], accurate near 0 and pi. */
function angleRad(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  return Math.atan2(Math.hypot(cx, cy, cz), ax * bx + ay * by + az * bz);
}

function tabulate(
  trajectory: Trajectory,
  magnitude: MagnitudeLaw,
  jdUtcIn: ArrayLike<number>,
  site: ObserverSite,
  offsetS: number,
  detail: EphemerisDetail,
): GeometryEphemerides | Ephemerides {
  const n = jdUtcIn.length;
  const column = () => new Float64Array(n).fill(Number.NaN);
  const jdUtc = new Float64Array(n);
  const geo = { dobsAu: column(), dhelioAu: column(), phaseDeg: column(), raDeg: column(), decDeg: column() };
  const isFull = detail === 'full';
  const isAsteroid = magnitude.kind === 'asteroid';
  const full = isFull
    ? {
        lastHours: column(),
        hourAngleHours: column(),
        azimuthDeg: column(),
        elevationDeg: column(),
        vMag: column(),
        sdssGMag: isAsteroid ? column() : null,
        sdssRMag: isAsteroid ? column() : null,
        elongationDeg: column(),
        airmass: column(),
        dRaCosDecArcsecPerMin: column(),
        dDecArcsecPerMin: column(),
        rvKmPerS: column(),
        eclLonDeg: column(),
        eclLatDeg: column(),
      }
    : null;
  const latDeg = siteGeodetic(site).latDeg;
  const state = new Float64Array(6);
  for (let i = 0; i < n; i++) {
    const jdEpoch = jdUtcIn[i] + offsetS / 86400;
    jdUtc[i] = jdEpoch;
    const jdTt = jdUtcToTt(jdEpoch);
    const obs = observerState(site, jdEpoch, jdTt);
    const [ox, oy, oz] = obs.position;
    // Light time: tau = |r_obj(t - tau) - r_obs(t)| / c, iterated to 1e-12 day.
    let tauDays = 0;
    let covered = false;
    for (let k = 0; k < 6; k++) {
      covered = trajectoryStateAt(trajectory, jdTt - tauDays, state);
      if (!covered) break;
      const next = Math.hypot(state[0] - ox, state[1] - oy, state[2] - oz) / LIGHT_SPEED_AU_PER_DAY;
      const done = Math.abs(next - tauDays) < 1e-12;
      tauDays = next;
      if (done) break;
    }
    if (!covered) continue;
    trajectoryStateAt(trajectory, jdTt - tauDays, state);
    const [x, y, z, vx, vy, vz] = state;
    const rx = x - ox;
    const ry = y - oy;
    const rz = z - oz;
    const dobsAu = Math.hypot(rx, ry, rz);
    const dhelioAu = Math.hypot(x, y, z);
    const phaseRad = angleRad(x, y, z, rx, ry, rz);
    const radec = directionToLonLatDeg({ x: rx, y: ry, z: rz });
    geo.dobsAu[i] = dobsAu;
    geo.dhelioAu[i] = dhelioAu;
    geo.phaseDeg[i] = phaseRad / RAD_PER_DEG;
    geo.raDeg[i] = radec.lonDeg;
    geo.decDeg[i] = radec.latDeg;
    if (full === null) continue;
    full.elongationDeg[i] = angleRad(-ox, -oy, -oz, rx, ry, rz) / RAD_PER_DEG;
    const vMag = apparentVMag(magnitude, dobsAu, dhelioAu, phaseRad);
    full.vMag[i] = vMag;
    if (full.sdssGMag) full.sdssGMag[i] = vMag + SDSS_G_MINUS_V_MAG;
    if (full.sdssRMag) full.sdssRMag[i] = vMag + SDSS_R_MINUS_V_MAG;
    // Apparent rate of the light-time corrected direction: rhoDot = v_obj (1 - dtau/dt) - v_obs,
    // dtau/dt = (u - w) / (c + u), u and w the object and observer velocities along the line of sight.
    const [wx, wy, wz] = obs.velocity;
    const ux = rx / dobsAu;
    const uy = ry / dobsAu;
    const uz = rz / dobsAu;
    const u = ux * vx + uy * vy + uz * vz;
    const w = ux * wx + uy * wy + uz * wz;
    const tauRate = (u - w) / (LIGHT_SPEED_AU_PER_DAY + u);
    const dx = vx * (1 - tauRate) - wx;
    const dy = vy * (1 - tauRate) - wy;
    const dz = vz * (1 - tauRate) - wz;
    const ra = radec.lonDeg * RAD_PER_DEG;
    const dec = radec.latDeg * RAD_PER_DEG;
    const raRate = (-Math.sin(ra) * dx + Math.cos(ra) * dy) / dobsAu;
    const decRate =
      (-Math.sin(dec) * Math.cos(ra) * dx - Math.sin(dec) * Math.sin(ra) * dy + Math.cos(dec) * dz) / dobsAu;
    full.dRaCosDecArcsecPerMin[i] = raRate * ARCSEC_PER_MIN_PER_RAD_PER_DAY;
    full.dDecArcsecPerMin[i] = decRate * ARCSEC_PER_MIN_PER_RAD_PER_DAY;
    full.rvKmPerS[i] = (ux * dx + uy * dy + uz * dz) * KM_PER_S_PER_AU_PER_DAY;
    const ecl = directionToLonLatDeg(equatorialToEcliptic({ x: rx, y: ry, z: rz }));
    full.eclLonDeg[i] = ecl.lonDeg;
    full.eclLatDeg[i] = ecl.latDeg;
    // Direction of date (true equator and equinox): the inverse (transpose) of the EQD -> EQJ rotation.
    const m = obs.eqdToEqj.rot;
    const ex = m[0][0] * rx + m[0][1] * ry + m[0][2] * rz;
    const ey = m[1][0] * rx + m[1][1] * ry + m[1][2] * rz;
    const ez = m[2][0] * rx + m[2][1] * ry + m[2][2] * rz;
    const ofDate = directionToLonLatDeg({ x: ex, y: ey, z: ez });
    const hor = horizontalPlace(obs.lastHours, ofDate.lonDeg, ofDate.latDeg, latDeg);
    full.lastHours[i] = obs.lastHours;
    full.hourAngleHours[i] = hor.hourAngleHours;
    full.azimuthDeg[i] = hor.azimuthDeg;
    full.elevationDeg[i] = hor.elevationDeg;
    full.airmass[i] = airmass(hor.elevationDeg);
  }
  if (full === null) return { detail: 'geometry', jdUtc, ...geo };
  return { detail: 'full', jdUtc, ...geo, ...full };
}
