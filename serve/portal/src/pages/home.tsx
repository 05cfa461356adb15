/**
 * Home: the search entry (query type, help, examples, recent searches) and, when the URL holds a search
 * (`/?action=…`, or the older `?query_type=…`), its results. Reference: docs/references.md#portal-urls, #portal-search.
 */
import { useState } from 'preact/hooks';
import { ErrorBox } from '../components/status.js';
import { addToHistory, type HistoryEntry, loadHistory, saveHistory } from '../lib/history.js';
import { queryFromParams, queryText } from '../lib/query-parse.js';
import { navigate, useLocation } from '../lib/router.js';
import { HistoryList } from './home/history-list.js';
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
  return (
    <section class="home">
      <h1>Search the alert stream</h1>
      <SearchForm
        initialText={query ? queryText(query) : ''}
        initialType="auto"
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
      {query ? <SearchResults query={query} /> : null}
    </section>
  );
}
