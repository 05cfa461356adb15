/**
 * LSST object page `/<store>/object/<diaObjectId>`: the diaObject's card (position, detections per band, links,
 * its counterpart in the other surveys served) and sky viewer on the left; tabs on the right: light curve (flux or
 * AB magnitude per band, forced photometry) and cutouts of a chosen diaSource, forced photometry, alert content
 * (the diaSource and the diaObject record), Fink's scores, download and share. Tab and diaSource are in the URL
 * (`?tab=…&diaSourceId=…`). Data: the store's public `objects`, `sources` and `fp`, ids kept exact, and
 * `sources?columns=r:diaSourceId,v:hasCutouts` (which diaSources have stamps: the cutouts of the others are not
 * asked, the API would answer 400).
 */
import { useEffect } from 'preact/hooks';
import { Counterparts } from '../components/cross-survey.js';
import { Cutouts } from '../components/cutouts.js';
import { type Column, DataTable } from '../components/data-table.js';
import { Downloads } from '../components/downloads.js';
import { loadPlotly } from '../components/plot.js';
import { SkyViewer } from '../components/sky-viewer.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { TabBar } from '../components/tab-bar.js';
import type { ApiRow } from '../lib/api.js';
import { getRowsExact, quoteLargeIntegers } from '../lib/exact-json.js';
import { jdUtcOfMjdTai } from '../lib/lsst-photometry.js';
import { numberField } from '../lib/object-rows.js';
import { jdText } from '../lib/results.js';
import { setQuery, useLocation } from '../lib/router.js';
import { objectPath, type StoreEntry, storeEndpoint } from '../lib/stores.js';
import { useLoad } from '../lib/use-api.js';
import { LsstLightCurve } from './lsst/light-curve.js';
import { LsstSummaryCard } from './lsst/summary-card.js';
import { AlertPicker, type DescribeAlert } from './object/alert-picker.js';
import { AlertTable } from './object/alert-table.js';
import { useAfterLightCurve } from './object/light-curve.js';
import { Scores } from './object/scores.js';
import { Share } from './object/share.js';

type Tab = 'summary' | 'forced' | 'alert' | 'scores' | 'download';
const TAB_LABELS: Readonly<Record<Tab, string>> = {
  summary: 'Summary',
  forced: 'Forced photometry',
  alert: 'Alert content',
  scores: "Fink's scores",
  download: 'Download & share',
};
/** Field families of Fink's LSST API, in display order. */
const LSST_FAMILIES = ['r:', 'f:', 'v:'] as const;

/** The rows of an LSST object: its diaObject record, diaSources (newest first) and forced sources. */
interface LsstObjectRows {
  readonly object: ApiRow | undefined;
  readonly sources: ApiRow[];
  readonly forced: ApiRow[];
  /** The diaSourceIds whose stamps the store does not hold (`v:hasCutouts` false). */
  readonly stampless: ReadonlySet<string>;
}

const mjdOf = (row: ApiRow): number => numberField(row, 'r:midpointMjdTai') ?? 0;
const jdOf = (row: ApiRow): number | null => {
  const mjd = numberField(row, 'r:midpointMjdTai');
  return mjd === null ? null : jdUtcOfMjdTai(mjd);
};

const describeSource: DescribeAlert = (row) => {
  const id = String(row['r:diaSourceId']);
  const band = typeof row['r:band'] === 'string' ? row['r:band'] : '?';
  return { id, label: `${jdText(jdOf(row))} · ${band} · ${id}` };
};

async function loadRows(
  store: StoreEntry,
  diaObjectId: string,
  signal: AbortSignal,
): Promise<LsstObjectRows> {
  const get = (endpoint: string, columns?: string) =>
    getRowsExact(
      storeEndpoint(store, endpoint),
      columns === undefined ? { diaObjectId } : { diaObjectId, columns },
      signal,
      quoteLargeIntegers,
    );
  const [objects, sources, forced, stamps] = await Promise.all([
    get('objects'),
    get('sources'),
    get('fp'),
    get('sources', 'r:diaSourceId,v:hasCutouts'),
  ]);
  return {
    object: objects[0],
    sources: [...sources].sort((a, b) => mjdOf(b) - mjdOf(a)),
    forced: [...forced].sort((a, b) => mjdOf(a) - mjdOf(b)),
    stampless: new Set(
      stamps.filter((r) => r['v:hasCutouts'] === false).map((r) => String(r['r:diaSourceId'])),
    ),
  };
}

