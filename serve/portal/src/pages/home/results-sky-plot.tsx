/** Sky plot of search results: positions on an Aitoff-like map (Plotly scattergeo), one marker per object. */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { Plot } from '../../components/plot.js';
import type { ResultRow } from '../../lib/results.js';

/** Longitude on the map: RA shown increasing to the left (east left, as on the sky), in [−180, 180]. */
function mapLongitude(raDeg: number): number {
  return raDeg > 180 ? 360 - raDeg : -raDeg;
}

/** The results on the celestial sphere. */
export function ResultsSkyPlot({ rows }: { rows: readonly ResultRow[] }) {
  const placed = rows.filter((r) => r.raDeg !== null && r.decDeg !== null);
  const data = useMemo<Data[]>(
    () => [
      {
        type: 'scattergeo',
        mode: 'markers',
        lon: placed.map((r) => mapLongitude(r.raDeg ?? 0)),
        lat: placed.map((r) => r.decDeg ?? 0),
        text: placed.map(
          (r) =>
            `${r.objectId}<br>${r.classification ?? ''}<br>RA ${r.raDeg?.toFixed(4)} Dec ${r.decDeg?.toFixed(4)}`,
        ),
        hoverinfo: 'text',
        marker: { size: 6, color: '#f5622e', opacity: 0.8 },
      } as Data,
    ],
    [rows],
  );
  const layout = useMemo<Partial<Layout>>(
    () => ({
      geo: {
        projection: { type: 'aitoff' },
        showland: false,
        showcoastlines: false,
        showframe: true,
        bgcolor: 'rgba(0,0,0,0)',
        lonaxis: { showgrid: true, dtick: 30, gridcolor: '#888' },
        lataxis: { showgrid: true, dtick: 30, gridcolor: '#888' },
      },
      margin: { l: 10, r: 10, t: 10, b: 10 },
    }),
    [],
  );
  if (placed.length === 0) return null;
  return (
    <section class="panel">
      <h3>On the sky (RA increasing to the left, 30° grid)</h3>
      <Plot data={data} layout={layout} label="Sky plot of the results" height={380} bundle="geo" />
    </section>
  );
}
