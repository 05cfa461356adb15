/**
 * Classification history: the class of every alert of the object against time (one row per class on the chart),
 * and a table of the runs of alerts of one class (the chart's data-table alternative).
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { Plot } from '../../components/plot.js';
import type { ApiRow } from '../../lib/api.js';
import { classPoints, classRuns } from '../../lib/class-history.js';
import { jdText } from '../../lib/results.js';

/** The chart and the table of runs; a click on a point chooses that alert. */
export function ClassHistory({
  rows,
  onSelect,
}: {
  rows: readonly ApiRow[];
  onSelect: (candid: string) => void;
}) {
  const points = useMemo(() => classPoints(rows), [rows]);
  const runs = useMemo(() => classRuns(points), [points]);
  const data = useMemo<Data[]>(
    () => [
      {
        type: 'scatter',
        mode: 'lines+markers',
        name: 'class',
        x: points.map((p) => jdToIsoText(p.jd)),
        y: points.map((p) => p.classification),
        customdata: points.map((p) => p.candid),
        line: { shape: 'hv', width: 1 },
        marker: { size: 7 },
        hovertemplate: '%{x}<br>%{y}<br>candid %{customdata}<extra></extra>',
      } as Data,
    ],
    [points],
  );
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
      yaxis: { type: 'category', automargin: true },
      showlegend: false,
    }),
    [],
  );
  if (points.length === 0) return <p class="notice">No alert.</p>;
  return (
    <div class="class-history">
      <h2>Classification history</h2>
      <Plot
        data={data}
        layout={layout}
        label="Classification history"
        height={Math.max(220, 120 + 40 * new Set(points.map((p) => p.classification)).size)}
        onPointClick={(c) => typeof c === 'string' && onSelect(c)}
      />
      <div class="table-scroll">
        <table class="data" aria-label="Classification runs">
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Alerts</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={`${r.classification}-${r.firstJd}`}>
                <td>{r.classification}</td>
                <td>{jdText(r.firstJd)}</td>
                <td>{jdText(r.lastJd)}</td>
                <td>{r.alerts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