/** The Fink score fields of the diaSources: every `f:` field with a number (classifier outputs `f:clf_*`). */
function scoreFields(sources: readonly ApiRow[]): [string, string][] {
  const names = new Set<string>();
  for (const row of sources)
    for (const [key, value] of Object.entries(row))
      if (key.startsWith('f:clf_') && typeof value === 'number') names.add(key);
  return [...names].sort().map((n) => [n, n.slice('f:clf_'.length)]);
}

const FORCED_COLUMNS: readonly Column<ApiRow>[] = [
  { key: 'date', label: 'Date (UTC)', render: (r) => jdText(jdOf(r)), sortValue: (r) => mjdOf(r) },
  { key: 'band', label: 'Band', render: (r) => String(r['r:band'] ?? '') },
  {
    key: 'flux',
    label: 'PSF flux (nJy)',
    render: (r) => numberField(r, 'r:psfFlux')?.toFixed(1) ?? '',
    sortValue: (r) => numberField(r, 'r:psfFlux'),
  },
  { key: 'error', label: 'σ (nJy)', render: (r) => numberField(r, 'r:psfFluxErr')?.toFixed(1) ?? '' },
  { key: 'id', label: 'diaForcedSourceId', render: (r) => String(r['r:diaForcedSourceId'] ?? '') },
];

/** The LSST object page of a store. */
export function LsstObjectPage({
  store,
  stores,
  diaObjectId,
}: {
  store: StoreEntry;
  stores: readonly StoreEntry[];
  diaObjectId: string;
}) {
  useEffect(() => void loadPlotly().catch(() => undefined), []);
  const rows = useLoad(`${store.name}:${diaObjectId}`, (signal) => loadRows(store, diaObjectId, signal));
  if (!/^\d{1,20}$/.test(diaObjectId))
    return <ErrorBox title={`${diaObjectId}: not a diaObjectId`}>A diaObjectId is an integer.</ErrorBox>;
  if (rows.state === 'loading') return <Loading what={diaObjectId} />;
  if (rows.state === 'error')
    return <ErrorBox title={`${diaObjectId}: the API answered an error`}>{rows.message}</ErrorBox>;
  if (rows.value.sources.length === 0 && rows.value.object === undefined)
    return (
      <ErrorBox title={`${diaObjectId} not found`}>
        No diaObject of this id in the LSST store (nightly data appears when the night is published).
      </ErrorBox>
    );
  return <LsstObjectView store={store} stores={stores} diaObjectId={diaObjectId} rows={rows.value} />;
}

