/**
 * Sky-position arguments of cone searches: `ra` and `dec` in decimal degrees or sexagesimal text, `radius` in
 * arcseconds, validated with the pure parsers of compute/sky/sexagesimal.ts (re-exported here).
 *
 * Reference: docs/references.md#api-coordinates (coordinate parsing: `h` → units in the text, `:` or space → hours/degrees,
 * else degrees), §7.3 (`test_coordinates`), §9.6 (radius cap 18,000″).
 */
import { z } from 'zod';
import {
  DEC_FORMS,
  type ParsedAngle,
  parseDecDeg,
  parseRaDeg,
  parseRadiusArcsec,
  RA_FORMS,
} from '../../compute/sky/index.js';

export {
  ARCSEC_PER_DEG,
  MAX_RADIUS_ARCSEC,
  type ParsedAngle,
  parseDecDeg,
  parseRaDeg,
  parseRadiusArcsec,
} from '../../compute/sky/index.js';

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
export const radiusArg = angleArg(parseRadiusArcsec, 'a number of arcseconds').meta({ unit: 'arcsec' });
