/**
 * Classification scores over time: the science modules' scores in each alert (SN Ia random forest and
 * SuperNNova, kilonova, microlensing, anomaly, …, whichever the rows carry), one line per score.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { Plot } from '../../components/plot.js';
import type { ApiRow } from '../../lib/api.js';
import { numberField } from '../../lib/object-rows.js';

/** Score fields and their labels, in display order. */
export const SCORE_FIELDS: readonly (readonly [field: string, label: string])[] = [
  ['d:rf_snia_vs_nonia', 'SN Ia vs non-Ia (random forest)'],
  ['d:snn_snia_vs_nonia', 'SN Ia vs non-Ia (SuperNNova)'],
  ['d:snn_sn_vs_all', 'SN vs all (SuperNNova)'],
  ['d:rf_kn_vs_nonkn', 'Kilonova vs non-KN (random forest)'],
  ['d:mulens', 'Microlensing'],
  ['d:anomaly_score', 'Anomaly score'],
];

/** The score fields that have at least one number in the rows. */
export function scoreFieldsIn(rows: readonly ApiRow[]): (readonly [string, string])[] {
  return SCORE_FIELDS.filter(([f]) => rows.some((r) => numberField(r, f) !== null));
}

/** The scores against time (detections only). */
export function Scores({ alerts }: { alerts: readonly ApiRow[] }) {
  const fields = scoreFieldsIn(alerts);
  const data = useMemo<Data[]>(() => {
    const sorted = [...alerts].sort((a, b) => (numberField(a, 'i:jd') ?? 0) - (numberField(b, 'i:jd') ?? 0));
    return fields.map(([f, label]) => {
      const own = sorted.filter((r) => numberField(r, f) !== null);
      return {
        type: 'scatter',
        mode: 'lines+markers',
        name: label,
        x: own.map((r) => jdToIsoText(numberField(r, 'i:jd') ?? 0)),
        y: own.map((r) => numberField(r, f)),
        yaxis: f === 'd:anomaly_score' ? 'y2' : 'y',
      } as Data;
    });
  }, [alerts]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
      yaxis: { title: { text: 'Score (probability)' }, range: [-0.05, 1.05] },
      yaxis2: { title: { text: 'Anomaly score' }, overlaying: 'y', side: 'right', showgrid: false },
    }),
    [],
  );
  if (fields.length === 0) return <p class="notice">No classification score in these alerts.</p>;
  return <Plot data={data} layout={layout} label="Classification scores" height={380} />;
}
