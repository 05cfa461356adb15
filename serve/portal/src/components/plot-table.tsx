/**
 * The data of a chart as a table, the accessible alternative to the drawing: one row per point of each trace
 * (trace, x, y and the y error when drawn), under the chart's axis titles. Shown by the "Table" toggle under
 * every chart (components/plot.tsx), built only when opened.
 */
import type { Data, Layout } from 'plotly.js-dist-min';

/** Most rows listed; a chart with more points says how many are left out. */
export const PLOT_TABLE_MAX_ROWS = 5000;

/** A point of a trace as the table lists it. */
export interface PlotTableRow {
  readonly trace: string;
  readonly x: string;
  readonly y: string;
  readonly error: string;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(8))) : '';
  return String(value);
}

function axisTitle(axis: unknown, fallback: string): string {
  const title = (axis as { title?: { text?: unknown } | string } | undefined)?.title;
  const text = typeof title === 'string' ? title : title?.text;
  return typeof text === 'string' && text !== '' ? text.replace(/<[^>]+>/g, ' ').trim() : fallback;
}

/**
 * The rows of a chart's traces (points with neither x nor y, the gaps of broken lines, are left out). Sky maps
 * (`lon`/`lat` traces, whose longitudes are display coordinates) list each point's hover text instead.
 */
export function plotTableRows(data: readonly Data[]): PlotTableRow[] {
  const rows: PlotTableRow[] = [];
  data.forEach((trace, i) => {
    const t = trace as {
      name?: string;
      x?: unknown[];
      y?: unknown[];
      lon?: unknown[];
      text?: unknown[];
      error_y?: { array?: unknown[] };
    };
    const isSky = t.x === undefined && t.lon !== undefined;
    const xs = isSky ? (t.text ?? []).map((v) => String(v).replace(/<br>/g, ' · ')) : (t.x ?? []);
    const ys = isSky ? [] : (t.y ?? []);
    const errors = t.error_y?.array ?? [];
    for (let k = 0; k < Math.max(xs.length, ys.length); k++) {
      if ((xs[k] ?? null) === null && (ys[k] ?? null) === null) continue;
      rows.push({
        trace: t.name ?? `trace ${i + 1}`,
        x: cellText(xs[k]),
        y: cellText(ys[k]),
        error: cellText(errors[k]),
      });
    }
  });
  return rows;
}

/** The table of a chart's points. */
export function PlotTable({ data, layout, label }: { data: Data[]; layout: Partial<Layout>; label: string }) {
  const rows = plotTableRows(data);
  const hasError = rows.some((r) => r.error !== '');
  const hasY = rows.some((r) => r.y !== '');
  const shown = rows.slice(0, PLOT_TABLE_MAX_ROWS);
  return (
    <div class="table-scroll plot-table">
      <table class="data" aria-label={`${label} (data)`}>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">{hasY ? axisTitle(layout.xaxis, 'x') : 'Point'}</th>
            {hasY ? <th scope="col">{axisTitle(layout.yaxis, 'y')}</th> : null}
            {hasError ? <th scope="col">± 1σ</th> : null}
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={i}>
              <td>{r.trace}</td>
              <td>{r.x}</td>
              {hasY ? <td>{r.y}</td> : null}
              {hasError ? <td>{r.error}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p class="notice">
          The first {PLOT_TABLE_MAX_ROWS.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')}{' '}
          points; the downloads give them all.
        </p>
      ) : null}
    </div>
  );
}
