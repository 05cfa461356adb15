/**
 * `/xmatch`: cross-match a catalogue with the alerts (`/api/v1/xmatch`, POST multipart): pasted CSV or a file
 * (CSV, VOTable, parquet), the header naming the RA, Dec, ID (and Time) columns, a radius in arcsec and an optional
 * time window in days; pickers for the RA, Dec, ID and Time columns when the catalogue's names can be read. The
 * table shows the catalogue columns with the matched objects and the separation in arcsec, and the catalogue rows
 * without a match are counted; downloads re-send the query.
 */
import { useMemo, useState } from 'preact/hooks';
import { type Column, DataTable } from '../components/data-table.js';
import { PostDownloads } from '../components/post-downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, postForm } from '../lib/api.js';
import { catalogueColumnNames, guessRoles, headerOfRoles } from '../lib/xmatch-columns.js';
import {
  isUnmatchedRow,
  SEPARATION_ARCSEC_COLUMN,
  type XmatchFields,
  xmatchColumns,
  xmatchFormData,
  xmatchProblems,
} from '../lib/xmatch-form.js';

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

function separationArcsec(row: ApiRow): number | null {
  const deg = row['v:separation_degree'];
  return typeof deg === 'number' && Number.isFinite(deg) ? deg * 3600 : null;
}

function columnsOf(rows: readonly ApiRow[]): Column<ApiRow>[] {
  return xmatchColumns(rows).map((key) =>
    key === SEPARATION_ARCSEC_COLUMN
      ? {
          key,
          label: 'Separation (″)',
          render: (r: ApiRow) => separationArcsec(r)?.toFixed(3) ?? '',
          sortValue: separationArcsec,
        }
      : {
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
        },
  );
}

const ROLES = [
  ['ra', 'RA column'],
  ['dec', 'Dec column'],
  ['id', 'ID column'],
  ['time', 'Time column (optional)'],
] as const;

/** Selects for the RA, Dec, ID and Time columns among the catalogue's names; they write the header field. */
function ColumnPickers(props: { names: readonly string[]; header: string; onHeader: (h: string) => void }) {
  const [ra = '', dec = '', id = '', time = ''] = props.header.split(',').map((s) => s.trim());
  const roles = { ra, dec, id, time };
  return (
    <fieldset class="wide column-pickers">
      <legend>Columns of the catalogue</legend>
      {ROLES.map(([role, label]) => (
        <label key={role}>
          {label}
          <select
            name={`column-${role}`}
            value={roles[role]}
            onChange={(e) => props.onHeader(headerOfRoles({ ...roles, [role]: e.currentTarget.value }))}
          >
            {role === 'time' || !props.names.includes(roles[role]) ? <option value="">—</option> : null}
            {props.names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

/** The catalogue's own fields of a result row (no prefixed alert field), which identify its catalogue row. */
function catalogueKey(row: ApiRow): unknown[] {
  return Object.entries(row)
    .filter(([k]) => !k.includes(':'))
    .map(([, v]) => v);
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
  const [names, setNames] = useState<string[]>([]);
  const set = (patch: Partial<XmatchFields>): void => setFields((f) => ({ ...f, ...patch }));
  /** New catalogue column names: offered in the pickers, and the header set to the guess when there is one. */
  const learnNames = (found: string[]): void => {
    setNames(found);
    const guess = guessRoles(found);
    if (guess) set({ header: headerOfRoles(guess) });
  };
  const matched = useMemo(
    () => (outcome.state === 'done' ? outcome.rows.filter((r) => !isUnmatchedRow(r)) : []),
    [outcome],
  );
  const unmatched = outcome.state === 'done' ? outcome.rows.length - matched.length : 0;
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
            onInput={(e) => {
              const text = e.currentTarget.value;
              set({ catalogText: text });
              learnNames(catalogueColumnNames(text));
            }}
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
              // the names of a CSV or VOTable file (its first 64 KiB); parquet is binary: the header is typed
              if (file === null || /\.parquet$/i.test(file.name)) setNames([]);
              else
                void file
                  .slice(0, 65_536)
                  .text()
                  .then((text) => learnNames(catalogueColumnNames(text)));
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
        {names.length > 0 ? (
          <ColumnPickers names={names} header={fields.header} onHeader={(header) => set({ header })} />
        ) : null}
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
      {outcome.state === 'done' ? (
        <p class="xmatch-counts" data-matches={matched.length} data-unmatched={unmatched}>
          {matched.length} match{matched.length === 1 ? '' : 'es'} for{' '}
          {new Set(matched.map((r) => JSON.stringify(catalogueKey(r)))).size} catalogue rows;{' '}
          <strong>{unmatched}</strong> catalogue row{unmatched === 1 ? '' : 's'} without a match within{' '}
          {outcome.fields.radiusArcsec}″.
        </p>
      ) : null}
      {outcome.state === 'done' && matched.length === 0 ? (
        <Notice>No catalogue row has a match.</Notice>
      ) : null}
      {outcome.state === 'done' && outcome.rows.length > 0 ? (
        <>
          {matched.length > 0 ? (
            <DataTable
              rows={matched}
              columns={columnsOf(matched)}
              label="Cross-match results"
              rowKey={(_, i) => String(i)}
            />
          ) : null}
          {unmatched > 0 ? (
            <details class="xmatch-unmatched">
              <summary>The {unmatched} rows without a match</summary>
              <DataTable
                rows={outcome.rows.filter(isUnmatchedRow)}
                columns={columnsOf(outcome.rows.filter(isUnmatchedRow)).filter(
                  (c) => !c.key.includes(':') && c.key !== SEPARATION_ARCSEC_COLUMN,
                )}
                label="Catalogue rows without a match"
                rowKey={(_, i) => String(i)}
              />
            </details>
          ) : null}
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
