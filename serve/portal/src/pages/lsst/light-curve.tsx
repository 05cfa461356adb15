/**
 * The light curve of a Rubin diaObject: PSF flux (nJy) or AB magnitude against time, one colour per band `ugrizy`
 * (the theme's `--band-*` variables), 1σ error bars; detections as filled circles, forced photometry as open
 * circles that can be hidden. The chart is the shared Plot; its first drawing sets the light-curve mark.
 * Reference: lib/lsst-photometry.ts (AB = 31.4 − 2.5·log10(f/nJy)).
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo, useRef, useState } from 'preact/hooks';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { Plot } from '../../components/plot.js';
import { RadioGroup } from '../../components/radio-group.js';
import type { ApiRow } from '../../lib/api.js';
import {
  type FluxMode,
  jdUtcOfMjdTai,
  LSST_BANDS,
  type LsstPoint,
  type LsstPointKind,
  lsstPoints,
} from '../../lib/lsst-photometry.js';
import { bandColour, useLightCurveMark } from '../object/light-curve.js';

const MODES: readonly (readonly [FluxMode, string])[] = [
  ['flux', 'Flux (nJy)'],
  ['mag', 'AB magnitude'],
];

const KIND_NAMES: Readonly<Record<LsstPointKind, string>> = { detection: '', forced: ' (forced)' };

function traces(points: readonly LsstPoint[], mode: FluxMode): Data[] {
  const unit = mode === 'flux' ? 'nJy' : 'mag';
  const out: Data[] = [];
  for (const kind of ['detection', 'forced'] as const) {
    for (const band of LSST_BANDS) {
      const own = points.filter((p) => p.band === band && p.kind === kind);
      if (own.length === 0) continue;
      const colour = bandColour(band);
      out.push({
        type: 'scatter',
        mode: 'markers',
        name: `${band}${KIND_NAMES[kind]}`,
        x: own.map((p) => jdToIsoText(jdUtcOfMjdTai(p.mjdTai))),
        y: own.map((p) => p.value),
        error_y: { type: 'data', array: own.map((p) => p.error ?? 0), visible: true, thickness: 1, width: 2 },
        text: own.map((p) => `MJD ${p.mjdTai.toFixed(5)} TAI${p.id ? `<br>id ${p.id}` : ''}`),
        hovertemplate: `%{x}<br>%{y:.3f} ${unit}<br>%{text}<extra>${band}${KIND_NAMES[kind]}</extra>`,
        marker: {
          color: colour,
          symbol: kind === 'forced' ? 'circle-open' : 'circle',
          size: 7,
        },
      } as Data);
    }
  }
  return out;
}

/** The light curve of diaSources and forced sources with its mode and visibility controls. */
export function LsstLightCurve({
  sources,
  forced,
}: {
  sources: readonly ApiRow[];
  forced: readonly ApiRow[];
}) {
  const [mode, setMode] = useState<FluxMode>('flux');
  const [showForced, setShowForced] = useState(true);
  const wrapper = useRef<HTMLElement>(null);
  useLightCurveMark(wrapper);
  const points = useMemo(
    () => [
      ...lsstPoints(sources, 'detection', mode),
      ...(showForced ? lsstPoints(forced, 'forced', mode) : []),
    ],
    [sources, forced, mode, showForced],
  );
  const data = useMemo(() => traces(points, mode), [points, mode]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
      yaxis: {
        title: { text: mode === 'flux' ? 'PSF flux (nJy)' : 'AB magnitude' },
        autorange: mode === 'flux' ? true : 'reversed',
      },
    }),
    [mode],
  );
  return (
    <section class="panel light-curve" ref={wrapper}>
      <div class="lc-controls">
        <RadioGroup legend="Light curve" name="lc-mode" choices={MODES} value={mode} onChange={setMode} />
        <label>
          <input
            type="checkbox"
            checked={showForced}
            disabled={forced.length === 0}
            onChange={(e) => setShowForced(e.currentTarget.checked)}
          />
          Forced photometry ({forced.length})
        </label>
      </div>
      {points.length === 0 ? <p class="notice">No photometry.</p> : null}
      <Plot data={data} layout={layout} label="Light curve" height={400} />
      {mode === 'mag' ? (
        <p class="note">
          AB magnitude m = 31.4 − 2.5·log10(flux / nJy), error 2.5/ln10 · σ/flux; points of flux ≤ 0 have no
          magnitude and are not drawn.
        </p>
      ) : null}
    </section>
  );
}
