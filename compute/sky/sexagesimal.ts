/**
 * Sky positions written as text: right ascension and declination in decimal degrees or sexagesimal, and cone
 * radii in arcseconds. RA in sexagesimal is in hours when written `12h55m17.3s`, `12:55:17.3` or `12 55 17.3`, and
 * in degrees when written `193d49m18.3s`; Dec is always in degrees (`+2 53 43`, `-2:53:43`, `2d53m43s`). Pure
 * (no dependencies): the API's argument parsers and the web portal's search both use it.
 *
 * Reference: docs/references.md#api-coordinates (coordinate parsing: `h` → units in the text, `:` or space → hours/degrees,
 * else degrees), §7.3 (`test_coordinates`), §9.6 (radius cap 18,000″).
 */

/** Largest cone radius (arcsec): 5 degrees, as the reference enforces. */
export const MAX_RADIUS_ARCSEC = 18_000;
/**
 * Smallest cone radius (arcsec): 1 µas, far below any survey's astrometric precision; smaller values (down to
 * denormals such as 4.9e-324, which vanish once turned into degrees) are refused.
 */
export const MIN_RADIUS_ARCSEC = 1e-6;
/** Arcseconds in a degree. */
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

/** The right-ascension forms accepted, for messages. */
export const RA_FORMS =
  'decimal degrees (193.822), hours (12h55m17.3s, 12:55:17.3, 12 55 17.3) or degrees (193d49m18.3s)';
/** The declination forms accepted, for messages. */
export const DEC_FORMS = 'decimal degrees (2.897) or degrees (+2 53 49.4, 02:53:49.4, 2d53m49.4s)';

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
  if (arcsec < MIN_RADIUS_ARCSEC) return { error: 'cannot be smaller than 1e-6 arcseconds (1 µas)' };
  if (arcsec > MAX_RADIUS_ARCSEC) return { error: 'cannot be bigger than 18,000 arcseconds (5 degrees)' };
  return { deg: arcsec / ARCSEC_PER_DEG };
}

function splitSexagesimal(value: number, secondDecimals: number): [number, number, string] {
  const scale = 10 ** secondDecimals;
  let totalUnits = Math.round(value * 3600 * scale);
  const units = Math.floor(totalUnits / (3600 * scale));
  totalUnits -= units * 3600 * scale;
  const minutes = Math.floor(totalUnits / (60 * scale));
  const seconds = (totalUnits - minutes * 60 * scale) / scale;
  const width = secondDecimals > 0 ? 3 + secondDecimals : 2;
  return [units, minutes, seconds.toFixed(secondDecimals).padStart(width, '0')];
}

/**
 * Writes a right ascension as hours, minutes and seconds, `HH:MM:SS.ss`.
 *
 * @param raDeg right ascension (deg), any value (wrapped into [0, 360)).
 * @param secondDecimals decimals of the seconds (default 2, i.e. 0.15″ of arc at the equator).
 * @returns e.g. `12:55:17.22` for 193.822°; rounding never yields 60 seconds or 24 hours.
 */
export function formatRaHms(raDeg: number, secondDecimals = 2): string {
  const wrapped = ((raDeg % 360) + 360) % 360;
  const [h, m, s] = splitSexagesimal(wrapped / DEG_PER_HOUR, secondDecimals);
  return `${String(h % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s}`;
}

/**
 * Writes a declination as signed degrees, arcminutes and arcseconds, `±DD:MM:SS.s`.
 *
 * @param decDeg declination (deg), −90 to +90.
 * @param secondDecimals decimals of the arcseconds (default 1).
 * @returns e.g. `+02:53:50.4` for 2.89732°; the sign is always written.
 */
export function formatDecDms(decDeg: number, secondDecimals = 1): string {
  const [d, m, s] = splitSexagesimal(Math.abs(decDeg), secondDecimals);
  return `${decDeg < 0 ? '-' : '+'}${String(d).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s}`;
}
