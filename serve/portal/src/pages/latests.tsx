/**
 * `/latests`: the latest alerts of a class (`/api/v1/latests`), class picked from `/api/v1/classes`, with the
 * number of alerts and a one-row-per-object switch; the table links each object to its page. State in the URL.
 */
import { useState } from 'preact/hooks';
import { type Column, DataTable } from '../components/data-table.js';
import { Downloads } from '../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, getJson } from '../lib/api.js';
import { classGroups, latestsArgs, latestsRequestOf, MAX_N } from '../lib/latests-form.js';
import { setQuery, useLocation } from '../lib/router.js';
import { useLoad } from '../lib/use-api.js';

const num = (row: ApiRow, key: string): number | null =>
  typeof row[key] === 'number' && Number.isFinite(row[key]) ? (row[key] as number) : null;
const text = (row: ApiRow, key: string): string =>
  row[key] === null || row[key] === undefined ? '' : String(row[key]);
const BANDS: Record<number, string> = { 1: 'g', 2: 'r', 3: 'i' };

const COLUMNS: readonly Column<ApiRow>[] = [
  {
    key: 'objectId',
    label: 'Object',
    render: (r) => <a href={`/${encodeURIComponent(text(r, 'i:objectId'))}`}>{text(r, 'i:objectId')}</a>,
    sortValue: (r) => text(r, 'i:objectId'),
  },
  {
    key: 'lastdate',
    label: 'Alert time (UTC)',
    render: (r) => text(r, 'v:lastdate'),
    sortValue: (r) => num(r, 'i:jd'),
  },
  {
    key: 'class',
    label: 'Classification',
    render: (r) => text(r, 'v:classification'),
    sortValue: (r) => text(r, 'v:classification'),
  },
  {
    key: 'ra',
    label: 'RA (deg)',
    render: (r) => num(r, 'i:ra')?.toFixed(5) ?? '',
    sortValue: (r) => num(r, 'i:ra'),
  },
  {
    key: 'dec',
    label: 'Dec (deg)',
    render: (r) => num(r, 'i:dec')?.toFixed(5) ?? '',
    sortValue: (r) => num(r, 'i:dec'),
  },
  {
    key: 'band',
    label: 'Band',
    render: (r) => BANDS[num(r, 'i:fid') ?? 0] ?? '',
    sortValue: (r) => num(r, 'i:fid'),
  },
  {
    key: 'mag',
    label: 'magpsf',
    render: (r) => num(r, 'i:magpsf')?.toFixed(2) ?? '',
    sortValue: (r) => num(r, 'i:magpsf'),
  },
  {
    key: 'ndethist',
    label: 'Detections',
    render: (r) => text(r, 'i:ndethist'),
    sortValue: (r) => num(r, 'i:ndethist'),
  },
  {
    key: 'lapse',
    label: 'Lapse (d)',
    render: (r) => num(r, 'v:lapse')?.toFixed(1) ?? '',
    sortValue: (r) => num(r, 'v:lapse'),
  },
];

function ClassForm({ className, n, distinct }: { className: string; n: number; distinct: boolean }) {
  const classes = useLoad('classes', (signal) => getJson<unknown>('classes', {}, signal));
  const [chosen, setChosen] = useState(className);
  const [count, setCount] = useState(String(n));
  const [oneRow, setOneRow] = useState(distinct);
  const submit = (event: Event): void => {
    event.preventDefault();
    setQuery({ class: chosen, n: count, distinct: oneRow ? 'true' : null });
  };
  if (classes.state === 'loading') return <Loading what="classes" />;
  if (classes.state === 'error')
    return <ErrorBox title="The class list could not be loaded">{classes.message}</ErrorBox>;
  return (
    <form class="service" onSubmit={submit}>
      <label>
        Class
        <select name="class" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)} required>
          <option value="">Choose a class…</option>
          {classGroups(classes.value).map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.classes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label>
        Number of alerts (at most {MAX_N})
        <input
          name="n"
          type="number"
          min={1}
          max={MAX_N}
          value={count}
          onInput={(e) => setCount(e.currentTarget.value)}
        />
      </label>
      <label class="switch">
        <span>
          <input type="checkbox" checked={oneRow} onChange={(e) => setOneRow(e.currentTarget.checked)} /> One
          row per object
        </span>
      </label>
      <button type="submit" disabled={chosen === ''}>
        Show
      </button>
    </form>
  );
}

/** The latest-alerts page. */
export function LatestsPage() {
  const { search } = useLocation();
  const request = latestsRequestOf(search);
  const args = latestsArgs(request);
  const rows = useLoad(args ? JSON.stringify(args) : null, (signal) =>
    getJson<ApiRow[]>('latests', args ?? {}, signal),
  );
  return (
    <section class="latests">
      <h1>Latest alerts by class</h1>
      <div class="panel">
        <ClassForm
          key={search.toString()}
          className={request.className}
          n={request.n}
          distinct={request.distinct}
        />
      </div>
      {args === null ? <Notice>Choose a class to list its latest alerts.</Notice> : null}
      {args && rows.state === 'loading' ? <Loading what={`latest ${request.className} alerts`} /> : null}
      {args && rows.state === 'error' ? (
        <ErrorBox title="The API answered an error">{rows.message}</ErrorBox>
      ) : null}
      {args && rows.state === 'done' ? (
        rows.value.length === 0 ? (
          <Notice>No {request.className} alert in this store.</Notice>
        ) : (
          <>
            <p>
              {rows.value.length} latest {request.className} alert{rows.value.length === 1 ? '' : 's'}, most
              recent first.
            </p>
            <DataTable
              rows={rows.value}
              columns={COLUMNS}
              label={`Latest ${request.className} alerts`}
              rowKey={(r, i) => `${text(r, 'i:candid')}-${i}`}
            />
            <Downloads
              endpoint="latests"
              args={args}
              fileName={`latests_${request.className.replace(/\W+/g, '_')}`}
            />
          </>
        )
      ) : null}
    </section>
  );
}
