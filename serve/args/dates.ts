/**
 * Date arguments (`startdate`, `stopdate`, ...): ISO text (`2021-11-03`, `2021-11-03 10:00:00`,
 * `2021-11-03T10:00:00.5Z`) or a JD or MJD number, all turned into `jd` (JD UTC). Numbers follow the reference
 * rule: a value whose integer division by 2,400,000 is non-zero is a JD, any other value an MJD.
 *
 * Reference: docs/references.md#api-dates (`isoify_time`; default start 2019-11-01, default stop now).
 */
import { z } from 'zod';
import { DATE_FORMS, parseDateToJd, unixMsToJd } from '../../compute/time/index.js';
import { numberArg } from './common.js';

/** JD of 2019-11-01 00:00 UTC, the start of Fink operations: the default `startdate` everywhere. */
export const DEFAULT_START_JD = 2458788.5;
/** {@link DEFAULT_START_JD} as a client writes it. */
export const DEFAULT_START_DATE = '2019-11-01';

// the parser is pure and shared with the portal (compute/time/date-text.ts)
export {
  DATE_FORMS,
  JD_THRESHOLD,
  MAX_DATE_JD,
  type ParsedDate,
  parseDateToJd,
} from '../../compute/time/index.js';

/** A date argument (ISO text, JD or MJD; JSON number or text) validated and turned into a JD (UTC). */
export const dateArg = z
  .union([z.string(), z.number()], { message: `expected ${DATE_FORMS}` })
  .transform((v, ctx) => {
    const parsed = parseDateToJd(v);
    if ('jd' in parsed) return parsed.jd;
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(v)} ${parsed.error}` });
    return z.NEVER;
  });

/** The JD (UTC) of a Unix time in milliseconds: the default `stopdate` ("now") of a request. */
export function nowJd(nowMs: number = Date.now()): number {
  return unixMsToJd(nowMs);
}

/** A positive number of days (JSON number or text), e.g. a time window. */
export const positiveDaysArg = numberArg((days) => days > 0, 'a positive number of days').meta({ unit: 'd' });
