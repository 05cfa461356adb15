/**
 * Query behind `/api/v1/sso`: alerts of known Solar System objects by their ZTF `ssnamenr` spellings, read from the
 * ssnamenr index (`idx_ssnamenr`, sorted by ssnamenr then jd, so an exact name prunes row groups). Only alerts that
 * the asteroid module (or ingestion, for raw streams) associated with a known object count: `d:roid` = 3
 * (docs/references.md#api-sso). Names are matched exactly: "8467" never finds "84673".
 */
import { listValue } from '@duckdb/node-api';
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partFileList, toAlertRefs } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** `d:roid` of an alert associated with a known (MPC) Solar System object. */
export const ROID_KNOWN_SSO = 3;

const SSO_ALERTS = (files: string) => `
  SELECT i_objectId, i_candid, i_ssnamenr, filename FROM read_parquet(${files}, filename = true)
  WHERE i_ssnamenr IN (SELECT unnest($1::VARCHAR[])) AND d_roid = ${ROID_KNOWN_SSO}
  ORDER BY i_jd DESC LIMIT $2::BIGINT`;

/** An alert reference with the ssnamenr it was found under. */
export interface SsoAlertRef extends AlertRef {
  readonly ssnamenr: string;
}

/**
 * References of the roid = 3 alerts whose `i:ssnamenr` is one of `ssnamenrs` (exact), most recent first.
 *
 * @param ssnamenrs ZTF spellings (validated by the caller; they travel as a parameter).
 * @param limit most alerts returned.
 */
export async function findSsoAlerts(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  ssnamenrs: readonly string[],
  limit: number,
): Promise<SsoAlertRef[]> {
  if (ssnamenrs.length === 0 || catalog.parts.length === 0) return [];
  const files = partFileList(layout, catalog.parts, 'ssnamenr');
  const rows = await query(SSO_ALERTS(files.sql), [listValue([...ssnamenrs]), limit]);
  const refs = toAlertRefs(rows, files);
  return refs.map((r, i) => ({ ...r, ssnamenr: String(rows[i].i_ssnamenr) }));
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
