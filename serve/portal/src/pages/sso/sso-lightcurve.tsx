/** Solar System tab, light curve: ZTF g/r magnitudes with the ephemeris prediction (SDSS g/r, V) overlaid. */
import type { Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { Plot } from '../../components/plot.js';
import type { SsoPoint } from '../../lib/sso-points.js';
import { lightCurveTraces } from '../../lib/sso-traces.js';
import { useBandColours } from './band-colours.js';

const LAYOUT: Partial<Layout> = {
  xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
  yaxis: { title: { text: 'Magnitude' }, autorange: 'reversed' },
};

/** Observed and predicted magnitudes against time. */
export function SsoLightCurve({ points }: { points: readonly SsoPoint[] }) {
  const colours = useBandColours();
  const data = useMemo(() => lightCurveTraces(points, colours), [points, colours]);
  return (
    <div>
      <Plot data={data} layout={LAYOUT} label="Solar System light curve" />
      <p class="notice">
        Points: ZTF detections (magpsf ± sigmapsf). Open circles: the ephemeris prediction in the same band
        (SDSS g or r from the predicted V and solar colours), computed here from the orbit for observer I41.
      </p>
    </div>
  );
}
