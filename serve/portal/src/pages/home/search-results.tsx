/**
 * Results of a search: a name is first resolved (lib/resolve-name.ts), then the API call of the search
 * (lib/search-api.ts) asks for the most rows the endpoint gives and only the columns shown; one row per object in
 * a sortable, paged table with a column chooser, the true total (or the API's limit, said), a sky map, and the same
 * query as CSV / JSON / VOTable. A Solar System number searched as a prefix first lists the matching numbers.
 * A position searched on a server of several surveys also lists the objects of every survey there together, and
 * a name the objects it names in every store that resolved it (pages/home/resolved-names.tsx).
 */

import { useRef } from 'preact/hooks';
import { CrossSurveyCone } from '../../components/cross-survey.js';
import type { Column } from '../../components/data-table.js';
import { DataTable } from '../../components/data-table.js';
import { Downloads } from '../../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../../components/status.js';
import { type ApiRow, getJson } from '../../lib/api.js';
import { getRowsExact, quoteLargeIntegers } from '../../lib/exact-json.js';
import type { NameQuery, Query } from '../../lib/query-parse.js';
import { resolveName, type StoreResolved } from '../../lib/resolve-name.js';
import { defaultColumns, OBJECT_ID_FIELD, orderedColumns, requestFields } from '../../lib/result-columns.js';
import { cellSortValue, cellText, type ResultRow, toResultRows } from '../../lib/results.js';
import { type ApiCall, apiCall } from '../../lib/search-api.js';
import { ssoPrefixMatches } from '../../lib/sso-prefix.js';
import { loadStores, useStores } from '../../lib/stores.js';
import { surveyDescription } from '../../lib/surveys.js';
import { useLoad } from '../../lib/use-api.js';
import { ColumnChooser } from './column-chooser.js';
import { describeQuery } from './describe-query.js';
import { ResolvedNames } from './resolved-names.js';
import { ConeSkyView, ResultsSkyPlot } from './results-sky-plot.js';

/** Rows per page of the results table. */
export const PAGE_SIZE = 100;

interface Answer {
  readonly query: Query;
  /** How a typed name was resolved, when it was. */
  readonly via: string | null;
  /** What each store resolved a typed name into (empty for other searches). */
  readonly found: readonly StoreResolved[];
  readonly call: ApiCall | null;
  readonly rows: ApiRow[];
  /** For a prefix SSO search: the numbers found, the exact one first. */
  readonly ssoMatches: readonly string[];
  readonly shown: readonly string[];
}

async function runQuery(
  search: Query | NameQuery,
  chosen: readonly string[] | null,
  signal: AbortSignal,
): Promise<Answer> {
  let query: Query;
  let via: string | null = null;
  let found: readonly StoreResolved[] = [];
  if (search.action === 'resolve') {
    // the resolvers of every store, each through its own API; 64-bit ids (Rubin's) kept as text
    const stores = await loadStores();
    const resolution = await resolveName(
      search,
      (endpoint, args) => getRowsExact(endpoint, args, signal, quoteLargeIntegers),
      stores,
    );
    if ('error' in resolution) throw new Error(resolution.error);
    found = resolution.found;
    // the table below is the default store's (ZTF fields): run only when it resolved the name
    const home = found.find((r) => r.store.default && r.store.survey === 'ztf');
    ({ query, via } = home ?? found[0]);
    if (home === undefined)
      return { query, via, found, call: null, rows: [], ssoMatches: [], shown: chosen ?? [] };
  } else query = search;
  const shown = chosen ?? defaultColumns(query.action);
  let matches: string[] = [];
  if (query.action === 'sso' && query.partial) {
    const listed = await getJson<ApiRow[]>(
      'latests',
      { class: 'Solar System MPC', distinct: true, n: 10_000, columns: 'i:ssnamenr' },
      signal,
    );
    matches = ssoPrefixMatches(
      query.sso,
      listed.map((r) => r['i:ssnamenr']),
    );
    if (matches.length === 0) return { query, via, found, call: null, rows: [], ssoMatches: [], shown };
  }
  const call = apiCall(query, { ssoMatches: matches, columns: requestFields(shown) });
  const rows = await getRowsExact(call.endpoint, call.args, signal);
  return { query, via, found, call, rows, ssoMatches: matches, shown };
}

function tableColumns(shown: readonly string[]): Column<ResultRow>[] {
  return [
    {
      key: OBJECT_ID_FIELD,
      label: 'objectId',
      render: (r) => <a href={`/${r.objectId}`}>{r.objectId}</a>,
      sortValue: (r) => r.objectId,
    },
    ...orderedColumns(shown).map((c) => ({
      key: c.field,
      label: c.label,
      render: (r: ResultRow) => {
        const text = cellText(r, c);
        // an asteroid's alerts link to its Solar System page
        return c.field === 'i:ssnamenr' && text !== '' && text !== '—' ? (
          <a href={`/sso/${encodeURIComponent(text)}`}>{text}</a>
        ) : (
          text
        );
      },
      sortValue: (r: ResultRow) => cellSortValue(r, c),
    })),
  ];
}