function LsstObjectView({
  store,
  stores,
  diaObjectId,
  rows,
}: {
  store: StoreEntry;
  stores: readonly StoreEntry[];
  diaObjectId: string;
  rows: LsstObjectRows;
}) {
  const { search } = useLocation();
  const { object, sources, forced } = rows;
  const chosen = sources.find((s) => String(s['r:diaSourceId']) === search.get('diaSourceId')) ?? sources[0];
  const diaSourceId = chosen ? String(chosen['r:diaSourceId']) : null;
  const raDeg = numberField(object, 'r:ra') ?? numberField(chosen, 'r:ra');
  const decDeg = numberField(object, 'r:dec') ?? numberField(chosen, 'r:dec');
  const skyViewerReady = useAfterLightCurve();
  const scores = scoreFields(sources);
  const tabs: Tab[] = [
    'summary',
    'forced',
    'alert',
    ...(scores.length > 0 ? (['scores'] as const) : []),
    'download',
  ];
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'summary';
  const update = (patch: Record<string, string | null>): void =>
    setQuery({ tab: search.get('tab'), diaSourceId: search.get('diaSourceId'), ...patch });
  const picker =
    diaSourceId === null ? null : (
      <AlertPicker
        alerts={sources}
        candid={diaSourceId}
        name="diaSourceId"
        describe={describeSource}
        onChange={(id) => update({ diaSourceId: id })}
      />
    );
  return (
    <section class="object-page">
      <h1>{diaObjectId}</h1>
      <p class="subtitle">Rubin (LSST) diaObject</p>
      <div class="grid-2">
        <div class="object-left">
          <LsstSummaryCard object={object} sources={sources} forced={forced} raDeg={raDeg} decDeg={decDeg}>
            {raDeg !== null && decDeg !== null ? (
              <Counterparts
                others={stores.filter((s) => s.survey !== 'lsst')}
                raDeg={raDeg}
                decDeg={decDeg}
              />
            ) : null}
          </LsstSummaryCard>
          {raDeg !== null && decDeg !== null && skyViewerReady ? (
            <section class="panel">
              <SkyViewer
                raDeg={raDeg}
                decDeg={decDeg}
                fovDeg={0.025}
                markers={[{ raDeg, decDeg, label: diaObjectId }]}
                height={300}
              />
            </section>
          ) : null}
        </div>
        <div class="object-right">
          <TabBar
            tabs={tabs}
            labels={TAB_LABELS}
            current={tab}
            onChoose={(t) => update({ tab: t === 'summary' ? null : t })}
          >
            {tab === 'summary' ? (
              <>
                <LsstLightCurve sources={sources} forced={forced} />
                <section class="panel">
                  <h2>Cutouts</h2>
                  {picker}
                  {diaSourceId === null ? (
                    <Notice>No diaSource.</Notice>
                  ) : (
                    <Cutouts
                      endpoint={storeEndpoint(store, 'cutouts')}
                      alert={{ diaSourceId }}
                      available={!rows.stampless.has(diaSourceId)}
                    />
                  )}
                </section>
              </>
            ) : null}
            {tab === 'forced' ? (
              <section class="panel">
                <h2>Forced photometry</h2>
                {forced.length === 0 ? (
                  <Notice>No forced photometry for this diaObject in the store.</Notice>
                ) : (
                  <DataTable
                    rows={forced}
                    columns={FORCED_COLUMNS}
                    label="Forced photometry"
                    rowKey={(r, i) => String(r['r:diaForcedSourceId'] ?? i)}
                    initialSort={{ key: 'date' }}
                  />
                )}
              </section>
            ) : null}
            {tab === 'alert' ? (
              <section class="panel">
                <h2>diaSource</h2>
                {picker}
                {chosen ? <AlertTable alert={chosen} families={LSST_FAMILIES} /> : null}
                <h2>diaObject</h2>
                {object ? (
                  <AlertTable alert={object} families={LSST_FAMILIES} />
                ) : (
                  <Notice>No diaObject record.</Notice>
                )}
              </section>
            ) : null}
            {tab === 'scores' ? (
              <section class="panel">
                <Scores alerts={sources} fields={scores} jdOf={jdOf} />
              </section>
            ) : null}
            {tab === 'download' ? (
              <section class="panel">
                <h2>Download</h2>
                <p>The diaSources of the object:</p>
                <Downloads
                  endpoint={storeEndpoint(store, 'sources')}
                  args={{ diaObjectId }}
                  fileName={`${diaObjectId}_sources`}
                />
                <p>Its forced photometry:</p>
                <Downloads
                  endpoint={storeEndpoint(store, 'fp')}
                  args={{ diaObjectId }}
                  fileName={`${diaObjectId}_fp`}
                />
                <h2>Share</h2>
                <Share objectId={diaObjectId} path={objectPath(store, diaObjectId)} />
              </section>
            ) : null}
          </TabBar>
        </div>
      </div>
    </section>
  );
}
