/**
 * `resolver=ssodnet`, offline from the store's orbit catalogue (`skyalert orbits load`) and its alerts. Forward:
 * a name, number or designation → the ZTF `ssnamenr` values under which the object's alerts are stored, one row
 * each (`i:ssnamenr`, `i:name`, `i:number`); with nmax = 1 the key must match exactly, with nmax > 1 keys that
 * start with the text count too (completion, as Fink's prefix scan). Objects without alerts in the store give no
 * row (Fink's table is built from the alerts). Reverse: a ZTF objectId → the `ssnamenr` of its alerts, identified
 * in the catalogue (name and number null when it does not know them).
 * Reference: fink-object-api apps/routes/v1/ztf/resolver/utils.py (ssodnet branch);
 * docs/references.md#sso-name-resolution.
 */
import { ztfSsnamenrSpellings } from '../../compute/sso/catalogue/index.js';
import { currentOrbitCatalogue } from '../../data/index.js';
import {
  findSeenSsnamenrs,
  findSsoIdsByPrefix,
  identifySsnamenr,
  readOrbitsByIds,
} from '../../data/queries/index.js';
import { objectReads } from '../object-reads.js';
import { resolveSsoTarget } from '../sso-targets.js';
import type { StoreReader } from '../store-reader.js';
import type { ResolveRequest } from './request.js';

/** One answered object: what `i:name` and `i:number` say, and its ZTF spellings. */
interface Named {
  readonly name: string | null;
  readonly number: number | null;
  readonly ssnamenrs: readonly string[];
}

/** Most objects a completion (nmax > 1) considers: a one-character prefix would otherwise name 100,000s. */
export const MAX_COMPLETIONS = 1000;

const row = (ssnamenr: string, o: { name: string | null; number: number | null }) => ({
  'i:ssnamenr': ssnamenr,
  'i:name': o.name,
  'i:number': o.number,
});

/** The objects a name designates: the exact match first, then (nmax > 1) those with a key starting with it. */
async function namedObjects(reader: StoreReader, req: ResolveRequest): Promise<Named[]> {
  const out: Named[] = [];
  const exact = await resolveSsoTarget(reader, req.name);
  if (exact !== null) out.push({ name: exact.name, number: exact.number, ssnamenrs: exact.ssnamenrs });
  const files = currentOrbitCatalogue(reader.layout);
  if (req.nmax === 1 || files === null) return out;
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  const ids = await findSsoIdsByPrefix(query, files, req.name, Math.min(req.nmax, MAX_COMPLETIONS));
  const found = await readOrbitsByIds(query, files, ids);
  const known = new Set(out.flatMap((o) => o.ssnamenrs));
  for (const id of ids) {
    const o = found.get(id);
    if (o === undefined || ztfSsnamenrSpellings(o).some((s) => known.has(s))) continue;
    out.push({ name: o.name ?? o.designation, number: o.number, ssnamenrs: o.ztfSsnamenr });
  }
  return out;
}

/** Forward resolution: rows of the ZTF spellings seen in the alerts, at most `nmax`. */
export async function resolveSsodnet(
  reader: StoreReader,
  req: ResolveRequest,
): Promise<Record<string, unknown>[]> {
  if (req.reverse) return reverseSsodnet(reader, req);
  const objects = await namedObjects(reader, req);
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  const seen = new Set(
    await findSeenSsnamenrs(
      query,
      reader.layout,
      reader.current(),
      objects.flatMap((o) => o.ssnamenrs),
    ),
  );
  const rows = objects.flatMap((o) => o.ssnamenrs.filter((s) => seen.has(s)).map((s) => row(s, o)));
  return rows.slice(0, req.nmax);
}

/** Reverse resolution: the Solar System objects the object's alerts (at most `nmax`, newest first) were associated with. */
async function reverseSsodnet(reader: StoreReader, req: ResolveRequest): Promise<Record<string, unknown>[]> {
  const alerts = objectReads(reader, reader.snapshot(), req.name, true).alerts().slice(0, req.nmax);
  const ssnamenrs = [
    ...new Set(alerts.map((a) => a.i_ssnamenr).filter((s): s is string => typeof s === 'string' && s !== '')),
  ];
  const files = currentOrbitCatalogue(reader.layout);
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  const ids = files === null ? new Map() : await identifySsnamenr(query, files, ssnamenrs);
  return ssnamenrs.map((s) => {
    const id = ids.get(s);
    if (id !== undefined) return row(s, { name: id.name ?? id.designation, number: id.number });
    return row(s, { name: null, number: /^\d{1,7}$/.test(s) ? Number(s) : null });
  });
}
