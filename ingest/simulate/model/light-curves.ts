/**
 * Light-curve models of the simulated sources, in ZTF g (fid 1) and r (fid 2; i, fid 3, is taken as r - 0.3 mag
 * of colour): supernovae and kilonovae (Bazin et al. 2009 rise/decline with a colour evolution), microlensing
 * (Paczynski 1986), periodic variables (RR Lyrae, eclipsing binaries, Miras) and AGN (damped random walk). Pure:
 * the random walk is advanced by the caller, which owns its state.
 */
import type { Fid } from './night-schedule.js';

/** An explosive transient: flux rises and falls as Bazin et al. (2009); colour g - r reddens after peak. */
export interface ExplosiveModel {
  readonly kind: 'explosive';
  /** Time of maximum light in r (JD). */
  readonly peakJd: number;
  /** Peak magnitude in r (mag). */
  readonly peakMagR: number;
  /** Rise and decline e-folding times of the flux (days). */
  readonly riseDays: number;
  readonly fallDays: number;
  /** Extra decline e-folding of g relative to r (days, >= fallDays): g fades faster. */
  readonly fallDaysG: number;
  /** g - r at peak (mag) and its rate after peak (mag/day), capped at colorMaxMag. */
  readonly colorPeakMag: number;
  readonly colorRateMagPerDay: number;
  readonly colorMaxMag: number;
}

/** A point-lens microlensing event of a background star (achromatic magnification). */
export interface MicrolensingModel {
  readonly kind: 'microlensing';
  readonly peakJd: number;
  /** Einstein-radius crossing time tE (days). */
  readonly einsteinDays: number;
  /** Impact parameter u0 (Einstein radii). */
  readonly u0: number;
  /** Baseline magnitude in r (mag) and colour g - r (mag). */
  readonly baseMagR: number;
  readonly colorMag: number;
}

/** A periodic variable star. */
export interface PeriodicModel {
  readonly kind: 'rrlyrae' | 'eclipsing' | 'mira';
  readonly periodDays: number;
  /** Epoch of maximum light (RR Lyrae, Mira) or of primary eclipse (eclipsing) (JD). */
  readonly epochJd: number;
  /** Mean magnitude in r (mag) and mean colour g - r (mag). */
  readonly meanMagR: number;
  readonly colorMag: number;
  /** Full amplitude in r (mag); g amplitude is 1.3 times larger (RR Lyrae, Mira). Primary eclipse depth. */
  readonly amplitudeMagR: number;
  /** Secondary eclipse depth (mag), eclipsing only. */
  readonly secondaryDepthMag: number;
  /** Eclipse width (phase units, Gaussian sigma), eclipsing only. */
  readonly eclipseWidth: number;
}

/** An AGN: mean magnitude plus a damped random walk x(t) (mag), larger in g. */
export interface DrwModel {
  readonly kind: 'drw';
  readonly meanMagR: number;
  readonly colorMag: number;
  /** Damping time tau (days) and asymptotic standard deviation (mag). */
  readonly tauDays: number;
  readonly sigmaMag: number;
}

/** Any source model. */
export type LightCurveModel = ExplosiveModel | MicrolensingModel | PeriodicModel | DrwModel;

/** Amplitude of variability in g relative to r for pulsators and AGN. */
const G_AMPLITUDE_RATIO = 1.3;
/** r - i colour assumed for fid 3 (mag). */
const R_MINUS_I_MAG = 0.3;

/** Magnitude for a flux ratio relative to the flux of magnitude 0. */
export function fluxToMag(flux: number): number {
  return -2.5 * Math.log10(flux);
}

/** Flux (relative to magnitude 0) of a magnitude. */
export function magToFlux(mag: number): number {
  return 10 ** (-0.4 * mag);
}

function bandOffset(fid: Fid, colorMag: number): number {
  if (fid === 1) return colorMag;
  if (fid === 3) return -R_MINUS_I_MAG;
  return 0;
}

/** Bazin flux at time t relative to the peak (0..1]; 0 long before the rise. */
function bazinRelative(t: number, peakJd: number, rise: number, fall: number): number {
  // Bazin: f = exp(-(t - t0)/fall) / (1 + exp(-(t - t0)/rise)); its maximum lies at t0 + rise ln(fall/rise - 1).
  const t0 = peakJd - rise * Math.log(Math.max(1.0001, fall / rise - 1));
  const f = (x: number) => Math.exp(-(x - t0) / fall) / (1 + Math.exp(-(x - t0) / rise));
  return f(t) / f(peakJd);
}

/**
 * Magnitude of an explosive transient at a time in a band; Infinity when the flux is negligible (< 1e-6 of peak).
 * Reference: Bazin et al. 2009, A&A 499, 653, eq. 1.
 */
export function explosiveMag(m: ExplosiveModel, jd: number, fid: Fid): number {
  const fall = fid === 1 ? m.fallDaysG : m.fallDays;
  const rel = bazinRelative(jd, m.peakJd, m.riseDays, fall);
  if (!(rel > 1e-6)) return Number.POSITIVE_INFINITY;
  const sincePeak = jd - m.peakJd;
  const color = Math.min(m.colorMaxMag, m.colorPeakMag + Math.max(0, sincePeak) * m.colorRateMagPerDay);
  return m.peakMagR + fluxToMag(rel) + bandOffset(fid, color);
}

