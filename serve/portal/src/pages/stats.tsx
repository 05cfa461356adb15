/**
 * `/stats`: the nightly statistics of `/api/v1/statistics`: alerts per night (received, valid, per band), alerts
 * per class and night, totals per class; a date filter (year, month or night) and a cumulative switch, both in the
 * URL (`date`, `cumulative`).
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo, useState } from 'preact/hooks';
import { Downloads } from '../components/downloads.js';
import { Plot } from '../components/plot.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import { type ApiRow, getJson } from '../lib/api.js';
import { setQueryParam } from '../lib/query-param.js';
import { useLocation } from '../lib/router.js';
import {
  CLASS_COLOURS,
  classTotals,
  cumulative,
  gapBrokenSeries,
  nightAxis,
  statsDateArg,
  statsDateProblem,
  statsSeries,
} from '../lib/stats.js';
import { useLoad } from '../lib/use-api.js';

const BASIC: readonly (readonly [key: string, label: string])[] = [
  ['raw', 'received'],
  ['sci', 'valid (quality cuts)'],
  ['n_g', 'valid g'],
  ['n_r', 'valid r'],
];
/** Classes drawn per night; the rest are summed as "other". */
const TOP_CLASSES = 10;

function DateFilter({ date }: { date: string }) {
  const [text, setText] = useState(date);
  const problem = statsDateProblem(text);
  return (
    <form
      class="service"
      onSubmit={(e) => {
        e.preventDefault();
        const arg = statsDateArg(text);
        if (arg !== null && problem === null) setQueryParam('date', arg);
      }}
    >
      <label>
        Nights (YYYY, YYYYMM or YYYYMMDD; empty for all)
        <input
          name="date"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem !== null ? 'stats-date-problem' : undefined}
          placeholder="e.g. 202403"
        />
      </label>
      <button type="submit" disabled={problem !== null}>
        Show
      </button>
      {problem !== null ? (
        <p id="stats-date-problem" class="field-error wide" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The statistics page. */
export function StatsPage() {
  const { search } = useLocation();
  const asked = search.get('date') ?? '';
  // a date in the address that is not one is said so, not silently replaced by every night
  const askedProblem = statsDateProblem(asked);
  const date = askedProblem === null ? (statsDateArg(asked) ?? '') : '';
  const isCumulative = search.get('cumulative') === '1';
  const rows = useLoad(askedProblem === null ? `stats:${date}` : null, (signal) =>
    getJson<ApiRow[]>(
      'statistics',
      // date is required; sent empty (null) for every night. output-format makes the query non-empty then (an
      // empty GET answers the arguments)
      { date: date === '' ? null : date, 'output-format': 'json' },
      signal,
    ),
  );
  const series = useMemo(() => (rows.state === 'done' ? statsSeries(rows.value) : null), [rows]);
  const plots = useMemo(() => {
    if (series === null) return null;
    const shape = (v: number[]): number[] => (isCumulative ? cumulative(v) : v);
    const nightly: Data[] = BASIC.filter(([k]) => series.basic[k]).map(([k, label]) => ({
      type: 'scatter',
      mode: 'lines+markers',
      name: label,
      connectgaps: false,
      ...gapBrokenSeries(series.nights, shape(series.basic[k])),
    }));
    const totals = classTotals(series);
    const top = totals.slice(0, TOP_CLASSES).map((t) => t.label);
    const others = totals.slice(TOP_CLASSES).map((t) => t.label);
    const colourOf = (label: string): string =>
      CLASS_COLOURS[Math.max(0, top.indexOf(label)) % CLASS_COLOURS.length];
    const otherColour = CLASS_COLOURS[CLASS_COLOURS.length - 1];
    const byClass: Data[] = top.map((label) => ({
      type: 'bar',
      name: label,
      x: series.nights,
      y: shape(series.classes[label]),
      marker: { color: colourOf(label) },
    }));
    if (others.length > 0)
      byClass.push({
        type: 'bar',
        marker: { color: otherColour },
        name: `other (${others.length} classes)`,
        x: series.nights,
        y: shape(series.nights.map((_, i) => others.reduce((s, c) => s + series.classes[c][i], 0))),
      });
    const totalBars: Data[] = [
      {
        type: 'bar',
        orientation: 'h',
        name: 'alerts',
        x: totals.map((t) => t.total).reverse(),
        y: totals.map((t) => t.label).reverse(),
        marker: {
          color: totals.map((t) => (top.includes(t.label) ? colourOf(t.label) : otherColour)).reverse(),
        },
      },
    ];
    return { nightly, byClass, totalBars, classCount: totals.length };
  }, [series, isCumulative]);
  const yTitle = isCumulative ? 'alerts (cumulative)' : 'alerts per night';
  return (
    <section class="stats">
      <h1>Statistics</h1>
      <div class="panel">
        <DateFilter date={date} />
        <label class="switch">
          <input
            type="checkbox"
            checked={isCumulative}
            onChange={(e) => setQueryParam('cumulative', e.currentTarget.checked ? '1' : null)}
          />{' '}
          Cumulative
        </label>
      </div>
      {askedProblem !== null ? (
        <ErrorBox title={`The date in the address, “${asked}”, cannot be shown`}>{askedProblem}</ErrorBox>
      ) : null}
      {rows.state === 'loading' && askedProblem === null ? <Loading what="statistics" /> : null}
      {rows.state === 'error' ? (
        <ErrorBox title="The statistics could not be loaded">{rows.message}</ErrorBox>
      ) : null}
      {series && plots && series.nights.length === 0 ? (
        <Notice>No night {date ? `in ${date}` : 'yet'}.</Notice>
      ) : null}
      {series && plots && series.nights.length > 0 ? (
        <>
          <p>
            {series.nights.length} nights, {series.nights[0]} to {series.nights[series.nights.length - 1]}.
          </p>
          <div class="panel">
            <Plot
              data={plots.nightly}
              layout={{
                title: { text: 'Alerts per night' },
                xaxis: nightAxis(series.nights),
                yaxis: { title: { text: yTitle } },
              }}
              label="Alerts per night"
            />
          </div>
          <div class="panel">
            <Plot
              data={plots.byClass}
              layout={{
                title: { text: 'Alerts per class' },
                barmode: 'stack',
                xaxis: nightAxis(series.nights),
                yaxis: { title: { text: yTitle } },
              }}
              label="Alerts per class and night"
            />
          </div>
          <div class="panel">
            <Plot
              data={plots.totalBars}
              layout={totalLayout(plots.classCount)}
              label="Alerts per class, all nights"
              height={Math.max(300, 22 * plots.classCount + 80)}
            />
          </div>
          <Downloads
            endpoint="statistics"
            args={{ date: date === '' ? null : date }}
            fileName={`statistics${date ? `_${date}` : ''}`}
          />
        </>
      ) : null}
    </section>
  );
}

function totalLayout(classCount: number): Partial<Layout> {
  return {
    title: { text: `Alerts per class over the nights shown (${classCount} classes)` },
    margin: { l: 200, r: 20, t: 40, b: 40 },
    xaxis: { type: 'log', title: { text: 'alerts' } },
    showlegend: false,
  };
}
