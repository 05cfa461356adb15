/**
 * The SOCCA model: the sHG1G2 model of Carry et al. 2024 ("Combined spin orientation and phase function of
 * asteroids") with the oblate spheroid replaced by a rotating triaxial ellipsoid (a >= b >= c): HG1G2 phase function
 * per band plus the magnitude of the ellipsoid's projected area, given its spin axis, sidereal period and rotation
 * phase at a fixed reference epoch. Pure.
 * Reference: Carry et al. 2024, A&A 687, A38; Pospieszalska-Surdej & Surdej 1985, A&A 149, 186 (projected
 * ellipsoid); fink-utils `sso/spins.py` (`func_socca`); docs/references.md#socca.
 */
/** Reference epoch of the rotation phase (2022-01-01T00:00 UTC, JD), as fink-utils fixes it. */
export const SOCCA_REFERENCE_JD = 2459580.5;
/** Light time for one astronomical unit (days): 499.004784 s. */
export const LIGHT_TIME_DAYS_PER_AU = 499.004784 / 86_400;

/** Spin and shape of the SOCCA model, shared by every band. */
export interface SoccaSpin {
  /** Right ascension of the spin axis, equatorial J2000 (rad). */
  readonly alpha0Rad: number;
  /** Declination of the spin axis, equatorial J2000 (rad), [-pi/2, pi/2]. */
  readonly delta0Rad: number;
  /** Sidereal rotation period (days), > 0. */
  readonly periodDays: number;
  /** Axis ratio a/b, >= 1. */
  readonly aB: number;
  /** Axis ratio a/c, >= a/b. */
  readonly aC: number;
  /** Rotation phase at SOCCA_REFERENCE_JD (rad). */
  readonly phi0Rad: number;
}

/**
 * Observation time corrected for the light travel time from the object.
 * @param jd observation time (JD UTC); @param dobsAu observer–object distance (au).
 * @returns jd − dobs/c (JD).
 * Reference: fink-utils `sso/utils.py` (`compute_light_travel_correction`).
 */
export function lightTimeCorrectedJd(jd: number, dobsAu: number): number {
  return jd - dobsAu * LIGHT_TIME_DAYS_PER_AU;
}

/**
 * Magnitude term of the rotating ellipsoid: −2.5 log10 of its projected area relative to its smallest equatorial
 * cross-section (0 mag equator-on at ψ = 0, brighter otherwise since a/b, a/c >= 1).
 * @param raRad observed right ascension of the object, equatorial J2000 (rad).
 * @param decRad observed declination of the object, equatorial J2000 (rad).
 * @param jdLightTime light-time corrected observation time (JD).
 * @param spin the spin and shape.
 * @returns −2.5 log10 √(sin²Λ (cos²ψ + (a/b)² sin²ψ) + cos²Λ (a/c)²) (mag), Λ the aspect angle and ψ the
 *   sub-observer longitude.
 * Reference: Pospieszalska-Surdej & Surdej 1985, A&A 149, 186; IMCCE, Introduction aux éphémérides
 *   astronomiques, eq. 12.1 and 12.4 (rotation phase, aspect angle, sub-observer longitude); fink-utils `func_socca`.
 */
export function soccaRotationMag(
  raRad: number,
  decRad: number,
  jdLightTime: number,
  spin: SoccaSpin,
): number {
  const sinDec = Math.sin(decRad);
  const cosDec = Math.cos(decRad);
  const sinD0 = Math.sin(spin.delta0Rad);
  const cosD0 = Math.cos(spin.delta0Rad);
  const dRa = raRad - spin.alpha0Rad;
  const cosAspect = sinDec * sinD0 + cosDec * cosD0 * Math.cos(dRa);
  const cos2 = cosAspect * cosAspect;
  const rotationRad = spin.phi0Rad + ((2 * Math.PI) / spin.periodDays) * (jdLightTime - SOCCA_REFERENCE_JD);
  const x = -cosD0 * sinDec + sinD0 * cosDec * Math.cos(dRa);
  const y = -cosDec * Math.sin(dRa);
  const psi = rotationRad - Math.atan2(x, y);
  const sinPsi = Math.sin(psi);
  const cosPsi = Math.cos(psi);
  const area =
    (1 - cos2) * (cosPsi * cosPsi + spin.aB * spin.aB * sinPsi * sinPsi) + cos2 * spin.aC * spin.aC;
  return -1.25 * Math.log10(area);
}
