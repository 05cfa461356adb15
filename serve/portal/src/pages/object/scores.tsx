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

/** The score fields of a list that have at least one number in the rows. */
export function scoreFieldsIn(
  rows: readonly ApiRow[],
  candidates: readonly (readonly [string, string])[] = SCORE_FIELDS,
): (readonly [string, string])[] {
  return candidates.filter(([f]) => rows.some((r) => numberField(r, f) !== null));
}

const ztfJd = (row: ApiRow): number | null => numberField(row, 'i:jd');

/**
 * The scores against time (detections only).
 * @param fields the score fields and labels (default: ZTF's science modules); @param jdOf an alert's JD (UTC).
 */
export function Scores({
  alerts,
  fields: candidates = SCORE_FIELDS,
  jdOf = ztfJd,
}: {
  alerts: readonly ApiRow[];
  fields?: readonly (readonly [string, string])[];
  jdOf?: (row: ApiRow) => number | null;
}) {
  const fields = scoreFieldsIn(alerts, candidates);
  const data = useMemo<Data[]>(() => {
    const sorted = [...alerts].sort((a, b) => (jdOf(a) ?? 0) - (jdOf(b) ?? 0));
    return fields.map(([f, label]) => {
      const own = sorted.filter((r) => numberField(r, f) !== null);
      return {
        type: 'scatter',
        mode: 'lines+markers',
        name: label,
        x: own.map((r) => jdToIsoText(jdOf(r) ?? 0)),
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
