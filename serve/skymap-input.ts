/**
 * The sky map of a `/api/v1/bayestar` request: from an uploaded file, from the reference clients' Python
 * bytes-literal text (`bayestar` argument), or downloaded by event name when the operator configured a URL
 * template (`SKYALERT_GRACEDB_URL`, e.g. `https://gracedb.ligo.org/api/superevents/{event}/files/bayestar.fits.gz`).
 * Maps are decompressed with a size bound and parsed once: a cache keyed by the content's SHA-256 keeps the last
 * maps and their credible regions, so the portal's two requests (objects, then the MOC) parse once. The cache is
 * bounded in bytes (an NSIDE-2048 flat map parses into 850 MB): the least recent maps leave it first, and a map
 * larger than the bound is not kept. Each heavy-request thread (serve/heavy/) has its own cache.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { isGzip } from '../compute/fits/index.js';
import { type CredibleRegion, credibleRegion, readSkymap, type Skymap } from '../compute/skymap/index.js';
import type { Upload } from './args/index.js';
import { parseBytesLiteral } from './args/index.js';
import { ApiError } from './errors.js';

/** Largest decompressed map (bytes): an NSIDE-1024 flat map of doubles is 100 MB. */
export const MAX_SKYMAP_BYTES = 256 * 2 ** 20;
/** Environment variable holding the download URL template of event maps (`{event}` is replaced). */
export const GRACEDB_URL_ENV = 'SKYALERT_GRACEDB_URL';
/** GraceDB superevent and event ids: S200219ac, MS230101a, G364600, ... */
const EVENT_NAME = /^[A-Za-z]{1,3}\d{6}[a-z]{0,3}$|^[A-Z]\d{1,7}$/;
/** Most bytes of parsed maps and regions kept (per thread): 512 MiB. */
export const MAX_SKYMAP_CACHE_BYTES = 512 * 2 ** 20;

/** A parsed map and the regions computed on it, by level. */
interface CachedMap {
  readonly map: Skymap;
  readonly regions: Map<number, CredibleRegion>;
}

const cache = new Map<string, CachedMap>();

/** Bytes a cached map holds: its arrays and its regions' masks. */
function cachedBytes(entry: CachedMap): number {
  const { orders, pixels, prob } = entry.map;
  let bytes = orders.byteLength + pixels.byteLength + prob.byteLength;
  for (const region of entry.regions.values()) bytes += region.isInRegion.byteLength;
  return bytes;
}

/** Drops the least recent maps until the cache holds at most {@link MAX_SKYMAP_CACHE_BYTES}. */
function boundCache(): void {
  let total = 0;
  for (const entry of cache.values()) total += cachedBytes(entry);
  for (const [key, entry] of cache) {
    if (total <= MAX_SKYMAP_CACHE_BYTES) return;
    total -= cachedBytes(entry);
    cache.delete(key);
  }
}

/** A map and its credible region at the requested level. */
export interface MapRegion {
  readonly map: Skymap;
  readonly region: CredibleRegion;
}

/**
 * The raw bytes of the map a request names.
 *
 * @throws ApiError 400 when no map is given, two are given, the text is not a bytes literal, or an event name
 *   is given while no download URL is configured; 502 when the download fails.
 */
export async function skymapBytes(
  file: Upload | null,
  literal: string | undefined,
  eventName: string | undefined,
): Promise<Uint8Array> {
  const given = [file !== null, literal !== undefined, eventName !== undefined].filter(Boolean).length;
  if (given === 0)
    throw new ApiError(
      400,
      'Give a sky map: upload the FITS file (multipart part `file`, or a raw application/octet-stream body), ' +
        'or send its Python bytes literal in `bayestar`, or an `event_name`.',
    );
  if (given > 1)
    throw new ApiError(400, 'Give one sky map: a file, `bayestar` or `event_name`, not several.');
  if (file !== null) return file.bytes;
  if (literal !== undefined) {
    const parsed = parseBytesLiteral(literal);
    if ('error' in parsed) throw new ApiError(400, `The \`bayestar\` argument ${parsed.error}.`);
    return parsed.bytes;
  }
  return downloadEventMap(eventName as string);
}

async function downloadEventMap(eventName: string): Promise<Uint8Array> {
  const template = process.env[GRACEDB_URL_ENV];
  if (!template) {
    throw new ApiError(
      400,
      `This server does not download sky maps (it has no outside network, or ${GRACEDB_URL_ENV} is not set): ` +
        'upload the map file instead (multipart part `file`).',
    );
  }
  if (!EVENT_NAME.test(eventName))
    throw new ApiError(
      400,
      `Invalid \`event_name\` ${JSON.stringify(eventName)}: expected a GraceDB id such as S200219ac.`,
    );
  const url = template.replaceAll('{event}', encodeURIComponent(eventName));
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new ApiError(
      502,
      `The sky map of ${eventName} could not be downloaded: ${(err as Error).message}.`,
    );
  }
  if (response.status === 404)
    throw new ApiError(
      400,
      `No sky map found for event ${JSON.stringify(eventName)} (the download answered 404).`,
    );
  if (!response.ok)
    throw new ApiError(502, `The sky map of ${eventName} could not be downloaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The parsed map of `bytes` and its credible region at `level` (cached).
 *
 * @throws ApiError 400 when the bytes are not a readable HEALPix sky map; 413 when they decompress beyond
 *   {@link MAX_SKYMAP_BYTES}.
 */
export function skymapRegion(bytes: Uint8Array, level: number): MapRegion {
  const key = createHash('sha256').update(bytes).digest('hex');
  let entry = cache.get(key);
  if (entry === undefined) {
    entry = { map: parseMap(bytes), regions: new Map() };
  } else {
    cache.delete(key); // re-inserted below as the most recent
  }
  cache.set(key, entry);
  let region = entry.regions.get(level);
  if (region === undefined) {
    region = credibleRegion(entry.map, level);
    entry.regions.set(level, region);
  }
  boundCache();
  return { map: entry.map, region };
}

function parseMap(bytes: Uint8Array): Skymap {
  let plain = bytes;
  if (isGzip(bytes)) {
    try {
      plain = new Uint8Array(gunzipSync(bytes, { maxOutputLength: MAX_SKYMAP_BYTES }));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ApiError(
          413,
          `The sky map is larger than ${MAX_SKYMAP_BYTES / 2 ** 20} MiB once decompressed.`,
        );
      throw new ApiError(400, `The sky map is not a readable gzip file: ${(err as Error).message}.`);
    }
  }
  try {
    return readSkymap(plain);
  } catch (err) {
    throw new ApiError(
      400,
      `The sky map could not be read as a HEALPix FITS map: ${(err as Error).message}.`,
    );
  }
}
