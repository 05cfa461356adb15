/** Folding of a light curve at a period. Pure. */

/**
 * Phase of a time folded at a period.
 * @param jd time (JD); @param periodDays period (days), > 0; @param epochJd time of phase 0 (JD).
 * @returns the phase in [0, 1).
 */
export function foldPhase(jd: number, periodDays: number, epochJd: number): number {
  const x = (jd - epochJd) / periodDays;
  return x - Math.floor(x);
}
