/**
 * Object page `/<objectId>`: identity card and sky viewer on the left; tabs on the right (light curve and
 * cutouts, alert content, classification history and scores, variable star period search, observability,
 * neighbourhood, Solar System for alerts of known objects, download and share). When the server serves other surveys, the card links the object's counterpart there.
 * The chosen tab and alert are in the URL (`?tab=…&candid=…`).
 * Data: `objects` with `withupperlim=true` (alert ids kept exact), loaded once, and `objects` with
 * `columns=i:candid,v:hasCutouts` (which alerts have stamps). Reference: docs/references.md#dc-magnitude.
 */

import { useEffect } from 'preact/hooks';
import { Counterparts } from '../components/cross-survey.js';
import { Cutouts } from '../components/cutouts.js';
import { Downloads } from '../components/downloads.js';
import { loadPlotly } from '../components/plot.js';
import { SkyViewer } from '../components/sky-viewer.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { TabBar } from '../components/tab-bar.js';
import type { ApiRow } from '../lib/api.js';
import { getRowsExact } from '../lib/exact-json.js';
import { chosenAlert, detections, latestAlert, meanPosition } from '../lib/object-rows.js';
import { setQuery, useLocation } from '../lib/router.js';
import { useStores } from '../lib/stores.js';
import { useLoad } from '../lib/use-api.js';
import { AlertPicker } from './object/alert-picker.js';
import { AlertTable } from './object/alert-table.js';
import { ClassHistory } from './object/class-history.js';
import { CURVE_MODES, type CurveMode, LightCurve, useAfterLightCurve } from './object/light-curve.js';
import { Neighbourhood } from './object/neighbourhood.js';
import { Observability } from './object/observability.js';
import { Scores, scoreFieldsIn } from './object/scores.js';
import { Share } from './object/share.js';
import { SummaryCard } from './object/summary-card.js';
import { TrackletMembers } from './object/tracklet-members.js';
import { VariableStar, varStarSettings } from './object/variable-star.js';
import { SsoObjectName } from './sso/sso-object-name.js';
import { SsoTab } from './sso-tab.js';

type Tab =
  | 'summary'
  | 'alert'
  | 'classification'
  | 'varstar'
  | 'observability'
  | 'neighbourhood'
  | 'sso'
  | 'download';
const TAB_LABELS: Readonly<Record<Tab, string>> = {
  summary: 'Summary',
  alert: 'Alert content',
  classification: 'Classification',
  varstar: 'Variable star',
  observability: 'Observability',
  neighbourhood: 'Neighbourhood',
  sso: 'Solar System',
  download: 'Download & share',
};
/** Earlier tab names still read from URLs. */
const TAB_ALIASES: Readonly<Record<string, Tab>> = { scores: 'classification' };

/** The object page. */
export function ObjectPage({ objectId }: { objectId: string }) {
  // the light curve needs Plotly: fetch it while the rows load
  useEffect(() => void loadPlotly().catch(() => undefined), []);
  const rows = useLoad(objectId, (signal) =>
    getRowsExact('objects', { objectId, withupperlim: true }, signal),
  );
  if (rows.state === 'loading') return <Loading what={objectId} />;
  if (rows.state === 'error')
    return <ErrorBox title={`${objectId}: the API answered an error`}>{rows.message}</ErrorBox>;
  const latest = latestAlert(rows.value);
  if (rows.value.length === 0 || latest === undefined) {
    return (
      <ErrorBox title={`${objectId} not found`}>
        Either the object name does not exist, or it has not yet been published (nightly data appears at the
        end of the night).
      </ErrorBox>
    );
  }
  return <ObjectView objectId={objectId} rows={rows.value} latest={latest} />;
}

