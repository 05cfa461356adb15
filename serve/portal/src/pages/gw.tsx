/**
 * `/gw`: objects inside the credible region of a gravitational-wave sky map (`/api/v1/skymap`, POST multipart):
 * upload a FITS map or name a GraceDB event (answered when the operator configured GraceDB), choose the credible
 * level and the days before/after the event; t0 and the searched window are shown, the region is drawn as a MOC in
 * the sky viewer (the view fitted to it) with the objects found, which the table links to their pages.
 */
import { useMemo, useState } from 'preact/hooks';
import { type Column, DataTable } from '../components/data-table.js';
import { PostDownloads } from '../components/post-downloads.js';
import { SkyViewer } from '../components/sky-viewer.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, postForm } from '../lib/api.js';
import { skymapEventJd } from '../lib/fits-event-time.js';
import {
  type GwFields,
  gwFormData,
  gwProblems,
  MOC_FORMAT,
  mocOf,
  mocSkyFraction,
  SKY_AREA_DEG2,
} from '../lib/gw-form.js';
import { mocView } from '../lib/moc-view.js';
import { jdToIsoUtc } from '../lib/sso-traces.js';

type Outcome =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }
  | {
      readonly state: 'done';
      readonly rows: ApiRow[];
      readonly moc: Record<string, number[]> | null;
      readonly mocError: string | null;
      readonly fields: GwFields;
      /** The event time the search used (JD UTC): the answer's `v:jdstartgw`, else the map's header; null if unknown. */
      readonly t0Jd: number | null;
    };

function utcText(jd: number): string {
  return `${jdToIsoUtc(jd).slice(0, 19).replace('T', ' ')} UTC`;
}

/** "t0 = …; alerts searched from … to …" of a search. */
function SearchedWindow({ t0Jd, fields }: { t0Jd: number | null; fields: GwFields }) {
  if (t0Jd === null)
    return (
      <Notice>The event time t0 is not known here (the answer names no object and the map gave none).</Notice>
    );
  const start = t0Jd - Number(fields.nDayBefore);
  const stop = t0Jd + Number(fields.nDayAfter);
  return (
    <dl class="facts gw-window" data-t0-jd={t0Jd} data-start-jd={start} data-stop-jd={stop}>
      <dt>Event time t0</dt>
      <dd>
        {utcText(t0Jd)} (JD {t0Jd.toFixed(5)})
      </dd>
      <dt>Alerts searched</dt>
      <dd>
        {utcText(start)} to {utcText(stop)} (t0 − {fields.nDayBefore} d to t0 + {fields.nDayAfter} d)
      </dd>
    </dl>
  );
}

const num = (r: ApiRow, k: string): number | null =>
  typeof r[k] === 'number' && Number.isFinite(r[k]) ? (r[k] as number) : null;

function columnsOf(rows: readonly ApiRow[]): Column<ApiRow>[] {
  const keys = rows.length > 0 ? Object.keys(rows[0]) : [];
  const prob = keys.filter((k) => /prob/i.test(k));
  const columns: Column<ApiRow>[] = [
    {
      key: 'objectId',
      label: 'Object',
      render: (r) => (
        <a href={`/${encodeURIComponent(String(r['i:objectId']))}`}>{String(r['i:objectId'])}</a>
      ),
      sortValue: (r) => String(r['i:objectId']),
    },
    {
      key: 'class',
      label: 'Classification',
      render: (r) => String(r['v:classification'] ?? r['d:classification'] ?? ''),
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
      key: 'dt',
      label: 'First detection − t0 (d)',
      render: (r) => {
        const start = num(r, 'i:jdstarthist');
        const t0 = num(r, 'v:jdstartgw');
        return start !== null && t0 !== null ? (start - t0).toFixed(3) : '';
      },
      sortValue: (r) => (num(r, 'i:jdstarthist') ?? Number.NaN) - (num(r, 'v:jdstartgw') ?? Number.NaN),
    },
  ];
  for (const k of prob)
    columns.push({
      key: k,
      label: k,
      render: (r) => num(r, k)?.toPrecision(4) ?? '',
      sortValue: (r) => num(r, k),
    });
  return columns;
}

