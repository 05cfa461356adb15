/**
 * The Solar System tab of a known Solar System object (roid = 3), also the body of `/sso/<name or number>`:
 * light curve with the ephemeris prediction, astrometry, phase curve with the HG / HG1G2 / sHG1G2 fits, and
 * downloads of the same `/api/v1/sso` query. The sub-view is kept in the URL (`ssoview`).
 */
import { useMemo } from 'preact/hooks';
import { Downloads } from '../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { TabBar } from '../components/tab-bar.js';
import { type ApiRow, getJson } from '../lib/api.js';
import { pickChoice, setQueryParam } from '../lib/query-param.js';
import { useLocation } from '../lib/router.js';
import { ssoHeading } from '../lib/sso-links.js';
import { BAND_NAMES, ssoPoints } from '../lib/sso-points.js';
import { type Loaded, useLoad } from '../lib/use-api.js';
import { SsoAstrometry } from './sso/sso-astrometry.js';
import { SsoLightCurve } from './sso/sso-lightcurve.js';
import { SsoPhaseCurve } from './sso/sso-phase-curve.js';

const VIEWS = ['lightcurve', 'astrometry', 'phase'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Readonly<Record<View, string>> = {
  lightcurve: 'Lightcurve',
  astrometry: 'Astrometry',
  phase: 'Phase curve',
};

/** The `/api/v1/sso` arguments of the tab (also its downloads). */
function ssoArgs(name: string) {
  return { n_or_d: name, withEphem: true, withResiduals: true };
}

/** Loads the `/api/v1/sso` rows (with ephemerides and residuals) of a name; `''` loads nothing. */
export function useSsoRows(name: string): Loaded<ApiRow[]> {
  return useLoad(name ? `sso:${name}` : null, (signal) => getJson<ApiRow[]>('sso', ssoArgs(name), signal));
}

/** Solar System tab of `objectId` (may be empty on the `/sso/` page) for the object ZTF named `ssnamenr`. */
export function SsoTab(props: { objectId: string; ssnamenr: string }) {
  const name = props.ssnamenr.trim();
  const rows = useSsoRows(name);
  if (!name) return <Notice>Object not referenced in the Minor Planet Center.</Notice>;
  return <SsoViews name={name} objectId={props.objectId} rows={rows} />;
}

/** The views of loaded `/sso` rows (or their loading and error states). */
export function SsoViews(props: { name: string; objectId: string; rows: Loaded<ApiRow[]> }) {
  const { name, objectId, rows } = props;
  const { search } = useLocation();
  const view = pickChoice<View>(search.get('ssoview'), VIEWS);
  const points = useMemo(() => (rows.state === 'done' ? ssoPoints(rows.value) : []), [rows]);
  if (rows.state === 'loading') return <Loading what={`Solar System data of ${name}`} />;
  if (rows.state === 'error')
    return <ErrorBox title={`${name}: the API answered an error`}>{rows.message}</ErrorBox>;
  if (points.length === 0)
    return (
      <ErrorBox title={`${name}: no alert`}>No roid = 3 alert carries this object on this server.</ErrorBox>
    );
  const first = rows.value[0];
  const ssoName = first.sso_name;
  const ssoNumber = first.sso_number;
  const bands = [...new Set(points.map((p) => BAND_NAMES[p.fid] ?? String(p.fid)))].join(', ');
  const fileName = `sso_${name.replace(/\W+/g, '_')}${objectId ? `_${objectId}` : ''}`;
  return (
    <section class="sso-tab" aria-label="Solar System">
      <dl class="facts sso-identity">
        <dt>Object</dt>
        <dd data-sso-heading>{ssoHeading(ssoNumber, ssoName, name)}</dd>
        <dt>ZTF name</dt>
        <dd>{name}</dd>
        <dt>Detections</dt>
        <dd>
          {points.length} ({bands})
        </dd>
        {objectId ? (
          <>
            <dt>Page</dt>
            <dd>
              <a
                href={`/sso/${encodeURIComponent(typeof ssoNumber === 'number' ? String(ssoNumber) : name)}`}
              >
                Solar System page (orbit, every alert)
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <TabBar
        tabs={VIEWS}
        labels={VIEW_LABELS}
        current={view}
        label="Solar System views"
        onChoose={(v) => setQueryParam('ssoview', v === 'lightcurve' ? null : v)}
      >
        <div class="panel">
          {view === 'lightcurve' ? <SsoLightCurve points={points} /> : null}
          {view === 'astrometry' ? <SsoAstrometry points={points} /> : null}
          {view === 'phase' ? (
            <SsoPhaseCurve points={points} ssoNumber={ssoNumber} ssoName={ssoName} keyText={name} />
          ) : null}
        </div>
      </TabBar>
      <Downloads endpoint="sso" args={ssoArgs(name)} fileName={fileName} />
    </section>
  );
}
