/**
 * Sky maps of search results: positions on an Aitoff-like map (Plotly scattergeo), one marker per object; for a
 * cone, also the sky viewer (Aladin Lite) centred on the cone with every result marked.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { Plot } from '../../components/plot.js';
import { type SkyMarker, SkyViewer } from '../../components/sky-viewer.js';
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

/** The sky viewer on a cone: field of view 2.5 radii (at least 0.01°), each result a marker named by its id. */
export function ConeSkyView({
  raDeg,
  decDeg,
  radiusArcsec,
  rows,
}: {
  raDeg: number;
  decDeg: number;
  radiusArcsec: number;
  rows: readonly ResultRow[];
}) {
  const markers = useMemo<SkyMarker[]>(
    () =>
      rows.flatMap((r) =>
        r.raDeg === null || r.decDeg === null
          ? []
          : [{ raDeg: r.raDeg, decDeg: r.decDeg, label: r.objectId }],
      ),
    [rows],
  );
  return (
    <section class="panel">
      <h3>The cone in the sky viewer</h3>
      <SkyViewer
        raDeg={raDeg}
        decDeg={decDeg}
        fovDeg={Math.max((2.5 * radiusArcsec) / 3600, 0.01)}
        markers={markers}
      />
    </section>
  );
}