function GwResults({ outcome }: { outcome: Extract<Outcome, { state: 'done' }> }) {
  const markers = useMemo(
    () =>
      outcome.rows.flatMap((r) => {
        const ra = num(r, 'i:ra');
        const dec = num(r, 'i:dec');
        return ra !== null && dec !== null
          ? [{ raDeg: ra, decDeg: dec, label: String(r['i:objectId']) }]
          : [];
      }),
    [outcome.rows],
  );
  // the region when there is one, else the first object, else the whole sky
  const view = useMemo(
    () =>
      (outcome.moc ? mocView(outcome.moc) : null) ??
      (markers[0] ? { ...markers[0], fovDeg: 60 } : { raDeg: 180, decDeg: 0, fovDeg: 360 }),
    [outcome.moc, markers],
  );
  return (
    <>
      <SearchedWindow t0Jd={outcome.t0Jd} fields={outcome.fields} />
      {outcome.moc ? (
        <p data-testid="gw-area">
          Credible region:{' '}
          {(mocSkyFraction(outcome.moc) * SKY_AREA_DEG2).toLocaleString('en-US', {
            maximumFractionDigits: 1,
          })}{' '}
          deg² ({(mocSkyFraction(outcome.moc) * 100).toFixed(2)} % of the sky).
        </p>
      ) : null}
      {outcome.mocError ? (
        <ErrorBox title="The credible region could not be drawn">{outcome.mocError}</ErrorBox>
      ) : null}
      <div class="panel">
        <SkyViewer
          raDeg={view.raDeg}
          decDeg={view.decDeg}
          fovDeg={view.fovDeg}
          markers={markers}
          moc={outcome.moc}
          height={420}
        />
      </div>
      {outcome.rows.length === 0 ? (
        <Notice>No object inside the region and the time window.</Notice>
      ) : (
        <>
          <p>{outcome.rows.length} objects inside the region and the time window.</p>
          <DataTable
            rows={outcome.rows}
            columns={columnsOf(outcome.rows)}
            label="Objects in the credible region"
            rowKey={(_, i) => String(i)}
          />
          <PostDownloads
            endpoint="skymap"
            form={(format) => gwFormData(outcome.fields, format)}
            fileName="bayestar"
          />
        </>
      )}
    </>
  );
}

/** The GW sky-map page. */
export function GwPage() {
  const [fields, setFields] = useState<GwFields>({
    file: null,
    fileName: '',
    eventName: '',
    t0: '',
    credibleLevel: '0.9',
    nDayBefore: '1',
    nDayAfter: '6',
  });
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [shown, setShown] = useState<string[]>([]);
  const set = (patch: Partial<GwFields>): void => setFields((f) => ({ ...f, ...patch }));
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const problems = gwProblems(fields);
    setShown(problems);
    if (problems.length > 0) return;
    setOutcome({ state: 'loading' });
    try {
      const rows = await postForm<ApiRow[]>('skymap', gwFormData(fields, 'json'));
      let moc: Record<string, number[]> | null = null;
      let mocError: string | null = null;
      try {
        moc = mocOf(await postForm<unknown>('skymap', gwFormData(fields, MOC_FORMAT)));
        if (moc === null) mocError = 'The API did not answer a MOC.';
      } catch (e) {
        mocError = e instanceof Error ? e.message : String(e);
      }
      const answered = rows.find((r) => typeof r['v:jdstartgw'] === 'number')?.['v:jdstartgw'];
      const t0Jd =
        typeof answered === 'number' ? answered : fields.file ? await skymapEventJd(fields.file) : null;
      setOutcome({ state: 'done', rows, moc, mocError, fields, t0Jd });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setOutcome({
        state: 'error',
        message:
          (fields.eventName ?? '').trim() !== '' && /GRACEDB/i.test(message)
            ? `Event names are answered only when the operator of this server configured GraceDB (SKYALERT_GRACEDB_URL); download the map from GraceDB and upload it instead. (${message})`
            : message,
      });
    }
  };
  return (
    <section class="gw">
      <h1>Gravitational-wave sky maps</h1>
      <form class="service panel" onSubmit={(e) => void submit(e)} noValidate>
        <label class="wide">
          Sky map (FITS, e.g. bayestar.fits.gz from GraceDB)
          <input
            name="file"
            type="file"
            accept=".fits,.gz,.fit,.fz"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              set({ file, fileName: file?.name ?? '' });
            }}
          />
        </label>
        <label>
          …or a GraceDB event name
          <input
            name="event_name"
            value={fields.eventName}
            placeholder="e.g. S200219ac"
            onInput={(e) => set({ eventName: e.currentTarget.value })}
          />
        </label>
        <label>
          Event time t0 (optional: ISO UTC, JD or MJD; default the map's DATE-OBS)
          <input name="t0" value={fields.t0} onInput={(e) => set({ t0: e.currentTarget.value })} />
        </label>
        <label>
          Credible level (0-1)
          <input
            name="credible_level"
            type="number"
            step="any"
            min="0"
            max="1"
            value={fields.credibleLevel}
            onInput={(e) => set({ credibleLevel: e.currentTarget.value })}
          />
        </label>
        <label>
          Days before the event
          <input
            name="n_day_before"
            type="number"
            step="any"
            min="0"
            value={fields.nDayBefore}
            onInput={(e) => set({ nDayBefore: e.currentTarget.value })}
          />
        </label>
        <label>
          Days after the event
          <input
            name="n_day_after"
            type="number"
            step="any"
            min="0"
            value={fields.nDayAfter}
            onInput={(e) => set({ nDayAfter: e.currentTarget.value })}
          />
        </label>
        <button type="submit" disabled={outcome.state === 'loading'}>
          Search
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
      {outcome.state === 'loading' ? <Loading what="objects in the credible region" /> : null}
      {outcome.state === 'error' ? (
        <ErrorBox title="The API answered an error">{outcome.message}</ErrorBox>
      ) : null}
      {outcome.state === 'done' ? <GwResults outcome={outcome} /> : null}
    </section>
  );
}
