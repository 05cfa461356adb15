/**
 * The sky viewer: Aladin Lite v3 (loaded on first use as its own chunk) centred on a position, with markers and
 * optionally a MOC region. Survey images come from the configured HiPS (lib/config.ts); without network the
 * viewer is collapsed to a line saying so (a blank sky would take a screen's height for nothing), with a button to
 * open it anyway (markers and region on a blank sky). Browsers without WebGL2 get a message instead.
 */
import type { AladinStatic } from 'aladin-lite';
import { useEffect, useRef, useState } from 'preact/hooks';
import { hipsReachable, hipsSurvey } from '../lib/config.js';
import { ErrorBox, Loading } from './status.js';

let aladin: Promise<AladinStatic> | null = null;

/**
 * Survey tiles come from outside (the HiPS server); without network Aladin Lite rejects promises nobody awaits
 * ("Failed to fetch", "does not refer to a found CDS ID"). Those are an unreachable survey, not a portal error:
 * they are logged as warnings and the view keeps its markers on a blank sky.
 */
function ignoreSurveyFailures(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const text = String(event.reason instanceof Error ? event.reason.message : event.reason);
    if (/Failed to fetch|HiPS|CDS ID|NetworkError|Load failed/i.test(text)) {
      event.preventDefault();
      console.warn(`sky viewer: survey unavailable (${text.split('\n')[0]})`);
    }
  });
}

function loadAladin(): Promise<AladinStatic> {
  aladin ??= import('aladin-lite').then(async (m) => {
    ignoreSurveyFailures();
    await m.default.init;
    return m.default;
  });
  return aladin;
}

/** A marked position with a label (shown on click). */
export interface SkyMarker {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly label: string;
}

/** Props of {@link SkyViewer}. `moc` is an IVOA MOC JSON object (`{"order": [cells]}`). */
export interface SkyViewerProps {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly fovDeg: number;
  readonly markers?: readonly SkyMarker[];
  readonly moc?: Record<string, number[]> | null;
  readonly height?: number;
}

/**
 * Aladin Lite view with markers and an optional MOC; collapsed with a message when the survey images cannot be
 * reached. The view asked (centre and field, deg) is in the element's `data-ra-deg`, `data-dec-deg`, `data-fov-deg`.
 */
export function SkyViewer(props: SkyViewerProps) {
  const [online, setOnline] = useState<boolean | null>(null);
  const [forced, setForced] = useState(false);
  useEffect(() => {
    let live = true;
    void hipsReachable().then((ok) => live && setOnline(ok));
    return () => {
      live = false;
    };
  }, []);
  if (online === null && !forced) return <Loading what="sky viewer" />;
  if (online === false && !forced)
    return (
      <div
        class="sky-viewer sky-viewer-offline"
        data-state="offline"
        data-ra-deg={props.raDeg}
        data-dec-deg={props.decDeg}
        data-fov-deg={props.fovDeg}
      >
        <p class="notice">
          Sky viewer off: the survey images ({hipsSurvey()}) cannot be reached from this browser (offline, or
          the server's network has no outside access). The operator sets the survey with SKYALERT_HIPS_URL.{' '}
          <button type="button" class="link" onClick={() => setForced(true)}>
            Show the markers on a blank sky
          </button>
        </p>
      </div>
    );
  return <AladinView {...props} />;
}

function AladinView({ raDeg, decDeg, fovDeg, markers = [], moc = null, height = 360 }: SkyViewerProps) {
  const div = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    let live = true;
    loadAladin().then(
      (A) => {
        if (!live || !div.current) return;
        div.current.replaceChildren();
        const view = A.aladin(div.current, {
          survey: hipsSurvey(),
          fov: fovDeg,
          target: `${raDeg} ${decDeg}`,
          showReticle: true,
          showCooGrid: false,
          showShareControl: false,
          showSimbadPointerControl: false,
          mode: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
        });
        if (markers.length > 0) {
          const catalog = A.catalog({ name: 'Sky-alert', color: '#f5622e', sourceSize: 14 });
          view.addCatalog(catalog);
          catalog.addSources(markers.map((m) => A.source(m.raDeg, m.decDeg, { name: m.label })));
        }
        if (moc)
          view.addMOC(A.MOCFromJSON(moc, { color: '#7a3fb0', opacity: 0.35, lineWidth: 1, name: 'region' }));
        setState('ready');
      },
      (error: unknown) => live && setState(String(error)),
    );
    return () => {
      live = false;
    };
  }, [raDeg, decDeg, fovDeg, markers, moc]);
  return (
    <div
      class="sky-viewer"
      data-state={state === 'loading' || state === 'ready' ? state : 'error'}
      data-ra-deg={raDeg}
      data-dec-deg={decDeg}
      data-fov-deg={fovDeg}
    >
      {state === 'loading' ? <Loading what="sky viewer" /> : null}
      {state !== 'loading' && state !== 'ready' ? (
        <ErrorBox title="The sky viewer cannot start in this browser">{state}</ErrorBox>
      ) : null}
      <div ref={div} style={{ width: '100%', height: `${height}px` }} role="img" aria-label="Sky viewer" />
    </div>
  );
}
