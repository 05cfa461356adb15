/**
 * Rows of JPL SBDB query tables in the `{fields, data}` JSON layout (as KStars ships them) → catalogue records.
 * Asteroid tables give a, e, i, om, w, ma and epoch_mjd (converted to perihelion form); comet tables give q, e, i,
 * om, w, tp and epoch.mjd. JPL epochs and tp are TDB; they are used as TT (TDB - TT < 2 ms).
 * Reference: JPL SBDB Query API documentation (ssd-api.jpl.nasa.gov/doc/sbdb_query.html); docs/references.md#orbit-formats.
 */
import type { MagnitudeLaw } from '../orbit.js';
import {
  elementProblem,
  ellipticToPerihelion,
  type LineOutcome,
  MJD_TO_JD,
  normalizeDeg,
  type SsoIdentity,
  type SsoKind,
} from './catalogue-record.js';
import { parseCometName } from './comet-designation.js';

const ASTEROID_FIELDS = ['full_name', 'epoch_mjd', 'a', 'e', 'i', 'om', 'w', 'ma'] as const;
const COMET_FIELDS = ['full_name', 'epoch_mjd', 'q', 'e', 'i', 'om', 'w', 'tp'] as const;

/** "     1 Ceres (A801 AA)", "       (2010 JO69)", "  4179 Toutatis (1989 AC)", "469705 |=Kagara (2005 EF298)". */
const ASTEROID_FULL_NAME = /^\s*(\d+)?\s*([^()]*?)\s*(?:\(([^()]+)\))?\s*$/;

/** Identity of a JPL asteroid `full_name`; null when it gives neither number nor designation. */
export function jplAsteroidIdentity(fullName: string): SsoIdentity | null {
  const m = ASTEROID_FULL_NAME.exec(fullName);
  if (!m) return null;
  const number = m[1] === undefined ? null : Number(m[1]);
  const designation = m[3]?.trim() || null;
  if (number === null && designation === null) return null;
  return { kind: 'asteroid', number, name: number !== null && m[2] ? m[2] : null, designation };
}

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A parser of the rows of one table, and the kind of object the table holds. */
export interface JplRowParser {
  readonly kind: SsoKind;
  readonly parse: (row: readonly unknown[]) => LineOutcome;
}

/**
 * Builds the row parser for a table from its `fields` list ("epoch.mjd" and "epoch_mjd" are the same field).
 * Returns null when the fields are neither the asteroid layout (full_name, epoch_mjd, a, e, i, om, w, ma) nor
 * the comet layout (full_name, epoch_mjd, q, e, i, om, w, tp). Rows become records with H (asteroids: H and G;
 * comets: total magnitude M1 as H and a null slope, since the table has no K1) or `rejected` with a reason.
 */
export function jplRowParser(fields: readonly string[]): JplRowParser | null {
  const index = new Map(fields.map((f, i) => [f.replace('.', '_'), i]));
  const has = (names: readonly string[]) => names.every((n) => index.has(n));
  const kind: SsoKind | null = has(COMET_FIELDS) ? 'comet' : has(ASTEROID_FIELDS) ? 'asteroid' : null;
  if (kind === null) return null;
  const value = (row: readonly unknown[], name: string) => {
    const i = index.get(name);
    return i === undefined ? null : toNumber(row[i]);
  };
  const parse = (row: readonly unknown[]): LineOutcome => {
    const fullName = row[index.get('full_name') ?? 0];
    if (typeof fullName !== 'string') return { kind: 'rejected', reason: 'full_name is not a string' };
    const epochMjd = value(row, 'epoch_mjd');
    if (epochMjd === null) return { kind: 'rejected', reason: `${fullName.trim()}: no epoch` };
    const epochJdTt = epochMjd + MJD_TO_JD;
    let identity: SsoIdentity | null;
    let shape: { qAu: number; perihelionJdTt: number } | null;
    let magnitude: MagnitudeLaw;
    if (kind === 'comet') {
      const comet = parseCometName(fullName);
      identity = comet && { kind, number: null, name: comet.name, designation: comet.designation };
      const q = value(row, 'q');
      const tp = value(row, 'tp');
      shape = q === null || tp === null ? null : { qAu: q, perihelionJdTt: tp };
      magnitude = { kind: 'comet', hMag: value(row, 'M1'), gSlope: null };
    } else {
      identity = jplAsteroidIdentity(fullName);
      const [a, e, ma] = [value(row, 'a'), value(row, 'e'), value(row, 'ma')];
      shape = a === null || e === null || ma === null ? null : ellipticToPerihelion(a, e, ma, epochJdTt);
      magnitude = { kind: 'asteroid', hMag: value(row, 'H'), gSlope: value(row, 'G') };
    }
    if (!identity) return { kind: 'rejected', reason: `unreadable full_name "${fullName.trim()}"` };
    if (!shape) return { kind: 'rejected', reason: `${fullName.trim()}: missing or non-elliptic elements` };
    const e = value(row, 'e');
    const [i, om, w] = [value(row, 'i'), value(row, 'om'), value(row, 'w')];
    const elements = {
      ...shape,
      e: e ?? Number.NaN,
      inclDeg: i ?? Number.NaN,
      nodeDeg: normalizeDeg(om ?? Number.NaN),
      periDeg: normalizeDeg(w ?? Number.NaN),
      epochJdTt,
    };
    const problem = elementProblem(elements);
    if (problem) return { kind: 'rejected', reason: `${fullName.trim()}: ${problem}` };
    return { kind: 'record', record: { ...identity, orbit: { elements, magnitude }, source: 'jpl-sbdb' } };
  };
  return { kind, parse };
}
