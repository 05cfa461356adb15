/**
 * The query behind `/api/v1/xmatch`: every alert record of the parts whose nights can match is offered to the
 * catalogue's position index (compute/sky/cross-match.ts); a record within the radius of a catalogue row, and
 * inside that row's time window (or the global one), is a match. One pass over the sky index whatever the
 * catalogue size: no query per catalogue row.
 */
import type { PositionIndex } from '../../compute/sky/index.js';
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { type AlertRef, partsInJdRange } from './alert-refs.js';
import type { JdWindow } from './explorer.js';
import type { SkyBlockReader } from './sky-blocks.js';
import { scanSkyRecords } from './sky-scan.js';

/** A catalogue row matched by an alert. */
export interface CatalogueMatch extends AlertRef {
  /** Index of the catalogue row. */
  readonly row: number;
  readonly jd: number;
  readonly separationDeg: number;
}

/** A cross-match that gives more matches than allowed. */
export class TooManyMatchesError extends Error {
  constructor(readonly maxMatches: number) {
    super(`more than ${maxMatches} matches`);
    this.name = 'TooManyMatchesError';
  }
}

/** Time conditions of a cross-match: per catalogue row (JD windows, NaN bounds for none) and global. */
export interface MatchWindows {
  /** Start and stop JD of each row's window (NaN: no window for that row); null when no row has one. */
  readonly rowStartJd: Float64Array | null;
  readonly rowStopJd: Float64Array | null;
  /** Window on every alert; null for none. */
  readonly global: JdWindow | null;
}

/**
 * Every (catalogue row, alert) pair within the radius and the time windows; with `latestOnly`, only the latest
 * alert of each object per catalogue row.
 *
 * @param maxMatches most matches held: the scan stops with {@link TooManyMatchesError} beyond, so that a huge
 *   cross-match fails early instead of exhausting memory.
 * @returns matches in no particular order.
 */
export function findCatalogueMatches(
  layout: StoreLayout,
  catalog: Catalog,
  sky: SkyBlockReader,
  index: PositionIndex,
  windows: MatchWindows,
  latestOnly: boolean,
  maxMatches: number,
): CatalogueMatch[] {
  const bounds = jdBounds(windows);
  const finite = (jd: number) => (Number.isFinite(jd) ? jd : null);
  const parts =
    bounds === null ? catalog.parts : partsInJdRange(catalog, finite(bounds.startJd), finite(bounds.stopJd));
  if (parts.length === 0 || index.size === 0) return [];
  const { rowStartJd, rowStopJd, global } = windows;
  // the matches of the record `keep` accepted last: `onHit` comes right after it
  let found: { row: number; separationDeg: number }[] | null = null;
  let recordJd = 0;
  const visit = (row: number, separationDeg: number): void => {
    if (rowStartJd !== null && rowStopJd !== null && !Number.isNaN(rowStartJd[row])) {
      if (!(recordJd >= rowStartJd[row] && recordJd <= rowStopJd[row])) return;
    }
    if (found === null) found = [];
    found.push({ row, separationDeg });
  };
  const keep = (raDeg: number, decDeg: number, jd: number): boolean => {
    if (global !== null && !(jd >= global.startJd && jd <= global.stopJd)) return false;
    found = null;
    recordJd = jd;
    index.matches(raDeg, decDeg, visit);
    return found !== null;
  };
  // with `latestOnly`, matches are reduced as they come: an object's earlier alerts are never all held
  const latest = new Map<string, CatalogueMatch>();
  const matches: CatalogueMatch[] = [];
  scanSkyRecords(layout, parts, sky, null, keep, (r) => {
    for (const m of found ?? []) {
      const match = { part: r.part, objectId: r.objectId, candid: r.candid, jd: r.jd, ...m };
      if (!latestOnly) {
        matches.push(match);
        if (matches.length > maxMatches) throw new TooManyMatchesError(maxMatches);
        continue;
      }
      const key = `${m.row}\u0000${r.objectId}`;
      const seen = latest.get(key);
      if (!seen || match.jd > seen.jd || (match.jd === seen.jd && match.candid > seen.candid))
        latest.set(key, match);
      if (latest.size > maxMatches) throw new TooManyMatchesError(maxMatches);
    }
  });
  return latestOnly ? [...latest.values()] : matches;
}

/** The smallest JD window holding every time condition; null when some alert may match at any time. */
function jdBounds(windows: MatchWindows): JdWindow | null {
  const { rowStartJd, rowStopJd, global } = windows;
  if (global !== null) return global;
  if (rowStartJd === null || rowStopJd === null) return null;
  let startJd = Number.POSITIVE_INFINITY;
  let stopJd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rowStartJd.length; i++) {
    if (Number.isNaN(rowStartJd[i])) return null; // a row without a window matches at any time
    startJd = Math.min(startJd, rowStartJd[i]);
    stopJd = Math.max(stopJd, rowStopJd[i]);
  }
  return rowStartJd.length === 0 ? null : { startJd, stopJd };
}
