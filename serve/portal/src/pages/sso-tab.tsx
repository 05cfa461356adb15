/**
 * The Solar System tab of a known Solar System object (roid = 3), also the body of `/sso/<name or number>`:
 * light curve with the ephemeris prediction, astrometry, phase curve with the HG / HG1G2 / sHG1G2 fits, and
 * downloads of the same `/api/v1/sso` query. The sub-view is kept in the URL (`ssoview`).
 */
import { useMemo } from 'preact/hooks';
import { Downloads } from '../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, getJson } from '../lib/api.js';
import { pickChoice, setQueryParam } from '../lib/query-param.js';
import { useLocation } from '../lib/router.js';
import { BAND_NAMES, ssoPoints } from '../lib/sso-points.js';
import { useLoad } from '../lib/use-api.js';
import { SsoAstrometry } from './sso/sso-astrometry.js';
import { SsoLightCurve } from './sso/sso-lightcurve.js';
import { SsoPhaseCurve } from './sso/sso-phase-curve.js';

const VIEWS = [
  ['lightcurve', 'Lightcurve'],
  ['astrometry', 'Astrometry'],
  ['phase', 'Phase curve'],
] as const;
type View = (typeof VIEWS)[number][0];

/** Solar System tab of `objectId` (may be empty on the `/sso/` page) for the object ZTF named `ssnamenr`. */
export function SsoTab(props: { objectId: string; ssnamenr: string }) {
  const { objectId, ssnamenr } = props;
  const { search } = useLocation();
  const view = pickChoice<View>(
    search.get('ssoview'),
    VIEWS.map(([v]) => v),
  );
  const name = ssnamenr.trim();
  const args = { n_or_d: name, withEphem: true, withResiduals: true };
  const rows = useLoad(name ? `sso:${name}` : null, (signal) => getJson<ApiRow[]>('sso', args, signal));
  const points = useMemo(() => (rows.state === 'done' ? ssoPoints(rows.value) : []), [rows]);
  if (!name) return <Notice>Object not referenced in the Minor Planet Center.</Notice>;
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
        <dd>
          {typeof ssoNumber === 'number' ? `(${ssoNumber}) ` : ''}
          {typeof ssoName === 'string' ? ssoName : name}
        </dd>
        <dt>ZTF name</dt>
        <dd>{name}</dd>
        <dt>Detections</dt>
        <dd>
          {points.length} ({bands})
        </dd>
        <dt>Page</dt>
        <dd>
          <a href={`/sso/${encodeURIComponent(typeof ssoNumber === 'number' ? String(ssoNumber) : name)}`}>
            Solar System page
          </a>
        </dd>
      </dl>
      <div class="tabs" role="tablist" aria-label="Solar System views">
        {VIEWS.map(([v, label]) => (
          <button
            key={v}
            type="button"
            role="tab"
            class="tab"
            aria-selected={view === v}
            onClick={() => setQueryParam('ssoview', v === 'lightcurve' ? null : v)}
          >
            {label}
          </button>
        ))}
      </div>
      <div class="panel" role="tabpanel">
        {view === 'lightcurve' ? <SsoLightCurve points={points} /> : null}
        {view === 'astrometry' ? <SsoAstrometry points={points} /> : null}
        {view === 'phase' ? (
          <SsoPhaseCurve points={points} ssoNumber={ssoNumber} ssoName={ssoName} keyText={name} />
        ) : null}
      </div>
      <Downloads endpoint="sso" args={args} fileName={fileName} />
    </section>
  );
}
