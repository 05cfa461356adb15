/**
 * Trajectory ids of fink-fat Solar System candidates (`ssoCandId`): `FF`, the UTC calendar date of the orbit's
 * reference epoch as YYYYMMDD, and a global counter as 7 base-26 letters (`FF20230710aaaaaap`). Pure.
 *
 * Reference: docs/references.md#ssocand-id (fink-fat `int_to_tags` and its upstream tests).
 */
import { base26Letters } from '../ids/index.js';
import { jdToNight } from '../time/index.js';

/** Letters of the counter part of an id. */
export const SSO_CAND_ID_LETTERS = 7;

/** Largest counter an id can hold: 26^7 − 1 = 8,031,810,175. */
export const MAX_SSO_CAND_COUNTER = 26 ** SSO_CAND_ID_LETTERS - 1;

/**
 * Shape of an id: `FF` + YYYYMMDD + 7 letters (fink-fat since 2023), or `FF` + YYYY + 7 letters as in the first
 * fink-fat outputs (the Fink broker's 2023 example set holds `FF2022aaaaaaa`).
 */
const SSO_CAND_ID = /^FF(?:\d{8}|\d{4})[a-z]{7}$/;

/** True when `text` has the shape of an ssoCandId (either form of {@link SSO_CAND_ID}); nothing else is checked. */
export function isSsoCandId(text: string): boolean {
  return SSO_CAND_ID.test(text);
}

/**
 * The id of one trajectory.
 *
 * @param counter global trajectory counter, 0 to {@link MAX_SSO_CAND_COUNTER}.
 * @param refEpochJd reference epoch of the trajectory's orbit (JD; read as UTC for the calendar date, as fink-fat
 *   does), in years 1000-9999.
 * @returns e.g. `ssoCandId(15, 2460135.98)` = `FF20230710aaaaaap`; null when the counter does not fit 7 letters or
 *   the epoch is not finite or outside years 1000-9999.
 *
 * Reference: docs/references.md#ssocand-id.
 */
export function ssoCandId(counter: number, refEpochJd: number): string | null {
  if (!Number.isFinite(refEpochJd)) return null;
  const letters = base26Letters(counter, SSO_CAND_ID_LETTERS);
  const night = jdToNight(refEpochJd);
  if (letters === null || !(night >= 10000101 && night <= 99991231)) return null;
  return `FF${night}${letters}`;
}

/**
 * Ids for a new batch of orbits: the batch is ordered by reference epoch (ties keep their input order) and
 * numbered from the count of orbits already stored, so that ids are global and assigned once. An id already in
 * use (`takenIds`, e.g. ids loaded from another fink-fat run whose counter went further) is skipped: the counter
 * moves on to the next free id, so that a new orbit never takes over a stored one.
 *
 * @param refEpochsJd reference epochs (JD) of the batch's orbits, in any order.
 * @param storedCount orbits already stored (≥ 0): the first counter.
 * @param takenIds ids that must not be produced.
 * @returns one id per input epoch, in input order; null when an epoch is invalid (see {@link ssoCandId}) or the
 *   counter runs past {@link MAX_SSO_CAND_COUNTER}.
 *
 * Reference: docs/references.md#ssocand-id (counters 3, 4, 5 at JD 2460135.42, 2460137.57, 2460148.72).
 */
export function assignSsoCandIds(
  refEpochsJd: readonly number[],
  storedCount: number,
  takenIds: ReadonlySet<string> = new Set(),
): string[] | null {
  if (!Number.isInteger(storedCount) || storedCount < 0) return null;
  const order = refEpochsJd.map((jd, i) => ({ jd, i })).sort((a, b) => a.jd - b.jd || a.i - b.i);
  const ids = new Array<string>(refEpochsJd.length);
  let counter = storedCount;
  for (const { jd, i } of order) {
    let id = ssoCandId(counter, jd);
    while (id !== null && takenIds.has(id)) id = ssoCandId(++counter, jd);
    if (id === null) return null;
    ids[i] = id;
    counter++;
  }
  return ids;
}
