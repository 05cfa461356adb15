/**
 * Sources and detections of the simulator: what an alert is about (a source with its catalogue context and its
 * recent detections) and one detection on one exposure, with the photometric measurement model. Pure.
 */

import type { Prng } from '../../../compute/random/index.js';
import type { LightCurveModel } from './light-curves.js';
import type { Neighbourhood } from './neighbourhood.js';
import type { Exposure } from './night-schedule.js';
import type { FieldPosition } from './sky-grid.js';
import type { StampKind } from './stamp-pool.js';

/** Truth class of a simulated source. */
export type SourceClass =
  | 'snia'
  | 'snii'
  | 'kilonova'
  | 'microlensing'
  | 'ambiguous'
  | 'rrlyrae'
  | 'eclipsing'
  | 'mira'
  | 'agn'
  | 'variable'
  | 'asteroid'
  | 'asteroid-candidate'
  | 'bogus'
  | 'tracklet';

/** Catalogue labels attached by Fink's cross-match modules (strings as Fink writes them). */
export interface CatalogueLabels {
  /** SIMBAD main type, "Unknown" when none. */
  readonly cdsxmatch: string;
  readonly gcvs: string;
  readonly vsx: string;
  readonly gaiaVarFlag: number;
  readonly gaiaClass: string;
}

/** Known Solar-System object association (ZTF `ss*` fields). */
export interface SsoMatch {
  /** ZTF `ssnamenr`: a number ("523456") or a packed-less provisional designation ("2019AB12"). */
  readonly ssnamenr: string;
  /** Distance between the detection and the predicted position (arcsec). */
  readonly ssdistnr: number;
  /** Predicted V magnitude from the MPC archive (mag, 0.1 mag steps). */
  readonly ssmagnr: number;
}

/** A source of alerts: a static object, or one night of a moving object, a bogus or a satellite glint. */
export interface AlertSource {
  readonly objectId: string;
  readonly sourceClass: SourceClass;
  readonly labels: CatalogueLabels;
  readonly model: LightCurveModel | null;
  /** Position (deg, J2000); for a moving object, where it was first detected in the night. */
  readonly raDeg: number;
  readonly decDeg: number;
  /** Field, channel and pixel of a static source; null for moving ones. */
  readonly position: FieldPosition | null;
  readonly neighbourhood: Neighbourhood;
  readonly stampKind: StampKind;
  /** Detections and coverage before the simulation, and the JD of the first detection then (null: none). */
  readonly priorDetections: number;
  readonly priorCoverage: number;
  readonly priorStartJd: number | null;
  /** Stable random number (0..1) per source, for per-source score levels. */
  readonly scoreLevel: number;
  /** After this JD the source is no longer evaluated (faded transient). */
  readonly retireJd: number;
  /** Mutable: JD of the first detection in the simulation, number of detections so far, recent detections. */
  firstDetectionJd: number | null;
  detectionCount: number;
  detections: Detection[];
  /** Mutable damped-random-walk state of an AGN (time, value in mag, its generator). */
  drw: { jd: number; x: number; readonly rng: Prng } | null;
}

/** Quality class of a detection: a real point source, an artefact, or a satellite streak. */
export type DetectionQuality = 'real' | 'bogus' | 'streak';

/** One detection (one alert) on one exposure. */
export interface Detection {
  readonly source: AlertSource;
  readonly exposure: Exposure;
  readonly rcid: number;
  readonly xpos: number;
  readonly ypos: number;
  /** Measured position (deg, J2000). */
  readonly raDeg: number;
  readonly decDeg: number;
  /** PSF magnitude of the difference image and its 1-sigma error (mag); signal-to-noise ratio. */
  readonly magpsf: number;
  readonly sigmapsf: number;
  readonly snr: number;
  readonly quality: DetectionQuality;
  readonly sso: SsoMatch | null;
  readonly tracklet: string | null;
  /** Set when the night is finalised: ids and history counters (current detection included). */
  candid: bigint;
  /** 32-bit hash of candid: the seed of everything drawn per alert. */
  candidSeed: number;
  pid: bigint;
  tblid: number;
  ndethist: number;
  ncovhist: number;
  jdstarthist: number;
}

/** Result of measuring a difference flux on an exposure. */
export interface Measurement {
  readonly detected: boolean;
  /** Measured magnitude and error (mag); NaN when not detected. */
  readonly magpsf: number;
  readonly sigmapsf: number;
  readonly snr: number;
}

/** Detection threshold (signal-to-noise of the PSF flux). */
export const DETECTION_SNR = 5;
/** Flux calibration error added in quadrature (fraction of the flux). */
const CALIBRATION_FRACTION = 0.01;

/**
 * Measures a difference flux: noise sigma_F = F(diffmaglim) / 5 plus 1 % of the flux, detection when the measured
 * flux exceeds 5 sigma (positive subtractions only).
 * @param diffFlux difference flux in units of the flux of magnitude 0 (may be negative).
 * @param diffmaglim 5-sigma limiting magnitude of the exposure (mag).
 * @param normal standard normal deviate (noise draw).
 * @returns detection flag, magpsf = -2.5 log10(measured flux) and sigmapsf = 1.0857 / SNR (mag).
 */
export function measureFlux(diffFlux: number, diffmaglim: number, normal: number): Measurement {
  const sigmaSky = 10 ** (-0.4 * diffmaglim) / DETECTION_SNR;
  const sigma = Math.hypot(sigmaSky, CALIBRATION_FRACTION * Math.max(0, diffFlux));
  const measured = diffFlux + sigma * normal;
  const snr = measured / sigma;
  if (!(snr >= DETECTION_SNR)) return { detected: false, magpsf: Number.NaN, sigmapsf: Number.NaN, snr };
  return { detected: true, magpsf: -2.5 * Math.log10(measured), sigmapsf: 1.0857362 / snr, snr };
}
