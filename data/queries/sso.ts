/**
 * Query behind `/api/v1/sso`: alerts of known Solar System objects by their ZTF `ssnamenr` spellings, read from the
 * ssnamenr index (`idx_ssnamenr`): a part's roid = 3 alerts are read once by name (a server keeps them while the part
 * is published, so that a request runs no query over every part), then looked up by spelling. Only alerts that
 * the asteroid module (or ingestion, for raw streams) associated with a known object count: `d:roid` = 3
 * (docs/references.md#api-sso). Names are matched exactly: "8467" never finds "84673".
 */
import { listValue } from '@duckdb/node-api';
import type { Catalog, PartEntry } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** `d:roid` of an alert associated with a known (MPC) Solar System object. */
export const ROID_KNOWN_SSO = 3;

/** Every roid = 3 alert of a part's ssnamenr index, with its time. */
const SSO_ALERTS_OF_PART = (file: string) => `
  SELECT i_ssnamenr, i_objectId, i_candid, i_jd FROM read_parquet(${file})
  WHERE i_ssnamenr IS NOT NULL AND d_roid = ${ROID_KNOWN_SSO}`;

/** An alert reference with the ssnamenr it was found under. */
export interface SsoAlertRef extends AlertRef {
  readonly ssnamenr: string;
}

/** A part's roid = 3 alerts by `i:ssnamenr`, each with its time (JD UTC). */
export type SsoAlertsOfPart = ReadonlyMap<string, readonly (SsoAlertRef & { readonly jd: number })[]>;

/**
 * The roid = 3 alerts of one part by `i:ssnamenr`, read from its ssnamenr index. Parts are immutable: a server
 * keeps this for as long as the part is published (serve/sso-alerts.ts).
 */
export async function readSsoAlertsOfPart(
  query: QueryFn,
  layout: StoreLayout,
  part: PartEntry,
): Promise<SsoAlertsOfPart> {
  const rows = await query(SSO_ALERTS_OF_PART(partFileList(layout, [part], 'ssnamenr').sql), []);
  const byName = new Map<string, (SsoAlertRef & { readonly jd: number })[]>();
  for (const row of rows) {
    const ssnamenr = String(row.i_ssnamenr);
    const alert = {
      part: part.id,
      objectId: String(row.i_objectId),
      candid: BigInt(row.i_candid as bigint),
      ssnamenr,
      jd: row.i_jd as number,
    };
    const list = byName.get(ssnamenr);
    if (list) list.push(alert);
    else byName.set(ssnamenr, [alert]);
  }
  return byName;
}

/**
 * References of the roid = 3 alerts whose `i:ssnamenr` is one of `ssnamenrs` (exact), most recent first (ties:
 * candid descending).
 *
 * @param ssnamenrs ZTF spellings.
 * @param limit most alerts returned.
 * @param alertsOf the roid = 3 alerts of a part (readSsoAlertsOfPart, or a server's memo of it).
 */
export async function findSsoAlerts(
  catalog: Catalog,
  ssnamenrs: readonly string[],
  limit: number,
  alertsOf: (part: PartEntry) => Promise<SsoAlertsOfPart>,
): Promise<SsoAlertRef[]> {
  const names = [...new Set(ssnamenrs)];
  const found: (SsoAlertRef & { readonly jd: number })[] = [];
  for (const part of catalog.parts) {
    const byName = await alertsOf(part);
    for (const name of names) found.push(...(byName.get(name) ?? []));
  }
  found.sort((a, b) => b.jd - a.jd || (b.candid > a.candid ? 1 : b.candid < a.candid ? -1 : 0));
  return found
    .slice(0, limit)
    .map(({ part, objectId, candid, ssnamenr }) => ({ part, objectId, candid, ssnamenr }));
}

const SEEN_SSNAMENR = (files: string) => `
  SELECT DISTINCT i_ssnamenr FROM read_parquet(${files})
  WHERE i_ssnamenr IN (SELECT unnest($1::VARCHAR[])) AND d_roid = ${ROID_KNOWN_SSO}
  ORDER BY i_ssnamenr`;

/**
 * Which of `ssnamenrs` some roid = 3 alert of the store carries (exact), in byte order: the ZTF names under which
 * an object was actually observed.
 */
export async function findSeenSsnamenrs(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  ssnamenrs: readonly string[],
): Promise<string[]> {
  if (ssnamenrs.length === 0 || catalog.parts.length === 0) return [];
  const files = partFileList(layout, catalog.parts, 'ssnamenr');
  const rows = await query(SEEN_SSNAMENR(files.sql), [listValue([...ssnamenrs])]);
  return rows.map((r) => String(r.i_ssnamenr));
}
