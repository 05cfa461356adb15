/**
 * UTC to TT: TT - UTC = 32.184 s + (TAI - UTC), with TAI - UTC from the table of leap seconds published by the
 * IERS (Bulletin C). Pure.
 * Reference: IERS Bulletin C (leap second history, 1972-2017; Bulletin C 70, July 2025: no leap second through
 * mid-2026); docs/references.md#ephemeris-algorithm step 1 (TT = UTC + 69.184 s for 2017-2026).
 */

/** TT minus TAI (s), exact by definition. */
export const TT_MINUS_TAI_S = 32.184;
/** TT minus UTC for 2017-01-01 onwards (s): 32.184 s + 37 leap seconds. */
export const TT_MINUS_UTC_S = 69.184;

/** JD (UTC) at which each value of TAI - UTC (s) starts, ascending. */
const LEAP_SECONDS: readonly (readonly [number, number])[] = [
  [2441317.5, 10], // 1972-01-01
  [2441499.5, 11], // 1972-07-01
  [2441683.5, 12], // 1973-01-01
  [2442048.5, 13], // 1974-01-01
  [2442413.5, 14], // 1975-01-01
  [2442778.5, 15], // 1976-01-01
  [2443144.5, 16], // 1977-01-01
  [2443509.5, 17], // 1978-01-01
  [2443874.5, 18], // 1979-01-01
  [2444239.5, 19], // 1980-01-01
  [2444786.5, 20], // 1981-07-01
  [2445151.5, 21], // 1982-07-01
  [2445516.5, 22], // 1983-07-01
  [2446247.5, 23], // 1985-07-01
  [2447161.5, 24], // 1988-01-01
  [2447892.5, 25], // 1990-01-01
  [2448257.5, 26], // 1991-01-01
  [2448804.5, 27], // 1992-07-01
  [2449169.5, 28], // 1993-07-01
  [2449534.5, 29], // 1994-07-01
  [2450083.5, 30], // 1996-01-01
  [2450630.5, 31], // 1997-07-01
  [2451179.5, 32], // 1999-01-01
  [2453736.5, 33], // 2006-01-01
  [2454832.5, 34], // 2009-01-01
  [2456109.5, 35], // 2012-07-01
  [2457204.5, 36], // 2015-07-01
  [2457754.5, 37], // 2017-01-01
];

/**
 * TT minus UTC at a UTC instant.
 * @param jdUtc JD (UTC).
 * @returns TT - UTC (s): 69.184 from 2017-01-01 until the next announced leap second (none through mid-2026);
 *   before 1972 (no integer leap seconds) the 1972 value 42.184 is returned, an approximation.
 * Reference: IERS Bulletin C.
 */
export function ttMinusUtcSeconds(jdUtc: number): number {
  let taiMinusUtcS = LEAP_SECONDS[0][1];
  for (let i = LEAP_SECONDS.length - 1; i >= 0; i--) {
    if (jdUtc >= LEAP_SECONDS[i][0]) {
      taiMinusUtcS = LEAP_SECONDS[i][1];
      break;
    }
  }
  return TT_MINUS_TAI_S + taiMinusUtcS;
}

/**
 * Converts a JD in UTC to a JD in TT.
 * @param jdUtc JD (UTC).
 * @returns JD (TT) = jdUtc + (TT - UTC) / 86400.
 */
export function jdUtcToTt(jdUtc: number): number {
  return jdUtc + ttMinusUtcSeconds(jdUtc) / 86400;
}
