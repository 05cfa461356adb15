/**
 * CometEls.txt lines (MPC one-line comet elements) → catalogue records. The elements are already in perihelion
 * form; identity comes from the designation-and-name column (103-158), with the packed columns 1-12 as fallback.
 * Reference: MPC "Export Format for Comet Orbits"; docs/references.md#orbit-formats (columns).
 */
import { JD_UNIX_EPOCH, MS_PER_DAY } from '../../time/index.js';
import { elementProblem, type LineOutcome, normalizeDeg } from './catalogue-record.js';
import { parseCometName, unpackCometDesignation } from './comet-designation.js';

/**
 * JD of a calendar date in the proleptic Gregorian calendar.
 * @param day day of the month with its fraction (1.0 = 0h of the first day).
 */
export function calendarToJd(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, 1);
  return d.getTime() / MS_PER_DAY + JD_UNIX_EPOCH + (day - 1);
}

function col(line: string, first: number, last: number): string {
  return line.slice(first - 1, last).trim();
}

function numberAt(line: string, first: number, last: number): number | null {
  const t = col(line, first, last);
  const v = Number(t);
  return t === '' || !Number.isFinite(v) ? null : v;
}

/**
 * Parses one CometEls.txt line into a catalogue record (kind `comet`, number null, magnitude law `comet` with
 * H and G of columns 92-100, null when blank).
 * @returns `not-orbit` for blank lines and lines without a perihelion date; `rejected` with the reason for a line
 *   whose elements or designation cannot be read. A line without an epoch of osculation (columns 82-89 blank)
 *   takes the perihelion time as its epoch.
 */
export function parseCometElsLine(line: string): LineOutcome {
  if (line.trim() === '') return { kind: 'not-orbit' };
  const year = numberAt(line, 15, 18);
  const month = numberAt(line, 20, 21);
  const day = numberAt(line, 23, 29);
  if (year === null || month === null || day === null) return { kind: 'not-orbit' };
  if (month < 1 || month > 12 || day < 1 || day >= 33) {
    return { kind: 'rejected', reason: `bad perihelion date "${col(line, 15, 29)}"` };
  }
  const readable = parseCometName(col(line, 103, 158));
  const designation = readable?.designation ?? unpackCometDesignation(line.slice(0, 12));
  if (!designation) return { kind: 'rejected', reason: `unreadable designation "${col(line, 1, 12)}"` };
  const perihelionJdTt = calendarToJd(year, month, day);
  const epochText = col(line, 82, 89);
  const epoch = /^(-?\d{1,4})(\d{2})(\d{2})$/.exec(epochText);
  if (epochText !== '' && !epoch) return { kind: 'rejected', reason: `bad epoch "${epochText}"` };
  const epochJdTt = epoch
    ? calendarToJd(Number(epoch[1]), Number(epoch[2]), Number(epoch[3]))
    : perihelionJdTt;
  const values = {
    qAu: numberAt(line, 31, 39),
    e: numberAt(line, 42, 49),
    periDeg: numberAt(line, 52, 59),
    nodeDeg: numberAt(line, 62, 69),
    inclDeg: numberAt(line, 72, 79),
  };
  const missing = Object.entries(values).find(([, v]) => v === null);
  if (missing) return { kind: 'rejected', reason: `${missing[0]} is not a number` };
  const elements = {
    qAu: values.qAu ?? Number.NaN,
    e: values.e ?? Number.NaN,
    inclDeg: values.inclDeg ?? Number.NaN,
    nodeDeg: normalizeDeg(values.nodeDeg ?? Number.NaN),
    periDeg: normalizeDeg(values.periDeg ?? Number.NaN),
    perihelionJdTt,
    epochJdTt,
  };
  const problem = elementProblem(elements);
  if (problem) return { kind: 'rejected', reason: problem };
  return {
    kind: 'record',
    record: {
      kind: 'comet',
      number: null,
      name: readable?.name ?? null,
      designation,
      orbit: {
        elements,
        magnitude: { kind: 'comet', hMag: numberAt(line, 92, 95), gSlope: numberAt(line, 97, 100) },
      },
      source: 'cometels',
    },
  };
}
