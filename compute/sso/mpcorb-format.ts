/**
 * MPC one-line orbit format (MPCORB.DAT): packed numbers, provisional designations and epochs, and the writer and
 * parser of one line. Pure.
 * Reference: MPC "Export Format for Minor-Planet Orbits" (minorplanetcenter.net/iau/info/MPOrbitFormat.html);
 * packed forms per MPC "Packed Provisional and Permanent Designations"; docs/references.md#mpc-packed-designations and #orbit-formats.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CENTURY_LETTERS: Readonly<Record<string, number>> = { I: 18, J: 19, K: 20 };
/** JD of the Unix epoch (1970-01-01 0h). */
const JD_UNIX_EPOCH = 2440587.5;

/** Thrown when a designation, epoch or line cannot be packed or parsed. */
export class MpcFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MpcFormatError';
  }
}

/**
 * Packs a minor-planet number into 5 characters: digits below 100,000; a letter (A = 10 ... z = 61) and 4 digits
 * up to 619,999; `~` and 4 base-62 digits of n - 620,000 up to 15,396,335.
 * Throws MpcFormatError outside 1..15,396,335.
 */
export function packNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 620000 + 62 ** 4 - 1) {
    throw new MpcFormatError(`minor-planet number out of range: ${n}`);
  }
  if (n < 100000) return String(n).padStart(5, '0');
  if (n < 620000) return BASE62[Math.floor(n / 10000)] + String(n % 10000).padStart(4, '0');
  let rest = n - 620000;
  let out = '';
  for (let i = 0; i < 4; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return `~${out}`;
}

/** Unpacks a 5-character packed number; null when the text is not a packed number. */
export function unpackNumber(packed: string): number | null {
  const t = packed.trim();
  if (/^\d{5}$/.test(t)) return Number(t);
  if (/^[A-Za-z]\d{4}$/.test(t)) return BASE62.indexOf(t[0]) * 10000 + Number(t.slice(1));
  if (/^~[0-9A-Za-z]{4}$/.test(t)) {
    let n = 0;
    for (const c of t.slice(1)) n = n * 62 + BASE62.indexOf(c);
    return n + 620000;
  }
  return null;
}

/**
 * Packs a provisional designation `YYYY LLnnn` (e.g. "2019 AB12") into 7 characters (`K19A12B`), or a
 * Palomar-Leiden / Trojan survey designation (`2040 P-L` → `PLS2040`, `3138 T-1` → `T1S3138`).
 * Throws MpcFormatError for another form or a year outside 1800-2099.
 */
export function packProvisional(designation: string): string {
  const survey = /^(\d{4}) (P-L|T-[123])$/.exec(designation.trim());
  if (survey) return `${survey[2] === 'P-L' ? 'PL' : `T${survey[2][2]}`}S${survey[1]}`;
  const m = /^(\d{2})(\d{2}) ([A-Z])([A-Z])(\d*)$/.exec(designation.trim());
  if (!m) throw new MpcFormatError(`not a provisional designation: "${designation}"`);
  const century = Object.entries(CENTURY_LETTERS).find(([, c]) => c === Number(m[1]))?.[0];
  if (!century) throw new MpcFormatError(`year out of range in "${designation}"`);
  const cycle = m[5] === '' ? 0 : Number(m[5]);
  if (cycle > 619) throw new MpcFormatError(`cycle count above 619 in "${designation}"`);
  const cycleText =
    cycle < 100 ? String(cycle).padStart(2, '0') : BASE62[Math.floor(cycle / 10)] + (cycle % 10);
  return `${century}${m[2]}${m[3]}${cycleText}${m[4]}`;
}

/**
 * Unpacks a 7-character packed provisional designation (`K19A12B` → "2019 AB12", `PLS2040` → "2040 P-L"); null
 * when it is not one.
 */
export function unpackProvisional(packed: string): string | null {
  const survey = /^(PL|T[123])S(\d{4})$/.exec(packed.trim());
  if (survey) return `${survey[2]} ${survey[1] === 'PL' ? 'P-L' : `T-${survey[1][1]}`}`;
  const m = /^([IJK])(\d{2})([A-Z])([0-9A-Za-z])(\d)([A-Z])$/.exec(packed.trim());
  if (!m) return null;
  const cycle = BASE62.indexOf(m[4]) * 10 + Number(m[5]);
  return `${CENTURY_LETTERS[m[1]]}${m[2]} ${m[3]}${m[6]}${cycle === 0 ? '' : cycle}`;
}