/**
 * Point-lens magnification A(u) = (u^2 + 2) / (u sqrt(u^2 + 4)) with u(t) = sqrt(u0^2 + ((t - t0)/tE)^2).
 * Reference: Paczynski 1986, ApJ 304, 1, eq. 9.
 */
export function microlensingMagnification(m: MicrolensingModel, jd: number): number {
  const tau = (jd - m.peakJd) / m.einsteinDays;
  const u = Math.sqrt(m.u0 * m.u0 + tau * tau);
  return (u * u + 2) / (u * Math.sqrt(u * u + 4));
}

/** Fractional part in [0, 1). */
function phaseOf(jd: number, epochJd: number, periodDays: number): number {
  const x = (jd - epochJd) / periodDays;
  return x - Math.floor(x);
}

/**
 * Magnitude offset (mag, negative = brighter) from the mean of a periodic variable at a phase.
 * RR Lyrae: fast rise over 12 % of the period, linear decline (sawtooth); Mira: sinusoid; eclipsing: flat maximum
 * with Gaussian primary (phase 0) and secondary (phase 0.5) eclipses.
 */
export function periodicOffsetMag(m: PeriodicModel, jd: number, fid: Fid): number {
  const phase = phaseOf(jd, m.epochJd, m.periodDays);
  const ampScale = fid === 1 && m.kind !== 'eclipsing' ? G_AMPLITUDE_RATIO : 1;
  const amp = m.amplitudeMagR * ampScale;
  if (m.kind === 'rrlyrae') {
    const riseFraction = 0.12;
    const b =
      phase > 1 - riseFraction ? (phase - (1 - riseFraction)) / riseFraction : 1 - phase / (1 - riseFraction);
    return amp * (0.5 - b);
  }
  if (m.kind === 'mira') return -0.5 * amp * Math.cos(2 * Math.PI * phase);
  const d1 = Math.min(phase, 1 - phase);
  const d2 = Math.abs(phase - 0.5);
  const w = m.eclipseWidth;
  // Out of eclipse the star is brighter than its time-averaged mean by about the mean eclipse loss.
  const meanLoss = (m.amplitudeMagR + m.secondaryDepthMag) * w * Math.sqrt(2 * Math.PI);
  return (
    amp * Math.exp((-0.5 * d1 * d1) / (w * w)) +
    m.secondaryDepthMag * Math.exp((-0.5 * d2 * d2) / (w * w)) -
    meanLoss
  );
}

/**
 * Exact one-step update of a damped random walk (Ornstein-Uhlenbeck process) of mean 0.
 * @param x value at the previous time (mag); @param dtDays elapsed time (days, >= 0);
 * @param normal a standard normal deviate supplied by the caller.
 * @returns value at the new time (mag).
 * Reference: Kelly, Bechtold & Siemiginowska 2009, ApJ 698, 895, eq. A4; MacLeod et al. 2010, ApJ 721, 1014.
 */
export function drwStep(
  x: number,
  dtDays: number,
  tauDays: number,
  sigmaMag: number,
  normal: number,
): number {
  const decay = Math.exp(-dtDays / tauDays);
  return x * decay + sigmaMag * Math.sqrt(1 - decay * decay) * normal;
}

/**
 * Magnitude of the variable source in a band, everything included (for the DRW, `drwMag` is the current walk
 * value). Explosive transients have no steady part: Infinity before the rise.
 */
export function sourceMag(m: LightCurveModel, jd: number, fid: Fid, drwMag = 0): number {
  switch (m.kind) {
    case 'explosive':
      return explosiveMag(m, jd, fid);
    case 'microlensing':
      return m.baseMagR + bandOffset(fid, m.colorMag) + fluxToMag(microlensingMagnification(m, jd));
    case 'drw':
      return m.meanMagR + bandOffset(fid, m.colorMag) + drwMag * (fid === 1 ? G_AMPLITUDE_RATIO : 1);
    default:
      return m.meanMagR + bandOffset(fid, m.colorMag) + periodicOffsetMag(m, jd, fid);
  }
}

/**
 * Magnitude of the source in the reference (template) image, in a band: the baseline of steady sources;
 * null for explosive transients, absent from the reference.
 */
export function referenceMag(m: LightCurveModel, fid: Fid): number | null {
  switch (m.kind) {
    case 'explosive':
      return null;
    case 'microlensing':
      return m.baseMagR + bandOffset(fid, m.colorMag);
    default:
      return m.meanMagR + bandOffset(fid, m.colorMag);
  }
}

/**
 * Flux of the difference image (science minus reference) in units of the flux of magnitude 0; negative when the
 * source is fainter than in the reference.
 */
export function differenceFlux(m: LightCurveModel, jd: number, fid: Fid, drwMag = 0): number {
  const mag = sourceMag(m, jd, fid, drwMag);
  const ref = referenceMag(m, fid);
  const f = Number.isFinite(mag) ? magToFlux(mag) : 0;
  return ref === null ? f : f - magToFlux(ref);
}