/** Props of {@link SearchResults}: the search, the columns chosen in the URL, the page, and URL updates. */
export interface SearchResultsProps {
  readonly search: Query | NameQuery;
  /** The columns of the URL's `columns=`, null for the defaults of the search. */
  readonly columns: readonly string[] | null;
  readonly page: number;
  readonly onColumns: (fields: string[]) => void;
  readonly onPage: (page: number) => void;
}

/** The results of one search. */
export function SearchResults({ search, columns, page, onColumns, onPage }: SearchResultsProps) {
  const searchKey = JSON.stringify(search);
  const stores = useStores();
  const loaded = useLoad(JSON.stringify([search, columns]), (signal) => runQuery(search, columns, signal));
  // while other columns of the same search load, the table stays (and the chooser stays open)
  const previous = useRef<{ key: string; value: Answer } | null>(null);
  if (loaded.state === 'done') previous.current = { key: searchKey, value: loaded.value };
  const answer =
    loaded.state === 'loading' && previous.current?.key === searchKey
      ? { state: 'done' as const, value: previous.current.value }
      : loaded;
  const title = search.action === 'resolve' ? search.name : describeQuery(search);
  if (answer.state === 'loading') return <Loading what={`results of ${title}`} />;
  if (answer.state === 'error') return <ErrorBox title={`${title}: no results`}>{answer.message}</ErrorBox>;
  const { query, via, found, call, rows, ssoMatches, shown } = answer.value;
  // a resolved name: is the table below (the default ZTF store's) that of a store that knows it
  const named = search.action === 'resolve' && found.length > 0;
  const inTable = found.some((r) => r.store.default && r.store.survey === 'ztf');
  const foundIn = [...new Set(found.map((r) => surveyDescription(r.store.survey).label))].join(' and ');
  const results = toResultRows(rows);
  const cut = call?.limit != null && rows.length >= call.limit;
  const count = `${results.length.toLocaleString('en-US')} object${results.length === 1 ? '' : 's'}`;
  return (
    <section class="results" aria-label="Search results">
      <h2>
        {describeQuery(query)} —{' '}
        {named && !inTable
          ? `found in ${foundIn}`
          : results.length === 0
            ? 'nothing found'
            : `${count} found`}
        {rows.length !== results.length ? ` (${rows.length.toLocaleString('en-US')} alerts)` : ''}
      </h2>
      {via ? <p class="resolved">{`${search.action === 'resolve' ? search.name : ''} → ${via}`}</p> : null}
      {named && ((stores !== null && stores.length > 1) || !inTable) ? (
        <ResolvedNames name={search.name} found={found} />
      ) : null}
      {query.action === 'conesearch' && stores !== null && new Set(stores.map((s) => s.survey)).size > 1 ? (
        <CrossSurveyCone stores={stores} cone={query} />
      ) : null}
      {cut ? (
        <Notice>
          The API answers at most {call?.limit?.toLocaleString('en-US')} objects per search: these are the
          first {call?.limit?.toLocaleString('en-US')}, there may be more. Narrow the search (a smaller
          radius, a shorter window, a longer id prefix).
        </Notice>
      ) : null}
      {query.action === 'sso' && query.partial && ssoMatches.length > 0 ? (
        <p class="sso-matches">
          Numbers starting with {query.sso}:{' '}
          {ssoMatches.map((m) => (
            <a key={m} class="button" href={`/?action=sso&sso=${encodeURIComponent(m)}`}>
              {m}
            </a>
          ))}
        </p>
      ) : null}
      {query.action === 'sso' && !query.partial && results.length > 0 ? (
        <p class="sso-page-link">
          <a class="button" href={`/sso/${encodeURIComponent(query.sso)}`}>
            Solar System page of {query.sso}: orbit, phase curve, every alert
          </a>
        </p>
      ) : null}
      {named && !inTable ? (
        stores?.find((s) => s.default)?.survey === 'ztf' ? (
          <Notice>The default store does not know {search.name}: the stores that do are listed above.</Notice>
        ) : null
      ) : results.length === 0 || call === null ? (
        <Notice>No object matches this search in the store.</Notice>
      ) : (
        <>
          <Downloads endpoint={call.endpoint} args={call.args} fileName={`skyalert_${query.action}`} />
          <ColumnChooser shown={columns ?? shown} onChange={onColumns} />
          <DataTable
            rows={results}
            columns={tableColumns(shown)}
            label="Results"
            rowKey={(r) => r.objectId}
            initialSort={
              query.action === 'conesearch'
                ? { key: 'v:separation_degree' }
                : { key: 'v:lastdate', descending: true }
            }
            paging={{ page, pageSize: PAGE_SIZE, onPage }}
          />
          <ResultsSkyPlot rows={results} />
          {query.action === 'conesearch' ? (
            <ConeSkyView
              raDeg={query.raDeg}
              decDeg={query.decDeg}
              radiusArcsec={query.radiusArcsec}
              rows={results}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