/** The ZTF `ssnamenr` spelling of a provisional designation: without the space ("2019 AB12" → "2019AB12"). */
export function ztfSsnamenr(designation: string): string {
  return designation.replace(' ', '');
}

/**
 * Packs a calendar date (0h TT) into the 5-character MPC epoch (`K205V` = 2020-05-31).
 * @param jdTt JD TT of 0h of the date (fraction .5); the date of `jdTt` (rounded to the day) is packed.
 * Throws MpcFormatError outside 1800-2099.
 */
export function packEpoch(jdTt: number): string {
  const d = new Date(Math.round(jdTt - JD_UNIX_EPOCH) * 86_400_000);
  const year = d.getUTCFullYear();
  const century = Object.entries(CENTURY_LETTERS).find(([, c]) => c === Math.floor(year / 100))?.[0];
  if (!century) throw new MpcFormatError(`epoch year out of range: ${year}`);
  return `${century}${String(year % 100).padStart(2, '0')}${BASE62[d.getUTCMonth() + 1]}${BASE62[d.getUTCDate()]}`;
}

/** Unpacks a 5-character MPC epoch into JD TT (0h of the date); null when the text is not an epoch. */
export function unpackEpoch(packed: string): number | null {
  const m = /^([IJK])(\d{2})([1-9A-C])([1-9A-V])$/.exec(packed.trim());
  if (!m) return null;
  const year = CENTURY_LETTERS[m[1]] * 100 + Number(m[2]);
  const ms = Date.UTC(year, BASE62.indexOf(m[3]) - 1, BASE62.indexOf(m[4]));
  return ms / 86_400_000 + JD_UNIX_EPOCH;
}

/** One MPCORB.DAT orbit. Angles are J2000 ecliptic (deg); the epoch is 0h TT. */
export interface MpcorbRecord {
  /** Columns 1-7: packed number or packed provisional designation. */
  readonly packedDesignation: string;
  /** Absolute magnitude H (mag, V). */
  readonly hMag: number;
  /** Slope parameter G of the HG system. */
  readonly g: number;
  readonly epochJdTt: number;
  readonly meanAnomalyDeg: number;
  readonly periDeg: number;
  readonly nodeDeg: number;
  readonly inclDeg: number;
  readonly e: number;
  readonly meanMotionDegPerDay: number;
  readonly aAu: number;
  /** Columns 167-194 without the leading blanks, e.g. "(1) Ceres", "(523456) 2012 AB12" or "2019 AB12". */
  readonly readableDesignation: string;
  /** Column 106: uncertainty parameter U (0-9, or a letter). */
  readonly uncertainty?: string;
  /** Columns 108-116: reference. */
  readonly reference?: string;
  readonly observations?: number;
  readonly oppositions?: number;
  /** Columns 128-136: arc, "YYYY-YYYY" or "NNN days". */
  readonly arc?: string;
  /** r.m.s. residual (arcsec). */
  readonly rmsArcsec?: number;
  readonly coarsePerturbers?: string;
  readonly precisePerturbers?: string;
  readonly computer?: string;
  /** Columns 162-165: 4 hexadecimal digits of flags. */
  readonly flags?: string;
  /** Columns 195-202: date of the last observation, YYYYMMDD. */
  readonly lastObservation?: string;
}

function fixed(value: number, width: number, decimals: number, name: string): string {
  const text = value.toFixed(decimals);
  if (!Number.isFinite(value) || text.length > width) {
    throw new MpcFormatError(`${name} = ${value} does not fit ${width} columns`);
  }
  return text.padStart(width);
}

function text(value: string, width: number, name: string, right = false): string {
  if (value.length > width) throw new MpcFormatError(`${name} "${value}" longer than ${width} columns`);
  return right ? value.padStart(width) : value.padEnd(width);
}

/**
 * Formats one 202-character MPCORB.DAT line (without a newline).
 * Throws MpcFormatError when a value does not fit its columns.
 * Reference: MPC Export Format for Minor-Planet Orbits (columns listed in docs/references.md#orbit-formats).
 */
