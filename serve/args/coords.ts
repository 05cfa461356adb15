/**
 * Sky-position arguments of cone searches: `ra` and `dec` in decimal degrees or sexagesimal text, `radius` in
 * arcseconds. RA in sexagesimal is in hours when written `12h55m17.3s`, `12:55:17.3` or `12 55 17.3`, and in
 * degrees when written `193d49m18.3s`; Dec is always in degrees (`+2 53 43`, `-2:53:43`, `2d53m43s`).
 *
 * Reference: fink-api.md §2.2 (coordinate parsing: `h` → units in the text, `:` or space → hours/degrees,
 * else degrees), §7.3 (`test_coordinates`), §9.6 (radius cap 18,000″).
 */
import { z } from 'zod';

/** Largest cone radius (arcsec): 5 degrees, as the reference enforces. */
export const MAX_RADIUS_ARCSEC = 18_000;
export const ARCSEC_PER_DEG = 3600;
const DEG_PER_HOUR = 15;

/** Result of parsing a coordinate: the angle (degrees), or the reason the text is not one. */
export type ParsedAngle = { readonly deg: number } | { readonly error: string };

const NUM = String.raw`(?:\d+\.?\d*|\.\d+)`;
const DECIMAL = new RegExp(String.raw`^([+-]?${NUM}(?:[eE][+-]?\d+)?)\s*(?:d|deg|°)?$`);
const DECIMAL_ONLY = new RegExp(String.raw`^[+-]?${NUM}(?:[eE][+-]?\d+)?$`);
/** `12h55m17.3s`, `12h55m`, `12h 55m 17.3s`, `12h`. */
const HOURS_LETTERS = new RegExp(String.raw`^(\d+)\s*h(?:\s*(\d+)\s*m(?:\s*(${NUM})\s*s?)?)?$`);
/** `+02d53m50.35s`, `193d49m18.267s`, `2°53'43"`. */
const DEGREES_LETTERS = new RegExp(
  String.raw`^([+-]?)(\d+)\s*[d°](?:\s*(\d+)\s*[m'′](?:\s*(${NUM})\s*(?:s|"|″)?)?)?$`,
);
/** `12:55:17.3`, `12 55 17.3`, `+02 53 50.35`, `-2:53:43`, `12:55`. */
const SEPARATED = new RegExp(String.raw`^([+-]?)(\d+)(?:\s*:\s*|\s+)(\d+)(?:(?:\s*:\s*|\s+)(${NUM}))?$`);

/** Degrees of sign, whole units, minutes and seconds; null when minutes or seconds are out of 0..60. */
function sexagesimal(sign: string, units: string, minutes?: string, seconds?: string): number | null {
  const m = Number(minutes ?? 0);
  const s = Number(seconds ?? 0);
  if (!(m < 60 && s < 60)) return null;
  const value = Number(units) + m / 60 + s / 3600;
  return sign === '-' ? -value : value;
}

const RA_FORMS =
  'decimal degrees (193.822), hours (12h55m17.3s, 12:55:17.3, 12 55 17.3) or degrees (193d49m18.3s)';
const DEC_FORMS = 'decimal degrees (2.897) or degrees (+2 53 49.4, 02:53:49.4, 2d53m49.4s)';

/**
 * Parses a right ascension.
 *
 * @param value a number (degrees) or text in one of the forms of the module doc.
 * @returns `{ deg }` with 0 ≤ deg < 360 (360 itself is read as 0), or `{ error }`. Never throws.
 */
export function parseRaDeg(value: string | number): ParsedAngle {
  const deg = typeof value === 'number' ? value : raTextDeg(value.trim());
  if (deg === null || !Number.isFinite(deg)) return { error: `is not a right ascension: use ${RA_FORMS}` };
  if (deg < 0 || deg > 360) return { error: 'must lie between 0 and 360 degrees (0h to 24h)' };
  return { deg: deg === 360 ? 0 : deg };
}

function raTextDeg(text: string): number | null {
  const decimal = DECIMAL.exec(text);
  if (decimal) return Number(decimal[1]);
  const letters = HOURS_LETTERS.exec(text);
  const separated = SEPARATED.exec(text);
  const hours = letters
    ? sexagesimal('+', letters[1], letters[2], letters[3])
    : separated && separated[1] === ''
      ? sexagesimal('+', separated[2], separated[3], separated[4])
      : null;
  if (hours !== null) return hours * DEG_PER_HOUR;
  const degrees = DEGREES_LETTERS.exec(text);
  return degrees && degrees[1] === '' ? sexagesimal('+', degrees[2], degrees[3], degrees[4]) : null;
}

/**
 * Parses a declination.
 *
 * @param value a number (degrees) or text in one of the forms of the module doc (sign before the degrees).
 * @returns `{ deg }` with −90 ≤ deg ≤ 90, or `{ error }`. Never throws.
 */
export function parseDecDeg(value: string | number): ParsedAngle {
  const deg = typeof value === 'number' ? value : decTextDeg(value.trim());
  if (deg === null || !Number.isFinite(deg)) return { error: `is not a declination: use ${DEC_FORMS}` };
  if (deg < -90 || deg > 90) return { error: 'must lie between -90 and +90 degrees' };
  return { deg };
}

function decTextDeg(text: string): number | null {
  const decimal = DECIMAL.exec(text);
  if (decimal) return Number(decimal[1]);
  const m = DEGREES_LETTERS.exec(text) ?? SEPARATED.exec(text);
  return m ? sexagesimal(m[1], m[2], m[3], m[4]) : null;
}

/**
 * Parses a cone radius.
 *
 * @param value a number or numeric text, in arcseconds.
 * @returns `{ deg }` (the radius in degrees) for 0 < radius ≤ {@link MAX_RADIUS_ARCSEC}, or `{ error }`.
 */
export function parseRadiusArcsec(value: string | number): ParsedAngle {
  const arcsec =
    typeof value === 'number' ? value : DECIMAL_ONLY.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(arcsec)) return { error: 'must be a number of arcseconds (e.g. 5)' };
  if (arcsec <= 0) return { error: 'must be a positive number of arcseconds' };
  if (arcsec > MAX_RADIUS_ARCSEC) return { error: 'cannot be bigger than 18,000 arcseconds (5 degrees)' };
  return { deg: arcsec / ARCSEC_PER_DEG };
}

function angleArg(parse: (v: string | number) => ParsedAngle, expected: string) {
  return z.union([z.string(), z.number()], { message: `expected ${expected}` }).transform((v, ctx) => {
    const parsed = parse(v);
    if ('deg' in parsed) return parsed.deg;
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(v)} ${parsed.error}` });
    return z.NEVER;
  });
}

/** `ra` argument → degrees in [0, 360). */
export const raArg = angleArg(parseRaDeg, RA_FORMS);
/** `dec` argument → degrees in [−90, 90]. */
export const decArg = angleArg(parseDecDeg, DEC_FORMS);
/** `radius` argument (arcsec) → degrees, in (0, 5]. */
export const radiusArg = angleArg(parseRadiusArcsec, 'a number of arcseconds');
