/**
 * The light curve: difference magnitude, DC magnitude or DC flux against time, one colour per band (the
 * theme's `--band-*` variables), error bars, and upper limits and bad-quality points that can be hidden.
 * When the chart is first drawn, `performance.mark('skyalert:lightcurve')` is set (bench/portal.ts reads it).
 * Reference: docs/references.md#dc-magnitude.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { Plot } from '../../components/plot.js';
import { RadioGroup } from '../../components/radio-group.js';
import type { ApiRow } from '../../lib/api.js';
import {
  BAND_NAMES,
  type Fid,
  type LightCurveMode,
  type LightCurvePoint,
  lightCurvePoints,
  type PointTag,
} from '../../lib/photometry.js';

/** The performance mark set when the light curve is drawn. */
export const LIGHT_CURVE_MARK = 'skyalert:lightcurve';
/** Longest wait for the light curve before {@link useAfterLightCurve} gives way anyway (ms). */
const LIGHT_CURVE_WAIT_MS = 5000;

/**
 * True once the light curve is drawn (or after {@link LIGHT_CURVE_WAIT_MS}): heavy views such as the sky
 * viewer start then, so they do not compete with Plotly for the first drawing.
 */
export function useAfterLightCurve(): boolean {
  const drawn = (): boolean => performance.getEntriesByName(LIGHT_CURVE_MARK).length > 0;
  const [done, setDone] = useState(drawn);
  useEffect(() => {
    if (done) return;
    const observer = new PerformanceObserver(() => drawn() && setDone(true));
    observer.observe({ type: 'mark' });
    const timer = setTimeout(() => setDone(true), LIGHT_CURVE_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}

/**
 * Sets {@link LIGHT_CURVE_MARK} once a chart inside `wrapper` is drawn (its `figure.plot` is `data-state="ready"`).
 */
export function useLightCurveMark(wrapper: RefObject<HTMLElement>): void {
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const check = (): boolean => {
      if (element.querySelector('figure.plot[data-state="ready"]') === null) return false;
      if (performance.getEntriesByName(LIGHT_CURVE_MARK).length === 0) performance.mark(LIGHT_CURVE_MARK);
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(element, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, []);
}

/** The colour of a band in the current theme (CSS variable `--band-<name>`), `fallback` when it has none. */
export function bandColour(name: string, fallback = '#5b6675'): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--band-${name}`).trim() || fallback;
}

const MODES: readonly (readonly [LightCurveMode, string])[] = [
  ['diffmag', 'Difference magnitude'],
  ['dcmag', 'DC magnitude'],
  ['dcflux', 'DC flux'],
];

const SYMBOLS: Readonly<Record<PointTag, string>> = {
  valid: 'circle',
  badquality: 'triangle-up',
  upperlim: 'triangle-down-open',
};
const TAG_NAMES: Readonly<Record<PointTag, string>> = {
  valid: '',
  badquality: ' (bad quality)',
  upperlim: ' (upper limit)',
};

function bandColours(): Record<Fid, string> {
  return { 1: bandColour('g', '#15284F'), 2: bandColour('r', '#F5622E'), 3: bandColour('i', '#7a3fb0') };
}

function traces(
  points: readonly LightCurvePoint[],
  shown: ReadonlySet<PointTag>,
  mode: LightCurveMode,
): Data[] {
  const colours = bandColours();
  const unit = mode === 'dcflux' ? 'mJy' : 'mag';
  const out: Data[] = [];
  for (const tag of ['valid', 'badquality', 'upperlim'] as const) {
    if (!shown.has(tag)) continue;
    for (const fid of [1, 2, 3] as const) {
      const own = points.filter((p) => p.fid === fid && p.tag === tag);
      if (own.length === 0) continue;
      out.push({
        type: 'scatter',
        mode: 'markers',
        name: `${BAND_NAMES[fid]}${TAG_NAMES[tag]}`,
        x: own.map((p) => jdToIsoText(p.jd)),
        y: own.map((p) => p.value),
        error_y:
          tag === 'upperlim'
            ? undefined
            : { type: 'data', array: own.map((p) => p.error ?? 0), visible: true, thickness: 1, width: 2 },
        text: own.map(
          (p) =>
            `JD ${p.jd.toFixed(5)}${p.candid ? `<br>candid ${p.candid}` : ''}${p.negative ? '<br>negative difference' : ''}`,
        ),
        hovertemplate: `%{x}<br>%{y:.3f} ${unit}<br>%{text}<extra>${BAND_NAMES[fid]}${TAG_NAMES[tag]}</extra>`,
        marker: {
          color: colours[fid],
          symbol: SYMBOLS[tag],
          size: tag === 'valid' ? 7 : 8,
          opacity: tag === 'upperlim' ? 0.5 : 1,
        },
      } as Data);
    }
  }
  return out;
}

/** The light curve with its mode and visibility controls. */
export function LightCurve({ rows }: { rows: readonly ApiRow[] }) {
  const [mode, setMode] = useState<LightCurveMode>('diffmag');
  const [upper, setUpper] = useState(true);
  const [bad, setBad] = useState(true);
  const [theme, setTheme] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onTheme = (): void => setTheme((t) => t + 1);
    window.addEventListener('skyalert:theme', onTheme);
    return () => window.removeEventListener('skyalert:theme', onTheme);
  }, []);
  useLightCurveMark(wrapper);
  const points = useMemo(() => lightCurvePoints(rows, mode), [rows, mode]);
  const shown = useMemo(() => {
    const tags = new Set<PointTag>(['valid']);
    if (bad) tags.add('badquality');
    if (upper && mode === 'diffmag') tags.add('upperlim');
    return tags;
  }, [upper, bad, mode]);
  const data = useMemo(() => traces(points, shown, mode), [points, shown, mode, theme]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
      yaxis: {
        title: {
          text:
            mode === 'dcflux' ? 'DC flux (mJy)' : mode === 'dcmag' ? 'DC magnitude' : 'Difference magnitude',
        },
        autorange: mode === 'dcflux' ? true : 'reversed',
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
            checked={upper}
            disabled={mode !== 'diffmag'}
            onChange={(e) => setUpper(e.currentTarget.checked)}
          />
          Upper limits
        </label>
        <label>
          <input type="checkbox" checked={bad} onChange={(e) => setBad(e.currentTarget.checked)} />
          Bad-quality points
        </label>
      </div>
      {points.length === 0 ? (
        <p class="notice">
          {mode === 'diffmag'
            ? 'No photometry.'
            : 'No DC photometry: the alerts have no reference-source magnitude (magnr).'}
        </p>
      ) : null}
      <Plot data={data} layout={layout} label="Light curve" height={400} />
      {mode !== 'diffmag' ? (
        <p class="note">
          DC magnitude: m = −2.5·log10(10^(−0.4·magnr) ± 10^(−0.4·magpsf)), meaningful when the reference
          source is the object (distnr ≤ 1.5″); points with a DC error above 1 mag are hidden. Flux: 3631
          Jy·10^(−0.4·m), in mJy.
        </p>
      ) : null}
    </section>
  );
}
