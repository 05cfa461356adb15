/**
 * Reads gravitational-wave sky maps from FITS (plain or gzipped): flat HEALPix maps (column PROB, RING or
 * NESTED, NSIDE from the header) and multi-order maps (columns UNIQ and PROBDENSITY).
 */
import { gunzipSync } from 'node:zlib';
import { FitsError, type FitsHeaderValue, isGzip, readFitsBinTable } from '../fits/index.js';
import { nestToRingTable } from '../sky/index.js';
import { MJD_OFFSET, unixMsToJd } from '../time/index.js';
import { flatSkymap, MAX_SKYMAP_ORDER, multiOrderSkymap, type Skymap } from './skymap.js';

/** DATE-OBS as ligo.skymap writes it: ISO 8601 UTC without zone, optional fraction of a second. */
const DATE_OBS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/**
 * The event time of a sky map's header: MJD-OBS when present (a Number, finer than the millisecond), else
 * DATE-OBS (fraction of a second kept to the microsecond).
 *
 * @returns JD (UTC), or null when neither card is usable.
 * Reference: FITS Standard 4.0, §4.4.2.2 (DATE-OBS), §9.5 (MJD-OBS).
 */
export function skymapT0Jd(header: ReadonlyMap<string, FitsHeaderValue>): number | null {
  const mjd = header.get('MJD-OBS');
  if (typeof mjd === 'number' && Number.isFinite(mjd)) return mjd + MJD_OFFSET;
  const date = header.get('DATE-OBS');
  if (typeof date !== 'string' || !DATE_OBS_PATTERN.test(date)) return null;
  const [whole, fraction = ''] = date.split('.');
  const ms = Date.parse(`${whole}Z`);
  if (!Number.isFinite(ms)) return null;
  return unixMsToJd(ms + Number(`0.${fraction || '0'}`) * 1000);
}

function textCard(header: ReadonlyMap<string, FitsHeaderValue>, key: string): string | null {
  const v = header.get(key);
  return typeof v === 'string' ? v.trim() : null;
}

/**
 * Decodes a sky map. Flat maps are reordered to NESTED; multi-order cells get their probability
 * PROBDENSITY × cell area. Extra columns (DISTMU, DISTSIGMA, DISTNORM) are not decoded.
 *
 * @param input the FITS file's bytes, plain or gzip (BAYESTAR `bayestar.fits.gz`, `*.multiorder.fits`).
 * @returns the map in sky order with t0 and OBJECT.
 * @throws FitsError when the bytes are not a readable HEALPix map: no BINTABLE, no PROB (or UNIQ and
 *   PROBDENSITY) column, ORDERING missing or unknown, explicit indexing (partial maps), a pixel count that is
 *   not 12·NSIDE², or cells deeper than order 24.
 *
 * Reference: Górski et al. 2005 (HEALPix FITS keywords PIXTYPE, ORDERING, NSIDE, INDXSCHM); Singer & Price
 * 2016, PRD 93, 024013 and ligo.skymap `io.fits` (BAYESTAR map layout, multi-order UNIQ/PROBDENSITY).
 */
export function readSkymap(input: Uint8Array): Skymap {
  // Gunzip once: the table is then scanned twice (header, then the needed columns).
  const bytes = isGzip(input) ? new Uint8Array(gunzipSync(input)) : input;
  const probe = readFitsBinTable(bytes, { columns: [] });
  const ordering = textCard(probe.header, 'ORDERING')?.toUpperCase();
  if (ordering === 'NUNIQ') return readMultiOrder(bytes);
  if (textCard(probe.header, 'INDXSCHM')?.toUpperCase() === 'EXPLICIT') {
    throw new FitsError('partial (INDXSCHM = EXPLICIT) HEALPix maps are not supported');
  }
  if (ordering !== 'NESTED' && ordering !== 'RING') {
    throw new FitsError(`HEALPix map ORDERING must be NESTED, RING or NUNIQ, got ${ordering ?? 'none'}`);
  }
  const { header } = probe;
  const column = readFitsBinTable(bytes, { columns: ['PROB'] }).columns.get('PROB');
  if (column === undefined || column.values instanceof BigInt64Array) {
    throw new FitsError('HEALPix map column PROB must hold floating-point values');
  }
  const values = column.values;
  const nsideCard = header.get('NSIDE');
  const nside = typeof nsideCard === 'number' ? nsideCard : Math.sqrt(values.length / 12);
  const order = Math.log2(nside);
  if (!Number.isInteger(order) || order > MAX_SKYMAP_ORDER || values.length !== 12 * nside * nside) {
    throw new FitsError(`HEALPix map has ${values.length} pixels, not 12·NSIDE² for NSIDE ${nside}`);
  }
  let probNested = values;
  if (ordering === 'RING') {
    const table = nestToRingTable(order);
    probNested = new Float64Array(values.length);
    for (let nest = 0; nest < table.length; nest++) probNested[nest] = values[table[nest]];
  }
  return flatSkymap(order, probNested, {
    ordering,
    t0Jd: skymapT0Jd(header),
    objectName: textCard(header, 'OBJECT'),
  });
}

function readMultiOrder(bytes: Uint8Array): Skymap {
  const table = readFitsBinTable(bytes, { columns: ['UNIQ', 'PROBDENSITY'] });
  const uniqColumn = table.columns.get('UNIQ')?.values;
  const density = table.columns.get('PROBDENSITY')?.values;
  if (!(uniqColumn instanceof BigInt64Array) || !(density instanceof Float64Array)) {
    throw new FitsError('multi-order map needs UNIQ as 64-bit integers (K) and PROBDENSITY as floats');
  }
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  const uniq = new Float64Array(uniqColumn.length);
  for (let i = 0; i < uniq.length; i++) {
    if (uniqColumn[i] > limit) throw new FitsError(`multi-order map cell UNIQ ${uniqColumn[i]} is too deep`);
    uniq[i] = Number(uniqColumn[i]);
  }
  try {
    return multiOrderSkymap(uniq, density, {
      ordering: 'NUNIQ',
      t0Jd: skymapT0Jd(table.header),
      objectName: textCard(table.header, 'OBJECT'),
    });
  } catch (err) {
    throw new FitsError(`unreadable multi-order map: ${(err as Error).message}`, { cause: err });
  }
}
