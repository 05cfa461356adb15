/**
 * Home: the search entry (query type, help, examples, recent searches) and, when the URL holds a search
 * (`/?query=<text as typed>`, `/?action=…`, or the older `?query_type=…`), its results, with the chosen columns
 * (`columns=`) and page (`page=`) in the URL too. Reference: docs/references.md#portal-urls, #portal-search.
 */
import { useState } from 'preact/hooks';
import { ErrorBox } from '../components/status.js';
import { addToHistory, type HistoryEntry, loadHistory, saveHistory } from '../lib/history.js';
import { withQueryParam } from '../lib/query-param.js';
import { fieldText, queryFromParams, queryTypeParam } from '../lib/query-parse.js';
import { columnsFromParam } from '../lib/result-columns.js';
import { navigate, useLocation } from '../lib/router.js';
import { HistoryList } from './home/history-list.js';
import { LastNight } from './home/last-night.js';
import { SearchForm } from './home/search-form.js';
import { SearchResults } from './home/search-results.js';

/** The home page. */
export function HomePage() {
  const { search } = useLocation();
  const parsed = queryFromParams(search);
  const [history, setHistory] = useState<HistoryEntry[]>(loadHistory);
  const remember = (entry: HistoryEntry): void => {
    const next = addToHistory(history, entry);
    setHistory(next);
    saveHistory(next);
  };
  const query = parsed && 'query' in parsed ? parsed.query : null;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const setParams = (changes: Record<string, string | null>, replace: boolean): void => {
    let next = location.search;
    for (const [key, value] of Object.entries(changes)) next = withQueryParam(next, key, value);
    navigate(`${location.pathname}${next}`, { replace });
  };
  return (
    <section class="home">
      <h1>Search the alert stream</h1>
      <SearchForm
        initialText={fieldText(search, parsed)}
        initialType={queryTypeParam(search.get('type'))}
        onSearch={(url, text) => {
          remember({ text, search: url });
          navigate(url);
        }}
      />
      <HistoryList
        entries={history}
        onClear={() => {
          setHistory([]);
          saveHistory([]);
        }}
      />
      {parsed && 'error' in parsed ? (
        <ErrorBox title="This search cannot run">{parsed.error}</ErrorBox>
      ) : null}
      {query ? (
        <SearchResults
          search={query}
          columns={columnsFromParam(search.get('columns'))}
          page={page}
          onColumns={(fields) => setParams({ columns: fields.join(','), page: null }, true)}
          onPage={(p) => setParams({ page: p === 1 ? null : String(p) }, false)}
        />
      ) : null}
      {query === null && !(parsed && 'error' in parsed) ? <LastNight /> : null}
    </section>
  );
}
