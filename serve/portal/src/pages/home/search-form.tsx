/**
 * The search entry: a query type (or Fink's syntax), one text field with help and examples per type, and the
 * class names of the store offered as suggestions. The text is checked before anything is sent: a wrong one
 * gets a message beside the field. Submitting puts the text, as typed, in the URL (shareable). A Rubin
 * diaObjectId opens its page in the LSST store when the server serves one.
 */
import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../../lib/api.js';
import { parseSearch, type QueryType, searchUrl } from '../../lib/query-parse.js';
import { diaObjectSearchUrl, useStores } from '../../lib/stores.js';
import { describeQuery } from './describe-query.js';
import { useLiveExamples } from './live-examples.js';
import { QUERY_TYPES, QueryHelp } from './query-help.js';

/** Props of {@link SearchForm}: the text to start from, and what to do with a parsed search. */
export interface SearchFormProps {
  readonly initialText: string;
  readonly initialType: QueryType;
  /** Called with the URL to open (`/?action=…` or the object page) and the text typed. */
  readonly onSearch: (url: string, text: string) => void;
}

/** The query type selector, text field and help. */
export function SearchForm({ initialText, initialType, onSearch }: SearchFormProps) {
  const [type, setType] = useState<QueryType>(initialType);
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [classes, setClasses] = useState<readonly string[]>([]);
  const examples = useLiveExamples();
  const stores = useStores();
  useEffect(() => setText(initialText), [initialText]);
  useEffect(() => setType(initialType), [initialType]);
  useEffect(() => {
    const controller = new AbortController();
    getJson<Record<string, string[]>>('classes', {}, controller.signal).then(
      (answer) => setClasses(Object.values(answer).flat()),
      () => setClasses([]),
    );
    return () => controller.abort();
  }, []);

  const run = (value: string, as: QueryType = type): void => {
    const lsstPage = diaObjectSearchUrl(as, value, stores);
    if (lsstPage !== null) {
      setError(null);
      onSearch(lsstPage, value.trim());
      return;
    }
    const parsed = parseSearch(as, value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSearch(searchUrl(as, value, parsed.query), value.trim());
  };
  const entry = QUERY_TYPES.find((t) => t.type === type) ?? QUERY_TYPES[0];
  const preview = text.trim() === '' ? null : parseSearch(type, text);
  return (
    <form
      class="search panel"
      onSubmit={(event) => {
        event.preventDefault();
        run(text);
      }}
    >
      <div class="search-row">
        <label class="visually-hidden" for="query-type">
          Query type
        </label>
        <select
          id="query-type"
          value={type}
          onChange={(e) => setType(e.currentTarget.value as QueryType)}
          aria-label="Query type"
        >
          {QUERY_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </select>
        <input
          name="q"
          type="search"
          value={text}
          onInput={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          placeholder={entry.placeholder}
          aria-label="Search"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'search-error' : undefined}
          list={type === 'class' ? 'class-names' : undefined}
          autoComplete="off"
        />
        <button type="submit">Search</button>
      </div>
      {error ? (
        <p id="search-error" class="field-error" role="alert">
          {error}
        </p>
      ) : diaObjectSearchUrl(type, text, stores) !== null ? (
        <p class="search-preview" aria-live="polite">
          Will open: the LSST object {text.trim()}
        </p>
      ) : preview && 'query' in preview ? (
        <p class="search-preview" aria-live="polite">
          Will search:{' '}
          {preview.query.action === 'resolve'
            ? `${preview.query.name} (a class name, else resolved: TNS, SIMBAD, Solar System)`
            : describeQuery(preview.query)}
        </p>
      ) : null}
      <datalist id="class-names">
        {classes.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <QueryHelp
        type={type}
        extraExamples={examples[type] ?? []}
        onExample={(example) => {
          setText(example);
          run(example);
        }}
      />
    </form>
  );
}
