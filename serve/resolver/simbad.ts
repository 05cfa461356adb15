/**
 * `resolver=simbad`. Forward (ZTF and LSST): a name the alerts' cross-match fields carry (ZTF: a Gaia DR3, 3HSP
 * or 4LAC name; LSST: serve/resolver/lsst.ts) is answered offline, from those alerts, in Sesame's field names;
 * any other name is sent to the Sesame service the operator configured (SKYALERT_SIMBAD_URL; docs/api.md#resolver),
 * and its `<Resolver>` records are answered as Fink does; without one, a 400 says so. Reverse (ZTF), offline: the
 * alerts of the ZTF object with their SIMBAD cross-match (`d:cdsxmatch`), most recent first.
 * Reference: fink-object-api apps/routes/v1/ztf/resolver/utils.py (simbad branch).
 */
import { findObjectsByXmatchName, type XmatchNamedObject } from '../../data/queries/index.js';
import { ApiError } from '../errors.js';
import { objectReads } from '../object-reads.js';
import type { StoreReader } from '../store-reader.js';
import type { ResolveRequest } from './request.js';
import { readSesameResolvers } from './sesame-xml.js';

/** Longest wait for the upstream resolver (ms). */
const UPSTREAM_TIMEOUT_MS = 15_000;
/** Largest upstream answer read (bytes): a Sesame answer is a few kB. */
const MAX_UPSTREAM_BYTES = 1_000_000;

/** Alerts of a ZTF object with their SIMBAD class, at most `nmax`, most recent first. */
export function reverseSimbad(reader: StoreReader, req: ResolveRequest): Record<string, unknown>[] {
  return objectReads(reader, reader.snapshot(), req.name, true)
    .alerts()
    .slice(0, req.nmax)
    .map((a) => ({
      'i:objectId': a.i_objectId,
      'd:cdsxmatch': a.d_cdsxmatch,
      'i:ra': a.i_ra,
      'i:dec': a.i_dec,
      'i:candid': a.i_candid,
      'i:jd': a.i_jd,
    }));
}

/**
 * The records of a name, forward, for either survey: the objects whose alerts carry it in a cross-match name field
 * (found offline by the caller), one row each in Sesame's field names — `oname` the name as the alert carries it,
 * `otype` its SIMBAD class, `jradeg` and `jdedeg` the alert's position (deg) — with the object's id in `idField`
 * and `v:xmatch_field` (which field held the name); when none carries it, the upstream's records.
 * @param urlTemplate the operator's URL with `{name}`; null when none is configured.
 * @param idField the survey's object id field (`i:objectId`, `r:diaObjectId`).
 * With `req.offline`, the alerts' names only: a name none carries gives [] (no upstream asked, no 400).
 * @throws ApiError 400 when no alert carries the name and no upstream is configured; 502 when the upstream
 *   cannot be reached or answers no XML.
 */
export async function resolveSimbadName(
  found: readonly XmatchNamedObject[],
  idField: string,
  urlTemplate: string | null,
  req: { readonly name: string; readonly nmax: number; readonly offline?: boolean },
): Promise<Record<string, unknown>[]> {
  if (found.length > 0)
    return found.map((o) => ({
      name: req.name,
      oname: o.oname,
      otype: o.otype,
      jradeg: o.raDeg,
      jdedeg: o.decDeg,
      [idField]: o.objectId,
      'v:xmatch_field': o.field,
    }));
  if (req.offline) return [];
  if (urlTemplate === null)
    throw new ApiError(
      400,
      'No alert carries this name in a cross-match field, and this server does not query SIMBAD (its operator has ' +
        'not set SKYALERT_SIMBAD_URL): resolve the name at https://cds.unistra.fr/cgi-bin/Sesame, or use ' +
        `reverse=true with a ${idField.slice(2)} (answered offline).`,
    );
  return querySesame(urlTemplate, req.name, req.nmax);
}

/**
 * The records of a name on a ZTF store: from the alerts' cross-match names when they carry it, else from the
 * upstream (see {@link resolveSimbadName}).
 * @param urlTemplate the operator's URL with `{name}`; null when none is configured.
 */
export async function resolveSimbad(
  reader: StoreReader,
  urlTemplate: string | null,
  req: ResolveRequest,
): Promise<Record<string, unknown>[]> {
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  const found = await findObjectsByXmatchName(query, reader.layout, reader.current(), req.name, req.nmax);
  return resolveSimbadName(found, 'i:objectId', urlTemplate, req);
}

/**
 * The `<Resolver>` records the operator's Sesame service answers for `name`, at most `nmax`, as Fink answers them.
 * @param urlTemplate the operator's URL with `{name}`.
 * @throws ApiError 502 when the service cannot be reached or answers no XML.
 */
export async function querySesame(
  urlTemplate: string,
  name: string,
  nmax: number,
): Promise<Record<string, unknown>[]> {
  const url = urlTemplate.replaceAll('{name}', encodeURIComponent(name));
  let xml: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_UPSTREAM_BYTES) throw new Error(`answer larger than ${MAX_UPSTREAM_BYTES} bytes`);
    xml = new TextDecoder().decode(bytes);
  } catch (err) {
    throw new ApiError(502, `The SIMBAD name resolver could not be reached: ${(err as Error).message}.`);
  }
  try {
    return readSesameResolvers(xml).slice(0, nmax);
  } catch (err) {
    throw new ApiError(502, `The SIMBAD name resolver answered no readable XML: ${(err as Error).message}.`);
  }
}
