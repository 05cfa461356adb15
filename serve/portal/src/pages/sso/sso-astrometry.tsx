/** Solar System tab, astrometry: observed minus ephemeris positions (arcsec), with their summary. */
import type { Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { Plot } from '../../components/plot.js';
import { Notice } from '../../components/status.js';
import { astrometryOffset, astrometrySummary } from '../../lib/astrometry.js';
import type { SsoPoint } from '../../lib/sso-points.js';
import { astrometryTraces } from '../../lib/sso-traces.js';
import { useBandColours } from './band-colours.js';

const LAYOUT: Partial<Layout> = {
  xaxis: { title: { text: 'ΔRA cos Dec (arcsec)' }, zeroline: true },
  yaxis: { title: { text: 'ΔDec (arcsec)' }, zeroline: true, scaleanchor: 'x', scaleratio: 1 },
};

/** Scatter of the offsets per band and the mean / median / std of the separations. */
export function SsoAstrometry({ points }: { points: readonly SsoPoint[] }) {
  const colours = useBandColours();
  const data = useMemo(() => astrometryTraces(points, colours), [points, colours]);
  const summary = useMemo(
    () =>
      astrometrySummary(
        points.flatMap((p) => {
          if (p.raEphDeg === null || p.decEphDeg === null) return [];
          const o = astrometryOffset(p.raDeg, p.decDeg, p.raEphDeg, p.decEphDeg);
          return o ? [o] : [];
        }),
      ),
    [points],
  );
  if (summary === null)
    return <Notice>No ephemeris position: this object has no orbit on this server.</Notice>;
  return (
    <div>
      <Plot data={data} layout={LAYOUT} label="Astrometry residuals" />
      <dl class="facts" data-testid="astrometry-summary">
        <dt>Points</dt>
        <dd>{summary.n}</dd>
        <dt>Mean ΔRA cos Dec, ΔDec</dt>
        <dd>
          {summary.meanDRaCosDecArcsec.toFixed(3)}″, {summary.meanDDecArcsec.toFixed(3)}″
        </dd>
        <dt>Separation mean / median / std</dt>
        <dd data-mean-sep={summary.meanSepArcsec} data-std-sep={summary.stdSepArcsec}>
          {summary.meanSepArcsec.toFixed(3)}″ / {summary.medianSepArcsec.toFixed(3)}″ /{' '}
          {summary.stdSepArcsec.toFixed(3)}″
        </dd>
      </dl>
    </div>
  );
}
