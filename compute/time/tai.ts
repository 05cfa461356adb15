/** International Atomic Time (TAI), the time scale of Rubin's `midpointMjdTai`, and UTC. */
import { MJD_OFFSET } from './jd.js';

/** TAI − UTC (s) since 2017-01-01 (IERS Bulletin C; no leap second announced since). */
export const TAI_MINUS_UTC_S = 37;

/**
 * JD (UTC) of an MJD (TAI), for dates since 2017-01-01.
 * @param mjdTai modified Julian date in TAI (Rubin's `midpointMjdTai`).
 * @returns JD UTC = MJD + 2400000.5 − 37 s.
 * Reference: IERS Bulletin C (TAI − UTC = 37 s); docs/surveys.md (time).
 */
export function mjdTaiToJdUtc(mjdTai: number): number {
  return mjdTai + MJD_OFFSET - TAI_MINUS_UTC_S / 86_400;
}