export function formatMpcorbLine(r: MpcorbRecord): string {
  const parts = [
    text(r.packedDesignation, 7, 'designation'),
    ' ',
    fixed(r.hMag, 5, 2, 'H'),
    ' ',
    fixed(r.g, 5, 2, 'G'),
    ' ',
    text(packEpoch(r.epochJdTt), 5, 'epoch'),
    ' ',
    fixed(r.meanAnomalyDeg, 9, 5, 'M'),
    '  ',
    fixed(r.periDeg, 9, 5, 'peri'),
    '  ',
    fixed(r.nodeDeg, 9, 5, 'node'),
    '  ',
    fixed(r.inclDeg, 9, 5, 'incl'),
    '  ',
    fixed(r.e, 9, 7, 'e'),
    ' ',
    fixed(r.meanMotionDegPerDay, 11, 8, 'n'),
    ' ',
    fixed(r.aAu, 11, 7, 'a'),
    '  ',
    text(r.uncertainty ?? '0', 1, 'U'),
    ' ',
    text(r.reference ?? 'MPO000000', 9, 'reference'),
    ' ',
    text(String(r.observations ?? 0), 5, 'observations', true),
    ' ',
    text(String(r.oppositions ?? 1), 3, 'oppositions', true),
    ' ',
    text(r.arc ?? '', 9, 'arc'),
    ' ',
    fixed(r.rmsArcsec ?? 0.5, 4, 2, 'rms'),
    ' ',
    text(r.coarsePerturbers ?? 'M-v', 3, 'coarse perturbers'),
    ' ',
    text(r.precisePerturbers ?? '3Ek', 3, 'precise perturbers'),
    ' ',
    text(r.computer ?? 'MPCLINUX', 10, 'computer'),
    ' ',
    text(r.flags ?? '0000', 4, 'flags'),
    ' ',
    text(layoutReadable(r.readableDesignation), 28, 'readable designation'),
    text(r.lastObservation ?? '', 8, 'last observation'),
  ];
  return parts.join('');
}

/**
 * The readable designation (columns 167-194) as MPC writes it: "(n)" right-aligned in 8 columns, a space and the
 * name or provisional designation; an unnumbered object's provisional designation starts in column 176.
 */
export function readableDesignation(number: number | null, nameOrProvisional: string): string {
  return number === null
    ? `${' '.repeat(9)}${nameOrProvisional}`
    : `${`(${number})`.padStart(8)} ${nameOrProvisional}`;
}

/** Places a trimmed readable designation in columns 167-194 as MPC does. */
function layoutReadable(readable: string): string {
  const t = readable.trim();
  const m = /^\((\d+)\) (.*)$/.exec(t);
  return m ? readableDesignation(Number(m[1]), m[2]) : readableDesignation(null, t);
}

function col(line: string, first: number, last: number): string {
  return line.slice(first - 1, last);
}

function num(line: string, first: number, last: number, name: string): number {
  const t = col(line, first, last).trim();
  const v = Number(t);
  if (t === '' || !Number.isFinite(v))
    throw new MpcFormatError(`bad ${name} in columns ${first}-${last}: "${t}"`);
  return v;
}

/**
 * Parses one MPCORB.DAT line; returns null for a blank, header or separator line (shorter than 103 columns or
 * without a valid packed epoch). Throws MpcFormatError when an orbital element is not a number.
 */
export function parseMpcorbLine(line: string): MpcorbRecord | null {
  if (line.length < 103) return null;
  const epochJdTt = unpackEpoch(col(line, 21, 25));
  if (epochJdTt === null) return null;
  const optionalNum = (first: number, last: number): number | undefined => {
    const t = col(line, first, last).trim();
    return t === '' || !Number.isFinite(Number(t)) ? undefined : Number(t);
  };
  return {
    packedDesignation: col(line, 1, 7).trim(),
    hMag: optionalNum(9, 13) ?? Number.NaN,
    g: optionalNum(15, 19) ?? 0.15,
    epochJdTt,
    meanAnomalyDeg: num(line, 27, 35, 'M'),
    periDeg: num(line, 38, 46, 'peri'),
    nodeDeg: num(line, 49, 57, 'node'),
    inclDeg: num(line, 60, 68, 'incl'),
    e: num(line, 71, 79, 'e'),
    meanMotionDegPerDay: num(line, 81, 91, 'n'),
    aAu: num(line, 93, 103, 'a'),
    uncertainty: col(line, 106, 106),
    reference: col(line, 108, 116).trim(),
    observations: optionalNum(118, 122),
    oppositions: optionalNum(124, 126),
    arc: col(line, 128, 136).trim(),
    rmsArcsec: optionalNum(138, 141),
    coarsePerturbers: col(line, 143, 145).trim(),
    precisePerturbers: col(line, 147, 149).trim(),
    computer: col(line, 151, 160).trim(),
    flags: col(line, 162, 165).trim(),
    readableDesignation: col(line, 167, 194).trim(),
    lastObservation: col(line, 195, 202).trim(),
  };
}
