/**
 * The light curve: difference magnitude, DC magnitude, difference flux, DC flux or the g − r colour against time,
 * one colour per band (the theme's `--band-*` variables), error bars, and upper limits and bad-quality points that
 * can be hidden. Hovering a point shows its value ± σ; clicking it chooses that alert (cutouts, alert content); the
 * chosen alert is ringed.
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
import { type ColourPoint, colourPoints } from '../../lib/colour-points.js';
import {
  BAND_NAMES,
  type Fid,
  type LightCurveMode,
  type LightCurvePoint,
  lightCurvePoints,
  type PointTag,
} from '../../lib/photometry.js';
import { LightCurvePreview, type PreviewPoint } from './light-curve-preview.js';

/** The performance mark set when the light curve is first drawn (the SVG preview or the interactive chart). */
export const LIGHT_CURVE_MARK = 'skyalert:lightcurve';
/** The performance mark set when the interactive light curve (Plotly) is drawn. */
export const INTERACTIVE_LIGHT_CURVE_MARK = 'skyalert:lightcurve-interactive';
/** Longest wait for the light curve before {@link useAfterLightCurve} gives way anyway (ms). */
const LIGHT_CURVE_WAIT_MS = 5000;

/**
 * True once the interactive light curve is drawn (or after {@link LIGHT_CURVE_WAIT_MS}): heavy views such as the
 * sky viewer start then, so they do not compete with Plotly for the first drawing.
 */
export function useAfterLightCurve(): boolean {
  const drawn = (): boolean => performance.getEntriesByName(INTERACTIVE_LIGHT_CURVE_MARK).length > 0;
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

/** Sets a performance mark once. */
function markOnce(name: string): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

/**
 * Sets {@link LIGHT_CURVE_MARK} once a light curve inside `wrapper` is drawn (the SVG preview or the chart), and
 * {@link INTERACTIVE_LIGHT_CURVE_MARK} once the interactive chart is (its `figure.plot` is `data-state="ready"`).
 */
export function useLightCurveMark(wrapper: RefObject<HTMLElement>): void {
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const check = (): boolean => {
      if (element.querySelector('svg.lc-preview') !== null) markOnce(LIGHT_CURVE_MARK);
      if (element.querySelector('figure.plot[data-state="ready"]') === null) return false;
      markOnce(LIGHT_CURVE_MARK);
      markOnce(INTERACTIVE_LIGHT_CURVE_MARK);
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(element, {
      attributes: true,
      childList: true,
      subtree: true,
      attributeFilter: ['data-state'],
    });
    return () => observer.disconnect();
  }, []);
}

