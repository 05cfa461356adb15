/**
 * The Fink recipe for phase-curve fits written as data: model flavours, parameter layout, starting values and
 * bounds. Pure constants and small lookups.
 * Reference: docs/references.md#phase-fit-recipe (fink-utils `sso/spins.py`, SSOFT builder).
 */

/** Phase-curve model: HG (Bowell 1989), HG1G2 (Muinonen 2010), sHG1G2 (Carry 2024). */
export type PhaseFlavor = 'HG' | 'HG1G2' | 'SHG1G2';

/**
 * Bounds of G, G1, G2: `classic` [0, 1] (SSOFT up to 2026.03, the `/api/v1/sso` residuals) or `wide`
 * [-0.429, 1.429] (fink-utils >= 0.59 defaults, SSOFT sHG1G2 since ~2026.04).
 */
export type GBounds = 'classic' | 'wide';

/** Starting absolute magnitude H for every band (mag). */
export const START_H_MAG = 15;
/** Starting G (HG) and G1, G2 (HG1G2, sHG1G2) for every band. */
export const START_G = 0.15;
/** Starting oblateness R (sHG1G2). */
export const START_R = 0.8;
/** Starting spin right ascension alpha0 (rad): 180 deg. */
export const START_ALPHA0_RAD = Math.PI;
/** Starting spin declination delta0 (rad). */
export const START_DELTA0_RAD = 0;

/** Bounds of H (mag); the lower bound was 0 before January 2025. */
export const H_BOUNDS_MAG: readonly [number, number] = [-3, 30];
/** Classic bounds of G, G1, G2. */
export const G_BOUNDS_CLASSIC: readonly [number, number] = [0, 1];
/** Wide bounds of G, G1, G2 (fink-utils >= 0.59). */
export const G_BOUNDS_WIDE: readonly [number, number] = [-0.429, 1.429];
/** Bounds of R; the lower bound was 0.1 before October 2024. */
export const R_BOUNDS: readonly [number, number] = [0.3, 1];
/** Bounds of alpha0 (rad). */
export const ALPHA0_BOUNDS_RAD: readonly [number, number] = [0, 2 * Math.PI];
/** Bounds of delta0 (rad). */
export const DELTA0_BOUNDS_RAD: readonly [number, number] = [-Math.PI / 2, Math.PI / 2];

/** Number of parameters shared by all bands (R, alpha0, delta0 for sHG1G2). */
export function sharedParameterCount(flavor: PhaseFlavor): number {
  return flavor === 'SHG1G2' ? 3 : 0;
}

/** Number of parameters per band: (H, G) or (H, G1, G2). */
export function bandParameterCount(flavor: PhaseFlavor): number {
  return flavor === 'HG' ? 2 : 3;
}

/** Parameter vector layout, bounds and start for a flavour and a number of bands. */
export interface ParameterSetup {
  /** Starting values, in solver order: shared (R, alpha0, delta0) then per band (H, G) or (H, G1, G2). */
  readonly start: number[];
  /** Lower bounds, same order. */
  readonly lower: number[];
  /** Upper bounds, same order. */
  readonly upper: number[];
}

/**
 * Starting values and bounds of the fit, in the order Fink uses: (R, alpha0, delta0, H_1, G1_1, G2_1, H_2, ...)
 * for sHG1G2, (H_1, G1_1, G2_1, H_2, ...) for HG1G2, (H_1, G_1, H_2, ...) for HG.
 * @param flavor the model; @param bandCount number of bands fitted, >= 1; @param gBounds G bounds choice.
 * Reference: docs/references.md#phase-fit-recipe (initial guesses and bounds table).
 */
export function parameterSetup(flavor: PhaseFlavor, bandCount: number, gBounds: GBounds): ParameterSetup {
  const [gLow, gHigh] = gBounds === 'wide' ? G_BOUNDS_WIDE : G_BOUNDS_CLASSIC;
  const start: number[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  const push = (value: number, bounds: readonly [number, number]): void => {
    start.push(value);
    lower.push(bounds[0]);
    upper.push(bounds[1]);
  };
  if (flavor === 'SHG1G2') {
    push(START_R, R_BOUNDS);
    push(START_ALPHA0_RAD, ALPHA0_BOUNDS_RAD);
    push(START_DELTA0_RAD, DELTA0_BOUNDS_RAD);
  }
  for (let b = 0; b < bandCount; b++) {
    push(START_H_MAG, H_BOUNDS_MAG);
    push(START_G, [gLow, gHigh]);
    if (flavor !== 'HG') push(START_G, [gLow, gHigh]);
  }
  return { start, lower, upper };
}