function ObjectView({ objectId, rows, latest }: { objectId: string; rows: ApiRow[]; latest: ApiRow }) {
  const { search } = useLocation();
  const alerts = detections(rows);
  const chosen = chosenAlert(alerts, search.get('candid')) ?? latest;
  const candid = String(chosen['i:candid']);
  const position = meanPosition(rows);
  const skyViewerReady = useAfterLightCurve();
  // which alerts the store holds stamps of: the cutouts of the others are not asked (the API would answer 400)
  const stamps = useLoad(`${objectId}:stamps`, (signal) =>
    getRowsExact('objects', { objectId, columns: 'i:candid,v:hasCutouts' }, signal),
  );
  const stampless =
    stamps.state === 'done' &&
    stamps.value.some((r) => String(r['i:candid']) === candid && r['v:hasCutouts'] === false);
  const stores = useStores();
  const ssnamenr = latest['i:ssnamenr'];
  const tracklet =
    typeof latest['d:tracklet'] === 'string' && latest['d:tracklet'] !== '' ? latest['d:tracklet'] : null;
  const isSso = latest['d:roid'] === 3 && (typeof ssnamenr === 'string' || typeof ssnamenr === 'number');
  const tabs: Tab[] = [
    'summary',
    'alert',
    'classification',
    ...(isSso ? [] : (['varstar'] as const)),
    'observability',
    'neighbourhood',
    ...(isSso ? (['sso'] as const) : []),
    'download',
  ];
  const askedText = search.get('tab');
  const asked = askedText === null ? null : ((TAB_ALIASES[askedText] ?? askedText) as Tab);
  // an alert of a known Solar System object opens on its Solar System tab
  const tab: Tab = asked && tabs.includes(asked) ? asked : isSso ? 'sso' : 'summary';
  const askedMode = search.get('lc');
  const mode: CurveMode = CURVE_MODES.find(([m]) => m === askedMode)?.[0] ?? 'diffmag';
  const update = (patch: Record<string, string | null>): void =>
    setQuery({ ...Object.fromEntries(search.entries()), ...patch });
  return (
    <section class="object-page">
      <h1>{objectId}</h1>
      {isSso ? <SsoObjectName ssnamenr={String(ssnamenr)} /> : null}
      <div class="grid-2">
        <div class="object-left">
          <SummaryCard objectId={objectId} rows={rows} latest={latest}>
            {position ? (
              <Counterparts
                others={(stores ?? []).filter((s) => s.survey !== 'ztf')}
                raDeg={position.raDeg}
                decDeg={position.decDeg}
              />
            ) : null}
          </SummaryCard>
          {tracklet ? <TrackletMembers tracklet={tracklet} objectId={objectId} /> : null}
          {position ? (
            <section class="panel">
              {skyViewerReady ? null : <Notice>The sky viewer starts after the light curve.</Notice>}
              {skyViewerReady ? (
                <SkyViewer
                  raDeg={position.raDeg}
                  decDeg={position.decDeg}
                  fovDeg={0.025}
                  markers={[{ raDeg: position.raDeg, decDeg: position.decDeg, label: objectId }]}
                  height={300}
                />
              ) : null}
            </section>
          ) : null}
        </div>
        <div class="object-right">
          <TabBar
            tabs={tabs}
            labels={TAB_LABELS}
            current={tab}
            onChoose={(t) => update({ tab: t === 'summary' && !isSso ? null : t })}
          >
            {tab === 'summary' ? (
              <>
                <LightCurve
                  rows={rows}
                  candid={candid}
                  onSelect={(c) => update({ candid: c })}
                  mode={mode}
                  onMode={(m) => update({ lc: m === 'diffmag' ? null : m })}
                />
                <section class="panel">
                  <h2>Cutouts</h2>
                  <AlertPicker alerts={alerts} candid={candid} onChange={(c) => update({ candid: c })} />
                  {stamps.state === 'loading' ? (
                    <Loading what="cutouts" />
                  ) : (
                    <Cutouts alert={{ objectId, candid }} available={!stampless} />
                  )}
                </section>
              </>
            ) : null}
            {tab === 'alert' ? (
              <section class="panel">
                <AlertPicker alerts={alerts} candid={candid} onChange={(c) => update({ candid: c })} />
                <AlertTable alert={chosen} />
              </section>
            ) : null}
            {tab === 'neighbourhood' && position ? (
              <section class="panel">
                <Neighbourhood
                  objectId={objectId}
                  latest={latest}
                  raDeg={position.raDeg}
                  decDeg={position.decDeg}
                />
              </section>
            ) : null}
            {tab === 'classification' ? (
              <section class="panel">
                <ClassHistory rows={rows} onSelect={(c) => update({ candid: c, tab: 'alert' })} />
                {scoreFieldsIn(alerts).length > 0 ? (
                  <>
                    <h2>Classification scores</h2>
                    <Scores alerts={alerts} />
                  </>
                ) : null}
              </section>
            ) : null}
            {tab === 'varstar' ? (
              <VariableStar
                rows={rows}
                latest={latest}
                settings={varStarSettings(search)}
                onSettings={update}
              />
            ) : null}
            {tab === 'observability' && position ? (
              <Observability
                raDeg={position.raDeg}
                decDeg={position.decDeg}
                site={Number(search.get('site') ?? 0) || 0}
                date={search.get('date')}
                onChange={update}
              />
            ) : null}
            {/* Solar System tab: its views live in pages/sso-tab.tsx */}
            {tab === 'sso' && isSso ? <SsoTab objectId={objectId} ssnamenr={String(ssnamenr)} /> : null}
            {tab === 'download' ? (
              <section class="panel">
                <h2>Download</h2>
                <p>Every alert of the object, with upper limits and bad-quality points (column d:tag).</p>
                <Downloads endpoint="objects" args={{ objectId, withupperlim: true }} fileName={objectId} />
                <h2>Share</h2>
                <Share objectId={objectId} />
              </section>
            ) : null}
          </TabBar>
        </div>
      </div>
    </section>
  );
}
