/**
 * Argument types shared by endpoints (docs/api.md, shared behaviour): booleans in every spelling
 * clients send, numbers given as JSON numbers or text, comma lists, output formats.
 */
import { z } from 'zod';

const TRUE = new Set(['true', 'True', 'TRUE', '1']);
const FALSE = new Set(['false', 'False', 'FALSE', '0']);

/** A boolean given as JSON true/false or the strings true/True/1/false/False/0. */
export const booleanArg = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  ctx.addIssue({
    code: 'custom',
    message: `expected a boolean (true/false, True/False, 1/0), got ${JSON.stringify(v)}`,
  });
  return z.NEVER;
});

/**
 * A number given as a JSON number or as text, accepted when `isValid` holds (NaN and empty text never do); the
 * error says `expected <expected>, got <value>`.
 *
 * @param missing the message when the value is neither a number nor text (e.g. a required argument left out).
 */
export function numberArg(isValid: (n: number) => boolean, expected: string, missing?: string) {
  return z
    .union([z.number(), z.string()], missing === undefined ? undefined : { message: missing })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      if (Number.isFinite(n) && isValid(n)) return n;
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, got ${JSON.stringify(v)}` });
      return z.NEVER;
    });
}

/** Output formats of tabular endpoints. */
export const OUTPUT_FORMATS = ['json', 'csv', 'parquet', 'votable'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A comma-separated list, trimmed, empty items dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
