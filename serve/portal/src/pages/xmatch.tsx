/**
 * `/xmatch`: cross-match a catalogue with the alerts (`/api/v1/xmatch`, POST multipart): pasted CSV or a file
 * (CSV, VOTable, parquet), the header naming the RA, Dec, ID (and Time) columns, a radius in arcsec and an optional
 * time window in days. The table shows the catalogue columns with the matched objects; downloads re-send the query.
 */
import { useState } from 'preact/hooks';
import { type Column, DataTable } from '../components/data-table.js';
import { PostDownloads } from '../components/post-downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, postForm } from '../lib/api.js';
import { type XmatchFields, xmatchColumns, xmatchFormData, xmatchProblems } from '../lib/xmatch-form.js';

const EXAMPLE = 'RA,Dec,ID\n193.822,2.89732,source-1\n';

type Outcome =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }
  | { readonly state: 'done'; readonly rows: ApiRow[]; readonly fields: XmatchFields };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // 12 significant digits: JDs keep 1e-5 d, positions 1e-9 deg
  if (typeof value === 'number') return String(Number(value.toPrecision(12)));
  return String(value);
}

function columnsOf(rows: readonly ApiRow[]): Column<ApiRow>[] {
  return xmatchColumns(rows).map((key) => ({
    key,
    label: key,
    render: (r: ApiRow) =>
      key === 'i:objectId' ? (
        <a href={`/${encodeURIComponent(String(r[key]))}`}>{String(r[key])}</a>
      ) : (
        cellText(r[key])
      ),
    sortValue: (r: ApiRow) =>
      typeof r[key] === 'number' || typeof r[key] === 'string' ? (r[key] as number | string) : null,
  }));
}

/** The cross-match page. */
export function XmatchPage() {
  const [fields, setFields] = useState<XmatchFields>({
    catalogText: '',
    file: null,
    fileName: '',
    header: 'RA,Dec,ID',
    radiusArcsec: '1.5',
    windowDays: '',
  });
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [shown, setShown] = useState<string[]>([]);
  const set = (patch: Partial<XmatchFields>): void => setFields((f) => ({ ...f, ...patch }));
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const problems = xmatchProblems(fields);
    setShown(problems);
    if (problems.length > 0) return;
    setOutcome({ state: 'loading' });
    try {
      const rows = await postForm<ApiRow[]>('xmatch', xmatchFormData(fields));
      setOutcome({ state: 'done', rows, fields });
    } catch (e) {
      setOutcome({ state: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <section class="xmatch">
      <h1>Cross-match a catalogue</h1>
      <form class="service panel" onSubmit={(e) => void submit(e)} noValidate>
        <label class="wide">
          Catalogue as CSV text (first line: column names)
          <textarea
            name="catalog"
            value={fields.catalogText}
            placeholder={EXAMPLE}
            onInput={(e) => set({ catalogText: e.currentTarget.value })}
          />
        </label>
        <label>
          …or a file (CSV, VOTable, parquet)
          <input
            name="file"
            type="file"
            accept=".csv,.txt,.xml,.vot,.votable,.parquet"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              set({ file, fileName: file?.name ?? '' });
            }}
          />
        </label>
        <label>
          Header: RA, Dec, ID[, Time] columns
          <input
            name="header"
            value={fields.header}
            onInput={(e) => set({ header: e.currentTarget.value })}
          />
        </label>
        <label>
          Radius (arcsec)
          <input
            name="radius"
            type="number"
            step="any"
            min="0"
            value={fields.radiusArcsec}
            onInput={(e) => set({ radiusArcsec: e.currentTarget.value })}
          />
        </label>
        <label>
          Time window (days around each row's Time; optional)
          <input
            name="window"
            type="number"
            step="any"
            min="0"
            value={fields.windowDays}
            onInput={(e) => set({ windowDays: e.currentTarget.value })}
          />
        </label>
        <button type="submit" disabled={outcome.state === 'loading'}>
          Cross-match
        </button>
      </form>
      {shown.length > 0 ? (
        <ErrorBox title="Please check the form">
          <ul>
            {shown.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </ErrorBox>
      ) : null}
      {outcome.state === 'loading' ? <Loading what="matches" /> : null}
      {outcome.state === 'error' ? (
        <ErrorBox title="The API answered an error">{outcome.message}</ErrorBox>
      ) : null}
      {outcome.state === 'done' && outcome.rows.length === 0 ? (
        <Notice>No catalogue row has a match.</Notice>
      ) : null}
      {outcome.state === 'done' && outcome.rows.length > 0 ? (
        <>
          <p>{outcome.rows.length} matches.</p>
          <DataTable
            rows={outcome.rows}
            columns={columnsOf(outcome.rows)}
            label="Cross-match results"
            rowKey={(_, i) => String(i)}
          />
          <PostDownloads
            endpoint="xmatch"
            form={(format) => xmatchFormData(outcome.fields, format)}
            fileName="xmatch"
          />
        </>
      ) : null}
    </section>
  );
}
