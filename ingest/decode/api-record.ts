/**
 * Records exported from the reference service's API (flat `i:`/`d:`/`v:`/`b:` columns, as its json and parquet
 * outputs) turned back into the alert record shape the normaliser reads: `i:` candidate fields into `candidate`,
 * `i:objectId`/`i:candid`/`i:publisher` and `d:` science fields at the top, the flattened map entries
 * (`d:mangrove_*`, `d:blazar_stats_*`) folded back into their map. `v:` fields are derived again at
 * query time and `b:` cutout arrays are not images, so both are dropped. Pure.
 */
import { ALERT_COLUMNS, CANDIDATE_FIELD_NAMES, type ColumnSource } from '../../data/index.js';

/** The map entry each flattened `d:` column of an export is (`d:mangrove_2MASS_name`: `mangrove`, `2MASS_name`). */
const MAP_ENTRY_OF = new Map(
  ALERT_COLUMNS.flatMap((c) => (c.from?.kind === 'map-entry' ? [[c.name, c.from] as const] : [])),
) as ReadonlyMap<string, Extract<ColumnSource, { kind: 'map-entry' }>>;

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
      const entry = MAP_ENTRY_OF.get(key);
      if (entry === undefined) record[key.slice(2)] = value;
      else {
        const map = (record[entry.field] ?? {}) as Record<string, unknown>;
        map[entry.key] = value;
        record[entry.field] = map;
      }
    }
  }
  return record;
}
