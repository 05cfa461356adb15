/**
 * Astrometry of a Solar System object: observed minus ephemeris positions as offsets on the sky (arcsec), and
 * their summary. Offsets are taken on the tangent plane at the ephemeris position (gnomonic), exact enough for
 * the arcsecond offsets of a known orbit and correct across RA = 0.
 * Reference: docs/references.md#ssoft-columns (mean/std of the observed − ephemeris separation in the SSOFT).
 */

const RAD = Math.PI / 180;
const ARCSEC_PER_RAD = (180 / Math.PI) * 3600;

/** One observed − ephemeris offset (arcsec). */
export interface AstrometryOffset {
  /** East offset ΔRA cos Dec (arcsec). */
  readonly dRaCosDecArcsec: number;
  /** North offset ΔDec (arcsec). */
  readonly dDecArcsec: number;
  /** Angular separation (arcsec). */
  readonly sepArcsec: number;
}

/**
 * Offset of an observed position from a predicted one, on the tangent plane at the prediction.
 * @param raDeg, decDeg observed (deg); @param raEphDeg, decEphDeg predicted (deg).
 * @returns east/north offsets and separation (arcsec); null when the observed point is 90° or more away.
 * Reference: Calabretta & Greisen 2002, A&A 395, 1077, §5.1.3 (gnomonic projection).
 */
export function astrometryOffset(
  raDeg: number,
  decDeg: number,
  raEphDeg: number,
  decEphDeg: number,
): AstrometryOffset | null {
  const dRa = (raDeg - raEphDeg) * RAD;
  const d = decDeg * RAD;
  const d0 = decEphDeg * RAD;
  const cosC = Math.sin(d0) * Math.sin(d) + Math.cos(d0) * Math.cos(d) * Math.cos(dRa);
  if (!(cosC > 0)) return null;
  const xi = (Math.cos(d) * Math.sin(dRa)) / cosC;
  const eta = (Math.cos(d0) * Math.sin(d) - Math.sin(d0) * Math.cos(d) * Math.cos(dRa)) / cosC;
  const sinHalfDec = Math.sin((d - d0) / 2);
  const sinHalfRa = Math.sin(dRa / 2);
  const h = sinHalfDec * sinHalfDec + Math.cos(d) * Math.cos(d0) * sinHalfRa * sinHalfRa;
  const sep = 2 * Math.asin(Math.min(1, Math.sqrt(h)));
  return {
    dRaCosDecArcsec: xi * ARCSEC_PER_RAD,
    dDecArcsec: eta * ARCSEC_PER_RAD,
    sepArcsec: sep * ARCSEC_PER_RAD,
  };
}

/** Summary of offsets (arcsec): counts, means of the components, mean/median/max separation. */
export interface AstrometrySummary {
  readonly n: number;
  readonly meanDRaCosDecArcsec: number;
  readonly meanDDecArcsec: number;
  readonly meanSepArcsec: number;
  readonly medianSepArcsec: number;
  /** Standard deviation of the separations (population, 1/n: as the SSOFT's `std_astrometry`). */
  readonly stdSepArcsec: number;
}

/**
 * Summary of offsets.
 * @returns null for no offset.
 */
export function astrometrySummary(offsets: readonly AstrometryOffset[]): AstrometrySummary | null {
  const n = offsets.length;
  if (n === 0) return null;
  const mean = (f: (o: AstrometryOffset) => number): number => offsets.reduce((s, o) => s + f(o), 0) / n;
  const meanSep = mean((o) => o.sepArcsec);
  const seps = offsets.map((o) => o.sepArcsec).sort((a, b) => a - b);
  const median = n % 2 === 1 ? seps[(n - 1) / 2] : (seps[n / 2 - 1] + seps[n / 2]) / 2;
  const variance = seps.reduce((s, v) => s + (v - meanSep) ** 2, 0) / n;
  return {
    n,
    meanDRaCosDecArcsec: mean((o) => o.dRaCosDecArcsec),
    meanDDecArcsec: mean((o) => o.dDecArcsec),
    meanSepArcsec: meanSep,
    medianSepArcsec: median,
    stdSepArcsec: Math.sqrt(variance),
  };
}
