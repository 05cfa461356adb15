/**
 * Results of a search: the API call of the query (lib/query-parse.ts `apiCall`), one row per object in a
 * sortable table with links to the object pages, a sky plot, and the same query as CSV / JSON / VOTable.
 * A Solar System number searched as a prefix first lists the matching numbers (lib/sso-prefix.ts).
 */
import type { Column } from '../../components/data-table.js';
import { DataTable } from '../../components/data-table.js';
import { Downloads } from '../../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../../components/status.js';
import { type ApiRow, getJson } from '../../lib/api.js';
import { type ApiCall, apiCall, type Query, queryText } from '../../lib/query-parse.js';
import { jdText, type ResultRow, toResultRows } from '../../lib/results.js';
import { ssoPrefixMatches } from '../../lib/sso-prefix.js';
import { useLoad } from '../../lib/use-api.js';
import { ResultsSkyPlot } from './results-sky-plot.js';

interface Answer {
  readonly call: ApiCall;
  readonly rows: ApiRow[];
  /** For a prefix SSO search: the numbers found, the exact one first. */
  readonly ssoMatches: readonly string[];
}

async function runQuery(q: Query, signal: AbortSignal): Promise<Answer> {
  let matches: string[] = [];
  if (q.action === 'sso' && q.partial) {
    const listed = await getJson<ApiRow[]>(
      'latests',
      { class: 'Solar System MPC', distinct: true, n: 10_000, columns: 'i:ssnamenr' },
      signal,
    );
    matches = ssoPrefixMatches(
      q.sso,
      listed.map((r) => r['i:ssnamenr']),
    );
    if (matches.length === 0) return { call: apiCall(q), rows: [], ssoMatches: [] };
  }
  const call = apiCall(q, matches);
  const rows = await getJson<ApiRow[]>(call.endpoint, call.args, signal);
  return { call, rows, ssoMatches: matches };
}

const fixed = (digits: number) => (v: number | null) => (v === null ? '' : v.toFixed(digits));

function columns(cone: boolean, sso: boolean): Column<ResultRow>[] {
  const list: Column<ResultRow>[] = [
    {
      key: 'objectId',
      label: 'objectId',
      render: (r) => <a href={`/${r.objectId}`}>{r.objectId}</a>,
      sortValue: (r) => r.objectId,
    },
    {
      key: 'classification',
      label: 'Class',
      render: (r) => r.classification ?? '',
      sortValue: (r) => r.classification,
    },
    { key: 'lastMag', label: 'Last mag', render: (r) => fixed(2)(r.lastMag), sortValue: (r) => r.lastMag },
    { key: 'lastJd', label: 'Last alert (UTC)', render: (r) => jdText(r.lastJd), sortValue: (r) => r.lastJd },
    { key: 'alerts', label: 'Alerts', render: (r) => r.alerts, sortValue: (r) => r.alerts },
    { key: 'ra', label: 'RA (deg)', render: (r) => fixed(5)(r.raDeg), sortValue: (r) => r.raDeg },
    { key: 'dec', label: 'Dec (deg)', render: (r) => fixed(5)(r.decDeg), sortValue: (r) => r.decDeg },
  ];
  if (sso)
    list.splice(2, 0, {
      key: 'ssnamenr',
      label: 'SSO',
      render: (r) => r.ssnamenr ?? '',
      sortValue: (r) => r.ssnamenr,
    });
  if (cone)
    list.push({
      key: 'separationArcsec',
      label: 'Separation (″)',
      render: (r) => fixed(2)(r.separationArcsec),
      sortValue: (r) => r.separationArcsec,
    });
  return list;
}

/** The results of one query. */
export function SearchResults({ query }: { query: Query }) {
  const key = JSON.stringify(query);
  const answer = useLoad(key, (signal) => runQuery(query, signal));
  const title = queryText(query);
  if (answer.state === 'loading') return <Loading what={`results of ${title}`} />;
  if (answer.state === 'error')
    return <ErrorBox title={`${title}: the API answered an error`}>{answer.message}</ErrorBox>;
  const { call, rows, ssoMatches } = answer.value;
  const results = toResultRows(rows);
  const cone = query.action === 'conesearch';
  const sso = query.action === 'sso';
  return (
    <section class="results" aria-label="Search results">
      <h2>
        {title} —{' '}
        {results.length === 0
          ? 'nothing found'
          : `${results.length} object${results.length === 1 ? '' : 's'} found`}
        {rows.length !== results.length ? ` (${rows.length} alerts)` : ''}
      </h2>
      {sso && query.partial && ssoMatches.length > 0 ? (
        <p class="sso-matches">
          Numbers starting with {query.sso}:{' '}
          {ssoMatches.map((m) => (
            <a key={m} class="button" href={`/?action=sso&sso=${encodeURIComponent(m)}`}>
              {m}
            </a>
          ))}
        </p>
      ) : null}
      {results.length === 0 ? (
        <Notice>No object matches this search in the store.</Notice>
      ) : (
        <>
          <Downloads endpoint={call.endpoint} args={call.args} fileName={`skyalert_${query.action}`} />
          <DataTable
            rows={results}
            columns={columns(cone, sso)}
            label="Results"
            rowKey={(r) => r.objectId}
            initialSort={cone ? { key: 'separationArcsec' } : { key: 'lastJd', descending: true }}
          />
          <ResultsSkyPlot rows={results} />
        </>
      )}
    </section>
  );
}
