/**
 * Counters written as fixed-width lowercase letters in base 26 (a = 0 … z = 25), most significant first and
 * left-padded with `a`: the scheme of ZTF objectIds (`ZTF24aaaaaab`) and of fink-fat trajectory ids
 * (`FF20230710aaaaaap`). Pure.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const BASE = LETTERS.length;

/**
 * Writes a counter as `width` base-26 letters.
 *
 * @param counter whole number, 0 ≤ counter < 26^width.
 * @param width number of letters, 1 to 10 (26^10 < 2^53, so every counter is exact).
 * @returns the letters (`base26Letters(27, 7)` = `aaaaabb`), or null when the counter is negative, not an
 *   integer, or does not fit `width` letters, or the width is outside 1-10.
 *
 * Reference: docs/references.md#ssocand-id (fink-fat `int_to_tags`: 15 → aaaaaap, 27 → aaaaabb, 652 → aaaaazc).
 */
export function base26Letters(counter: number, width: number): string | null {
  if (!Number.isInteger(width) || width < 1 || width > 10) return null;
  if (!Number.isInteger(counter) || counter < 0 || counter >= BASE ** width) return null;
  let n = counter;
  let letters = '';
  for (let i = 0; i < width; i++) {
    letters = LETTERS[n % BASE] + letters;
    n = Math.floor(n / BASE);
  }
  return letters;
}

/**
 * Reads base-26 letters back into their counter.
 *
 * @param letters one or more letters a-z (at most 10).
 * @returns the counter (`aaaaazc` → 652), or null when the text holds anything but 1-10 lowercase letters.
 */
export function base26Counter(letters: string): number | null {
  if (!/^[a-z]{1,10}$/.test(letters)) return null;
  let n = 0;
  for (const ch of letters) n = n * BASE + (ch.charCodeAt(0) - 97);
  return n;
}
