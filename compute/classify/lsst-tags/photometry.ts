/**
 * AB magnitudes of Rubin fluxes, and absolute magnitudes from a redshift, as fink-filters' Rubin filters use them.
 *
 * Reference: fink-filters 7.40 `fink_filters/rubin/utils.py` (`ZP_NJY`, `flux_to_apparent_mag`, `obs_to_abs_mag`);
 * D. W. Hogg 1999, "Distance measures in cosmology", arXiv:astro-ph/9905116, eqs. 14-16 and 21.
 */

/** AB zero point of a flux in nJy: m_AB = ZP_NJY_MAG − 2.5·log10(flux / nJy) (3631 Jy = 10^(31.4/2.5) nJy). */
export const ZP_NJY_MAG = 31.4;

/** Speed of light (km/s). */
const C_KM_PER_S = 299792.458;
/** Parsecs per megaparsec. */
const PC_PER_MPC = 1e6;
/**
 * Simpson intervals of the comoving-distance integral (even): relative error below 1e-6 for z ≤ 10 and Ω_m ≤ 1
 * (1e-8 at Ω_m = 0.3), i.e. below 3e-6 mag in a distance modulus.
 */
const SIMPSON_STEPS = 256;

/**
 * AB magnitude of a flux.
 * @param fluxNjy flux density (nJy), any sign.
 * @returns m_AB (mag); null when the flux is not a positive finite number (as fink-filters' NaN).
 */
export function abMagOfFluxNjy(fluxNjy: number | null): number | null {
  if (fluxNjy === null || !Number.isFinite(fluxNjy) || fluxNjy <= 0) return null;
  return ZP_NJY_MAG - 2.5 * Math.log10(fluxNjy);
}

/** A flat ΛCDM cosmology without radiation (astropy `FlatLambdaCDM(H0, Om0)`, Tcmb0 = 0). */
export interface FlatLcdm {
  /** Hubble constant (km/s/Mpc), > 0. */
  readonly h0KmPerSPerMpc: number;
  /** Matter density today Ω_m, [0, 1]; Ω_Λ = 1 − Ω_m. */
  readonly omegaM: number;
}

/** The cosmology of fink-filters' absolute magnitudes: H0 = 70 km/s/Mpc, Ω_m = 0.3. */
export const FINK_COSMOLOGY: FlatLcdm = { h0KmPerSPerMpc: 70, omegaM: 0.3 };

/**
 * Luminosity distance in a flat ΛCDM universe: D_L = (1 + z)·(c/H0)·∫₀^z dz′/E(z′), E(z) = √(Ω_m(1+z)³ + Ω_Λ)
 * (Hogg 1999, eqs. 14-16, 21), the integral by Simpson's rule.
 * @param z redshift, ≥ 0.
 * @returns D_L (Mpc); null for a negative or non-finite z.
 */
export function luminosityDistanceMpc(z: number, cosmology: FlatLcdm = FINK_COSMOLOGY): number | null {
  if (!Number.isFinite(z) || z < 0) return null;
  const { h0KmPerSPerMpc, omegaM } = cosmology;
  const inverseE = (zz: number): number => {
    const a = 1 + zz;
    return 1 / Math.sqrt(omegaM * a * a * a + (1 - omegaM));
  };
  const h = z / SIMPSON_STEPS;
  let sum = inverseE(0) + inverseE(z);
  for (let i = 1; i < SIMPSON_STEPS; i++) sum += (i % 2 === 1 ? 4 : 2) * inverseE(i * h);
  const comovingMpc = ((C_KM_PER_S / h0KmPerSPerMpc) * (sum * h)) / 3;
  return (1 + z) * comovingMpc;
}

/**
 * Absolute magnitude of an apparent magnitude at a redshift: M = m − 5·log10(D_L / 10 pc), no K-correction (as
 * fink-filters `obs_to_abs_mag`).
 * @param magAb apparent AB magnitude (mag); @param z redshift.
 * @returns M (mag); null when z is not positive or either input is not finite.
 */
export function absoluteMag(
  magAb: number | null,
  z: number | null,
  cosmology: FlatLcdm = FINK_COSMOLOGY,
): number | null {
  if (magAb === null || z === null || !Number.isFinite(magAb) || !Number.isFinite(z) || z <= 0) return null;
  const dlMpc = luminosityDistanceMpc(z, cosmology);
  if (dlMpc === null) return null;
  return magAb - 5 * Math.log10((dlMpc * PC_PER_MPC) / 10);
}
