/**
 * The per-alert `v:` fields, in the order the API writes them: classification, lastdate, firstdate, lapse,
 * constellation. Each depends on its alert alone (the colour and rate fields, which depend on the object's other
 * alerts, are in colour-rate.ts).
 *
 * Reference: docs/references.md#derived-fields (derived fields).
 */
import { constellationName } from './constellation.js';
import { firstdate, lapseDays, lastdate } from './dates.js';

/** The per-alert `v:` fields of one alert, keyed by their API names (a type alias: usable as a record). */
export type AlertVFields = {
  readonly 'v:classification': string;
  readonly 'v:lastdate': string | null;
  readonly 'v:firstdate': string | null;
  readonly 'v:lapse': number | null;
  readonly 'v:constellation': string | null;
};

/**
 * The per-alert `v:` fields.
 *
 * @param jd JD (UTC) of the alert (`i:jd`); null when missing.
 * @param jdstarthist JD (UTC) of the first detection of the object (`i:jdstarthist`); null when missing.
 * @param raDeg right ascension (`i:ra`, degrees), @param decDeg declination (`i:dec`, degrees); null when missing.
 * @param classification the alert's class (docs/references.md#fink-classification, computed at ingestion); null → `Unknown`.
 */
export function alertVFields(
  jd: number | null,
  jdstarthist: number | null,
  raDeg: number | null,
  decDeg: number | null,
  classification: string | null,
): AlertVFields {
  return {
    'v:classification': classification ?? 'Unknown',
    'v:lastdate': lastdate(jd),
    'v:firstdate': firstdate(jdstarthist),
    'v:lapse': lapseDays(jd, jdstarthist),
    'v:constellation': raDeg !== null && decDeg !== null ? constellationName(raDeg, decDeg) : null,
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** {@link alertVFields} of an API row (keyed by API names: `i:jd`, `i:jdstarthist`, `i:ra`, `i:dec`). */
export function alertVFieldsOfRow(
  row: Readonly<Record<string, unknown>>,
  classification: string | null,
): AlertVFields {
  return alertVFields(
    num(row['i:jd']),
    num(row['i:jdstarthist']),
    num(row['i:ra']),
    num(row['i:dec']),
    classification,
  );
}
