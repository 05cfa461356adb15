/**
 * The public API call that answers a search, asking for the most rows the endpoint gives (so nothing is cut at
 * its default of 1,000 without a word) and only the columns the results table shows. Pure functions, no DOM.
 * Reference: docs/references.md#portal-search (backend calls); docs/api.md (the endpoints' limits).
 */
import type { Query } from './search-query.js';

/** Most objects `/api/v1/conesearch` and `/api/v1/explorer` answer per request (their `n` limit). */
export const MAX_SEARCH_N = 10_000;

/** One API call: a public endpoint, its arguments, and the most rows it may answer (null: no limit). */
export interface ApiCall {
  readonly endpoint: string;
  readonly args: Record<string, string | number | boolean>;
  /** The `n` sent: an answer of that many rows may have been cut by it. */
  readonly limit: number | null;
}

/** Options of {@link apiCall}. */
export interface ApiCallOptions {
  /** For a partial SSO search, the matching names or numbers (see lib/sso-prefix.ts). */
  readonly ssoMatches?: readonly string[];
  /** API field names to transfer (`columns=`); all fields when absent. */
  readonly columns?: readonly string[];
}

function withColumns(
  args: Record<string, string | number | boolean>,
  columns: readonly string[] | undefined,
): Record<string, string | number | boolean> {
  return columns && columns.length > 0 ? { ...args, columns: columns.join(',') } : args;
}

/**
 * The API call that answers a query (docs/references.md#portal-search): objectid → explorer (objectId, a prefix
 * allowed); cone → conesearch (ra, dec, radius, startdate/stopdate/window); date range → explorer (startdate,
 * window: the objects with alerts emitted in it); class → latests (n = last, startdate/stopdate, trend);
 * sso → sso (`n_or_d`: the exact object, or the numbers found for a prefix); tracklet → tracklet.
 */
export function apiCall(q: Query, options: ApiCallOptions = {}): ApiCall {
  const { ssoMatches = [], columns } = options;
  switch (q.action) {
    case 'objectid':
      return {
        endpoint: 'explorer',
        args: withColumns({ objectId: q.objectId, n: MAX_SEARCH_N }, columns),
        limit: MAX_SEARCH_N,
      };
    case 'tracklet':
      return { endpoint: 'tracklet', args: withColumns({ id: q.id }, columns), limit: null };
    case 'sso':
      return {
        endpoint: 'sso',
        args: withColumns(
          { n_or_d: q.partial && ssoMatches.length > 0 ? ssoMatches.join(',') : q.sso },
          columns,
        ),
        limit: null,
      };
    case 'class': {
      const args: Record<string, string | number> = { class: q.className, n: q.last };
      if (q.after !== undefined) args.startdate = q.after;
      if (q.before !== undefined) args.stopdate = q.before;
      if (q.trend !== undefined) args.trend = q.trend;
      return { endpoint: 'latests', args: withColumns(args, columns), limit: null };
    }
    case 'daterange':
      return {
        endpoint: 'explorer',
        args: withColumns({ startdate: q.after, window: q.windowDays, n: MAX_SEARCH_N }, columns),
        limit: MAX_SEARCH_N,
      };
    case 'conesearch': {
      const args: Record<string, string | number> = {
        ra: q.raDeg,
        dec: q.decDeg,
        radius: q.radiusArcsec,
        n: MAX_SEARCH_N,
      };
      if (q.after !== undefined) args.startdate = q.after;
      if (q.before !== undefined) args.stopdate = q.before;
      else if (q.windowDays !== undefined) args.window = q.windowDays;
      return { endpoint: 'conesearch', args: withColumns(args, columns), limit: MAX_SEARCH_N };
    }
  }
}