/** The colour of a band in the current theme (CSS variable `--band-<name>`), `fallback` when it has none. */
export function bandColour(name: string, fallback = '#5b6675'): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--band-${name}`).trim() || fallback;
}

/** What the light curve shows: a photometry mode or the g − r colour. */
export type CurveMode = LightCurveMode | 'colour';

/** The modes in display order, with their labels. */
export const CURVE_MODES: readonly (readonly [CurveMode, string])[] = [
  ['diffmag', 'Difference magnitude'],
  ['dcmag', 'DC magnitude'],
  ['diffflux', 'Difference flux'],
  ['dcflux', 'DC flux'],
  ['colour', 'g − r colour'],
];

const Y_TITLES: Readonly<Record<CurveMode, string>> = {
  diffmag: 'Difference magnitude',
  dcmag: 'DC magnitude',
  diffflux: 'Difference flux (mJy)',
  dcflux: 'DC flux (mJy)',
  colour: 'g − r (mag)',
};

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

/** "17.234 ± 0.021 mag": the value and its 1σ error as the hover label shows them. */
function valueText(value: number, error: number | null, unit: string, digits: number): string {
  return error === null
    ? `${value.toFixed(digits)} ${unit}`
    : `${value.toFixed(digits)} ± ${error.toFixed(digits)} ${unit}`;
}

function photometryTraces(
  points: readonly LightCurvePoint[],
  shown: ReadonlySet<PointTag>,
  mode: LightCurveMode,
): Data[] {
  const colours = bandColours();
  const isFlux = mode === 'dcflux' || mode === 'diffflux';
  const unit = isFlux ? 'mJy' : 'mag';
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
        customdata: own.map((p) => p.candid ?? ''),
        error_y:
          tag === 'upperlim'
            ? undefined
            : { type: 'data', array: own.map((p) => p.error ?? 0), visible: true, thickness: 1, width: 2 },
        text: own.map(
          (p) =>
            `${tag === 'upperlim' ? `limit ${p.value.toFixed(3)} mag` : valueText(p.value, p.error, unit, isFlux ? 4 : 3)}` +
            `<br>JD ${p.jd.toFixed(5)}${p.candid ? `<br>candid ${p.candid}` : ''}${p.negative ? '<br>negative difference' : ''}`,
        ),
        hovertemplate: `%{x}<br>%{text}<extra>${BAND_NAMES[fid]}${TAG_NAMES[tag]}</extra>`,
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

function colourTrace(points: readonly ColourPoint[]): Data[] {
  if (points.length === 0) return [];
  return [
    {
      type: 'scatter',
      mode: 'lines+markers',
      name: 'g − r',
      x: points.map((p) => jdToIsoText(p.jd)),
      y: points.map((p) => p.gMinusRMag),
      customdata: points.map((p) => p.candid),
      error_y: { type: 'data', array: points.map((p) => p.errorMag), visible: true, thickness: 1, width: 2 },
      text: points.map((p) => `${valueText(p.gMinusRMag, p.errorMag, 'mag', 3)}<br>g alert ${p.candid}`),
      hovertemplate: '%{x}<br>%{text}<extra>g − r</extra>',
      marker: { color: bandColour('g', '#15284F'), size: 7 },
      line: { width: 1, color: bandColour('r', '#F5622E') },
    } as Data,
  ];
}

function themeColour(variable: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
}

/** A ring around the chosen alert's point. */
function chosenTrace(x: string, y: number): Data {
  return {
    type: 'scatter',
    mode: 'markers',
    name: 'chosen alert',
    x: [x],
    y: [y],
    hoverinfo: 'skip',
    marker: { symbol: 'circle-open', size: 16, line: { width: 2 }, color: themeColour('--text', '#1b2330') },
  } as Data;
}

/** Height of the light-curve chart (px). */
const LIGHT_CURVE_HEIGHT = 400;

/** True once the interactive chart inside `wrapper` is drawn (`figure.plot[data-state="ready"]`). */
function usePlotReady(wrapper: RefObject<HTMLElement>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = wrapper.current;
    if (!element || ready) return;
    const check = (): boolean => element.querySelector('figure.plot[data-state="ready"]') !== null;
    if (check()) {
      setReady(true);
      return;
    }
    const observer = new MutationObserver(() => check() && setReady(true));
    observer.observe(element, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, [ready]);
  return ready;
}

/** Props of {@link LightCurve}. */
export interface LightCurveProps {
  readonly rows: readonly ApiRow[];
  /** The chosen alert (exact candid), ringed; a click on a point calls `onSelect` with its candid. */
  readonly candid: string;
  readonly onSelect: (candid: string) => void;
  readonly mode: CurveMode;
  readonly onMode: (mode: CurveMode) => void;
}

/** The light curve with its mode and visibility controls. */
export function LightCurve({ rows, candid, onSelect, mode, onMode }: LightCurveProps) {
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
  const points = useMemo(() => (mode === 'colour' ? [] : lightCurvePoints(rows, mode)), [rows, mode]);
  const colours = useMemo(() => (mode === 'colour' ? colourPoints(rows) : []), [rows, mode]);
  const shown = useMemo(() => {
    const tags = new Set<PointTag>(['valid']);
    if (bad) tags.add('badquality');
    if (upper && mode === 'diffmag') tags.add('upperlim');
    return tags;
  }, [upper, bad, mode]);
  const data = useMemo(() => {
    const base = mode === 'colour' ? colourTrace(colours) : photometryTraces(points, shown, mode);
    const chosen =
      mode === 'colour'
        ? colours.find((p) => p.candid === candid)
        : points.find((p) => p.candid === candid && shown.has(p.tag));
    if (!chosen) return base;
    const y = 'gMinusRMag' in chosen ? chosen.gMinusRMag : chosen.value;
    return [...base, chosenTrace(jdToIsoText(chosen.jd), y)];
  }, [points, colours, shown, mode, candid, theme]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
      yaxis: {
        title: { text: Y_TITLES[mode] },
        autorange: mode === 'dcflux' || mode === 'diffflux' || mode === 'colour' ? true : 'reversed',
      },
    }),
    [mode],
  );
  const empty = mode === 'colour' ? colours.length === 0 : points.length === 0;
  const plotReady = usePlotReady(wrapper);
  const preview = useMemo<PreviewPoint[]>(
    () =>
      mode === 'colour'
        ? colours.map((p) => ({
            jd: p.jd,
            value: p.gMinusRMag,
            error: p.errorMag,
            band: 'g',
            open: false,
            candid: p.candid,
          }))
        : points
            .filter((p) => shown.has(p.tag))
            .map((p) => ({
              jd: p.jd,
              value: p.value,
              error: p.error,
              band: BAND_NAMES[p.fid],
              open: p.tag === 'upperlim',
            })),
    [points, colours, shown, mode],
  );
  return (
    <section class="panel light-curve" ref={wrapper}>
      <div class="lc-controls">
        <RadioGroup
          legend="Light curve"
          name="lc-mode"
          choices={CURVE_MODES}
          value={mode}
          onChange={onMode}
        />
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
          <input
            type="checkbox"
            checked={bad}
            disabled={mode === 'colour'}
            onChange={(e) => setBad(e.currentTarget.checked)}
          />
          Bad-quality points
        </label>
      </div>
      {empty ? <p class="notice">{EMPTY_TEXT[mode]}</p> : null}
      <div class="lc-stack">
        <Plot
          data={data}
          layout={layout}
          label="Light curve"
          height={LIGHT_CURVE_HEIGHT}
          onPointClick={(c) => typeof c === 'string' && c !== '' && onSelect(c)}
        />
        {plotReady ? null : (
          <LightCurvePreview
            points={preview}
            height={LIGHT_CURVE_HEIGHT}
            reversed={mode === 'diffmag' || mode === 'dcmag'}
            yTitle={Y_TITLES[mode]}
          />
        )}
      </div>
      <p class="note">{NOTES[mode]} Click a point to show that alert's cutouts and content.</p>
    </section>
  );
}

const EMPTY_TEXT: Readonly<Record<CurveMode, string>> = {
  diffmag: 'No photometry.',
  diffflux: 'No photometry.',
  dcmag: 'No DC photometry: the alerts have no reference-source magnitude (magnr).',
  dcflux: 'No DC photometry: the alerts have no reference-source magnitude (magnr).',
  colour: 'No colour: no valid g alert has a valid r alert within 0.3 day.',
};

const DC_NOTE =
  'DC magnitude: m = −2.5·log10(10^(−0.4·magnr) ± 10^(−0.4·magpsf)) (fink-utils dc_mag), meaningful when the reference source is the object (distnr ≤ 1.5″); points with a DC error above 1 mag are hidden.';
const NOTES: Readonly<Record<CurveMode, string>> = {
  diffmag: 'Difference-image PSF magnitude (magpsf); upper limits at diffmaglim.',
  dcmag: DC_NOTE,
  diffflux: 'Difference flux 3631 Jy·10^(−0.4·magpsf) in mJy, negative for a negative subtraction.',
  dcflux: `${DC_NOTE} Flux: 3631 Jy·10^(−0.4·m), in mJy.`,
  colour:
    "g − r of the difference magnitudes, each g alert with the nearest r alert within 0.3 day (the API's v:g-r).",
};
