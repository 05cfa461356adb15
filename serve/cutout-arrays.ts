/**
 * `withcutouts` of `/api/v1/objects` and `/api/v1/sso`: adds the stamps of each alert row as 2-D arrays in
 * `b:cutout<Kind>_stampData` (docs/references.md#api-objects item 4), reading each object's stamps from its object blocks at
 * once instead of one request per alert as the reference did.
 */
import { FitsError, imageRows, readFitsImage } from '../compute/fits/index.js';
import type { AlertStamps, StampKind } from '../data/queries/index.js';

/** API field holding the 2-D array of a stamp kind. */
export function stampField(kind: StampKind): `b:cutout${StampKind}_stampData` {
  return `b:cutout${kind}_stampData`;
}

/**
 * Decodes a gzipped FITS stamp into rows of numbers (`rows[y][x]`, y = 0 being FITS row 1, NaN kept as NaN;
 * the JSON encoder writes it as null). Returns null when the bytes are not a readable FITS image.
 */
export function stampArray(bytes: Uint8Array): number[][] | null {
  try {
    return imageRows(readFitsImage(bytes));
  } catch (err) {
    const isZlibError = String((err as NodeJS.ErrnoException).code ?? '').startsWith('Z_');
    if (err instanceof FitsError || isZlibError) return null;
    throw err;
  }
}

/**
 * Adds `b:cutout<Kind>_stampData` to every row, in place, for each kind in `kinds`. `rows` are API rows of
 * alerts (`i:objectId`, `i:candid`); `stampsOf` gives the stamps of every alert of an object (called once per
 * distinct object of `rows`). An alert whose stamp is missing or unreadable gets [] (as the reference's failed
 * cutout call); rows that are not alerts (upper limits, `i:candid` = -1) get null.
 */
export function addStampArrays(
  rows: Record<string, unknown>[],
  kinds: readonly StampKind[],
  stampsOf: (objectId: string) => readonly AlertStamps[],
): void {
  const byObject = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const candid = row['i:candid'];
    const objectId = row['i:objectId'];
    const isAlert = (typeof candid === 'bigint' || typeof candid === 'number') && candid >= 0;
    if (!isAlert || typeof objectId !== 'string') {
      for (const k of kinds) row[stampField(k)] = null;
      continue;
    }
    const list = byObject.get(objectId) ?? [];
    list.push(row);
    byObject.set(objectId, list);
  }
  for (const [objectId, objectRows] of byObject) {
    const stamps = stampsOf(objectId);
    const byCandid = new Map(stamps.map((s) => [s.candid, s.stamps]));
    for (const row of objectRows) {
      const found = byCandid.get(BigInt(row['i:candid'] as bigint | number));
      for (const k of kinds) {
        const bytes = found?.[k];
        row[stampField(k)] = (bytes && stampArray(bytes)) ?? [];
      }
    }
  }
}
