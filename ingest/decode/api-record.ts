/**
 * Records exported from the reference service's API (flat `i:`/`d:`/`v:`/`b:` columns, as its json and parquet
 * outputs) turned back into the alert record shape the normaliser reads: `i:` candidate fields into `candidate`,
 * `i:objectId`/`i:candid`/`i:publisher` and `d:` science fields at the top. `v:` fields are derived again at
 * query time and `b:` cutout arrays are not images, so both are dropped. Pure.
 */
import { CANDIDATE_FIELD_NAMES } from '../../data/index.js';

/** True when the column names are those of an API export (an `i:objectId` or `i:candid` column). */
export function isApiExportColumns(names: readonly string[]): boolean {
  return names.includes('i:objectId') || names.includes('i:candid');
}

/** The alert record (as decoded from Avro) equivalent to one API export row. */
export function apiRowToAlertRecord(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const candidate: Record<string, unknown> = {};
  const record: Record<string, unknown> = { candidate, prv_candidates: null };
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('i:')) {
      const field = key.slice(2);
      if (field === 'candid') {
        record.candid = value;
        candidate.candid = value;
      } else if (CANDIDATE_FIELD_NAMES.has(field)) candidate[field] = value;
      else record[field] = value;
    } else if (key.startsWith('d:')) {
      record[key.slice(2)] = value;
    }
  }
  return record;
}
