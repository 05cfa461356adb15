/**
 * `resolver=simbad`. Forward: the name is sent to the Sesame service the operator configured
 * (SKYALERT_SIMBAD_URL; docs/api.md#resolver), and its `<Resolver>` records are answered as Fink does; without one,
 * a 400 says so. Reverse, offline: the alerts of the ZTF object with their SIMBAD cross-match (`d:cdsxmatch`),
 * most recent first.
 * Reference: fink-object-api apps/routes/v1/ztf/resolver/utils.py (simbad branch).
 */
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
 * The Sesame records of a name.
 * @param urlTemplate the operator's URL with `{name}`; null when none is configured (400).
 * @throws ApiError 400 without an upstream; 502 when it cannot be reached or answers no XML.
 */
export async function resolveSimbad(
  urlTemplate: string | null,
  req: ResolveRequest,
): Promise<Record<string, unknown>[]> {
  if (urlTemplate === null)
    throw new ApiError(
      400,
      'This server does not query SIMBAD (its operator has not set SKYALERT_SIMBAD_URL): resolve the name at ' +
        'https://cds.unistra.fr/cgi-bin/Sesame, or use reverse=true with a ZTF objectId (answered offline).',
    );
  const url = urlTemplate.replaceAll('{name}', encodeURIComponent(req.name));
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
    return readSesameResolvers(xml).slice(0, req.nmax);
  } catch (err) {
    throw new ApiError(502, `The SIMBAD name resolver answered no readable XML: ${(err as Error).message}.`);
  }
}
