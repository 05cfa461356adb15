/**
 * A Plotly chart. Plotly is loaded on first use as its own chunk, so pages without plots never fetch it: the
 * cartesian bundle (scatter, bar, error bars, date and log axes: 1.4 MB) for every chart but the sky plots, which
 * load the geo bundle (scattergeo: 1.3 MB) instead. The full bundle (4.8 MB) took seconds to evaluate on the
 * object page. Colours follow the page theme; the chart is redrawn when the theme changes.
 */
import type { Config, Data, Layout } from 'plotly.js-dist-min';
import { useEffect, useRef, useState } from 'preact/hooks';
import { PlotTable } from './plot-table.js';
import { ErrorBox, Loading } from './status.js';

type PlotlyModule = typeof import('plotly.js-dist-min');
/** Which Plotly bundle a chart needs: `cartesian` (x/y charts) or `geo` (sky maps). */
export type PlotlyBundle = 'cartesian' | 'geo';
const bundles: Partial<Record<PlotlyBundle, Promise<PlotlyModule>>> = {};

const moduleOf = (m: PlotlyModule | { default: PlotlyModule }): PlotlyModule =>
  'default' in m ? (m.default as PlotlyModule) : m;

/** Loads a Plotly bundle once (dynamic import: a separate chunk). */
export function loadPlotly(bundle: PlotlyBundle = 'cartesian'): Promise<PlotlyModule> {
  bundles[bundle] ??=
    bundle === 'geo'
      ? import('plotly.js-geo-dist-min').then(moduleOf)
      : import('plotly.js-cartesian-dist-min').then(moduleOf);
  return bundles[bundle];
}

/** Charts narrower than this (px) get the phone layout: wrapped titles, smaller fonts, legends below. */
export const NARROW_CHART_PX = 560;

/**
 * A chart title broken into lines of at most `maxChars` characters at blanks (Plotly does not wrap titles); parts
 * already holding markup (`<span …>`) are kept as they are.
 */
export function wrapTitle(text: string, maxChars: number): string {
  return text
    .split('<br>')
    .map((part) => {
      if (part.includes('<') || part.length <= maxChars) return part;
      const lines: string[] = [];
      let line = '';
      for (const word of part.split(' ')) {
        if (line !== '' && line.length + 1 + word.length > maxChars) {
          lines.push(line);
          line = word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      lines.push(line);
      return lines.join('<br>');
    })
    .join('<br>');
}

/** The phone layout of a chart `widthPx` wide: titles wrapped to fit, a horizontal legend below, small fonts. */
function narrowed(layout: Partial<Layout>, widthPx: number): Partial<Layout> {
  if (widthPx >= NARROW_CHART_PX || widthPx <= 0) return layout;
  const title = layout.title as { text?: string } | undefined;
  const maxChars = Math.max(16, Math.floor(widthPx / 8));
  const lines = title?.text ? wrapTitle(title.text, maxChars).split('<br>').length : 0;
  const margin = layout.margin ?? {};
  return {
    ...layout,
    title: title?.text
      ? { ...title, text: wrapTitle(title.text, maxChars), font: { size: 13 } }
      : layout.title,
    font: { ...layout.font, size: 10 },
    legend: { ...layout.legend, orientation: 'h', x: 0, xanchor: 'left', y: -0.3, font: { size: 10 } },
    margin: {
      ...margin,
      l: Math.min(margin.l ?? 50, widthPx / 3),
      r: 10,
      t: lines > 0 ? Math.max(margin.t ?? 30, 18 * lines + 16) : (margin.t ?? 30),
    },
  };
}

function themed(layout: Partial<Layout>): Partial<Layout> {
  const style = getComputedStyle(document.documentElement);
  const text = style.getPropertyValue('--text').trim() || '#1b2330';
  const grid = style.getPropertyValue('--border').trim() || '#d9dee5';
  const axis = (a: Partial<Layout['xaxis']> | undefined): Partial<Layout['xaxis']> => ({
    gridcolor: grid,
    zerolinecolor: grid,
    automargin: true,
    ...a,
  });
  return {
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { color: text, size: 12 },
    margin: { l: 60, r: 20, t: 30, b: 50 },
    legend: { orientation: 'h', y: -0.2 },
    hovermode: 'closest',
    ...layout,
    xaxis: axis(layout.xaxis),
    yaxis: axis(layout.yaxis) as Layout['yaxis'],
  };
}

/** Props of {@link Plot}: Plotly traces and layout; `label` names the chart for screen readers and tests. */
export interface PlotProps {
  readonly data: Data[];
  readonly layout?: Partial<Layout>;
  readonly config?: Partial<Config>;
  readonly label: string;
  readonly height?: number;
  /** The Plotly bundle the traces need (default `cartesian`). */
  readonly bundle?: PlotlyBundle;
  /** Called with the `customdata` of a clicked point (Plotly's `plotly_click`). */
  readonly onPointClick?: (customdata: unknown) => void;
}

/** The part of Plotly's chart element that registers event handlers. */
interface PlotlyEventTarget {
  on(event: 'plotly_click', handler: (event: { points?: { customdata?: unknown }[] }) => void): void;
}

/** Draws a Plotly chart (responsive, with the mode bar for zoom and PNG export). */
export function Plot({
  data,
  layout = {},
  config = {},
  label,
  height = 420,
  bundle = 'cartesian',
  onPointClick,
}: PlotProps) {
  const div = useRef<HTMLDivElement>(null);
  const clickHandler = useRef(onPointClick);
  clickHandler.current = onPointClick;
  const listening = useRef(false);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  const [theme, setTheme] = useState(0);
  const [tableOpen, setTableOpen] = useState(false);
  useEffect(() => {
    const onTheme = (): void => setTheme((t) => t + 1);
    window.addEventListener('skyalert:theme', onTheme);
    return () => window.removeEventListener('skyalert:theme', onTheme);
  }, []);
  useEffect(() => {
    let live = true;
    loadPlotly(bundle).then(
      async (Plotly) => {
        if (!live || !div.current) return;
        const width = div.current.clientWidth;
        await Plotly.react(div.current, data, narrowed(themed({ height, ...layout }), width), {
          responsive: true,
          displaylogo: false,
          toImageButtonOptions: { format: 'png', filename: label.replace(/\W+/g, '-') },
          ...config,
        });
        if (!listening.current && onPointClick && div.current) {
          listening.current = true;
          (div.current as unknown as PlotlyEventTarget).on('plotly_click', (event) => {
            const customdata = event.points?.[0]?.customdata;
            if (customdata !== undefined) clickHandler.current?.(customdata);
          });
        }
        if (live) setState('ready');
      },
      (error: unknown) => live && setState(`the plotting library did not load: ${String(error)}`),
    );
    return () => {
      live = false;
    };
  }, [data, layout, config, height, label, theme, bundle]);
  useEffect(
    () => () => {
      if (div.current) void loadPlotly(bundle).then((Plotly) => div.current && Plotly.purge(div.current));
    },
    [],
  );
  return (
    <figure
      class="plot"
      aria-label={label}
      data-state={state === 'loading' || state === 'ready' ? state : 'error'}
    >
      {state === 'loading' ? <Loading what="plot" /> : null}
      {state !== 'loading' && state !== 'ready' ? (
        <ErrorBox title="Plot unavailable">{state}</ErrorBox>
      ) : null}
      <div ref={div} style={{ minHeight: `${height}px` }} />
      <details class="plot-table-toggle" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>Table</summary>
        {tableOpen ? <PlotTable data={data} layout={layout} label={label} /> : null}
      </details>
    </figure>
  );
}
