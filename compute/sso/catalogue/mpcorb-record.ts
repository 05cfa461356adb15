/**
 * MPCORB.DAT lines → catalogue records: identity from the packed designation (columns 1-7) and the readable
 * designation (columns 167-194), elliptic elements (a, e, M, n) converted to perihelion form.
 * Reference: MPC Export Format for Minor-Planet Orbits; docs/references.md#mpc-packed-designations and #orbit-formats.
 */
import { MpcFormatError, parseMpcorbLine, unpackNumber, unpackProvisional } from '../mpcorb-format.js';
import {
  elementProblem,
  ellipticToPerihelion,
  type LineOutcome,
  normalizeDeg,
  type SsoIdentity,
} from './catalogue-record.js';

/** Readable forms of a provisional or survey designation ("2010 JO69", "2040 P-L", "A801 AA"). */
export const READABLE_PROVISIONAL =
  /^(?:[12]\d{3} [A-Z]{2}\d{0,3}|A\d{3} [A-Z]{2}\d{0,3}|\d{4} (?:P-L|T-[123]))$/;

/**
 * Identity of an MPCORB orbit: number from a packed number, designation from a packed provisional designation
 * or from the readable designation ("(624188) 2002 MA6"), name from the readable designation ("(8467)
 * Benoitcarry"). Null when neither column identifies the object.
 */
export function mpcorbIdentity(packedDesignation: string, readable: string): SsoIdentity | null {
  const numbered = /^\((\d+)\)\s+(.+)$/.exec(readable.trim());
  const number = unpackNumber(packedDesignation) ?? (numbered ? Number(numbered[1]) : null);
  const rest = numbered ? numbered[2].trim() : readable.trim();
  let designation = unpackProvisional(packedDesignation);
  let name: string | null = null;
  if (READABLE_PROVISIONAL.test(rest)) designation ??= rest;
  else if (rest !== '' && number !== null) name = rest;
  if (number === null && designation === null) return null;
  return { kind: 'asteroid', number, name, designation };
}

/**
 * Parses one MPCORB.DAT line into a catalogue record.
 * @param line one line without its newline.
 * @returns `not-orbit` for blank, header and separator lines (no packed epoch in columns 21-25); `rejected` with
 *   the reason for an orbit line whose elements or identity cannot be read; else the record (H null when blank,
 *   G null when blank).
 */
export function parseMpcorbCatalogueLine(line: string): LineOutcome {
  if (line.trim() === '') return { kind: 'not-orbit' };
  let parsed: ReturnType<typeof parseMpcorbLine>;
  try {
    parsed = parseMpcorbLine(line);
  } catch (err) {
    if (err instanceof MpcFormatError) return { kind: 'rejected', reason: err.message };
    throw err;
  }
  if (parsed === null) {
    const hasEpoch = /^[IJK]\d{2}[1-9A-C][1-9A-V]$/.test(line.slice(20, 25));
    return hasEpoch
      ? { kind: 'rejected', reason: `line too short (${line.length} columns)` }
      : { kind: 'not-orbit' };
  }
  const identity = mpcorbIdentity(parsed.packedDesignation, parsed.readableDesignation);
  if (!identity) {
    return { kind: 'rejected', reason: `unreadable designation "${parsed.packedDesignation}"` };
  }
  const perihelion = ellipticToPerihelion(
    parsed.aAu,
    parsed.e,
    parsed.meanAnomalyDeg,
    parsed.epochJdTt,
    parsed.meanMotionDegPerDay,
  );
  if (!perihelion)
    return { kind: 'rejected', reason: `not an elliptic orbit (a ${parsed.aAu}, e ${parsed.e})` };
  const elements = {
    ...perihelion,
    e: parsed.e,
    inclDeg: parsed.inclDeg,
    nodeDeg: normalizeDeg(parsed.nodeDeg),
    periDeg: normalizeDeg(parsed.periDeg),
    epochJdTt: parsed.epochJdTt,
  };
  const problem = elementProblem(elements);
  if (problem) return { kind: 'rejected', reason: problem };
  const hMag = Number.isFinite(parsed.hMag) ? parsed.hMag : null;
  const gSlope = line.slice(14, 19).trim() === '' ? null : parsed.g;
  return {
    kind: 'record',
    record: {
      ...identity,
      orbit: { elements, magnitude: { kind: 'asteroid', hMag, gSlope } },
      source: 'mpcorb',
    },
  };
}
