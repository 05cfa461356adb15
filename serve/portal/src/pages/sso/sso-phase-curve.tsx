/**
 * Solar System tab, phase curve: reduced magnitude against phase angle per band (g, r), with the HG, HG1G2 and
 * sHG1G2 model curves of the SSOFT (or of fits made in the page when the object is not in the table), their
 * parameters, and the residuals of the API's own sHG1G2 fit.
 */
import type { Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { Plot } from '../../components/plot.js';
import { ErrorBox, Loading, Notice } from '../../components/status.js';
import { modelLabel } from '../../lib/phase-curve.js';
import { loadObjectFits, type ObjectFit } from '../../lib/sso-fits.js';
import { hasEphemerides, type SsoPoint } from '../../lib/sso-points.js';
import { phaseCurveTraces, residualTraces } from '../../lib/sso-traces.js';
import { useLoad } from '../../lib/use-api.js';
import { useBandColours } from './band-colours.js';
import { FitTable } from './fit-table.js';

/**
 * The chart title: "Phase curve" and, below, each model's reduced χ² (its RMS in mag when χ² is not finite, "—"
 * without a fit), short enough for a phone-width chart.
 */
export function fitTitle(fits: readonly ObjectFit[]): string {
  const parts = fits.map((f) => {
    const label = modelLabel(f.model);
    if (!f.ok) return `${label} —`;
    const { chi2red, rmsMag } = f.parameters;
    if (chi2red !== null) return `${label} ${chi2red.toFixed(2)}`;
    return rmsMag !== null ? `${label} RMS ${rmsMag.toFixed(3)}` : `${label} —`;
  });
  return `Phase curve<br><span style="font-size:12px">χ²red: ${parts.join(' · ')}</span>`;
}

const RESIDUAL_LAYOUT: Partial<Layout> = {
  title: { text: "Residuals of the API's sHG1G2 fit (residuals_shg1g2)" },
  margin: { l: 60, r: 20, t: 40, b: 50 },
  xaxis: { title: { text: 'Date (UTC)' }, type: 'date' },
  yaxis: { title: { text: 'observed − sHG1G2 (mag)' }, zeroline: true },
};

/** Props: the object's points and its identity for the SSOFT lookup. */
export interface SsoPhaseCurveProps {
  readonly points: readonly SsoPoint[];
  readonly ssoNumber: unknown;
  readonly ssoName: unknown;
  readonly keyText: string;
}

/** Phase curve with the three models, the parameter table and the residuals. */
export function SsoPhaseCurve({ points, ssoNumber, ssoName, keyText }: SsoPhaseCurveProps) {
  const colours = useBandColours();
  const usable = hasEphemerides(points);
  const fits = useLoad(usable ? `fits:${keyText}` : null, (signal) =>
    loadObjectFits(points, ssoNumber, ssoName, signal),
  );
  const fitList = fits.state === 'done' ? fits.value : null;
  const data = useMemo(
    () =>
      phaseCurveTraces(
        points,
        (fitList ?? []).flatMap((f) => (f.ok ? [f.parameters] : [])),
        colours,
      ),
    [points, fitList, colours],
  );
  const layout = useMemo<Partial<Layout>>(
    () => ({
      title: { text: fitList ? fitTitle(fitList) : 'Phase curve' },
      margin: { l: 60, r: 20, t: 60, b: 50 },
      legend: { orientation: 'h', y: -0.25 },
      xaxis: { title: { text: 'Phase angle (deg)' }, rangemode: 'tozero' },
      yaxis: { title: { text: 'Reduced magnitude m − 5 log10(r Δ)' }, autorange: 'reversed' },
    }),
    [fitList],
  );
  const residuals = useMemo(() => residualTraces(points, colours), [points, colours]);
  if (!usable)
    return <Notice>No ephemerides for this object (no orbit on this server): no phase curve.</Notice>;
  if (fits.state === 'loading') return <Loading what="phase-curve fits" />;
  if (fits.state === 'error')
    return <ErrorBox title="The phase-curve fits could not be loaded">{fits.message}</ErrorBox>;
  return (
    <div>
      <Plot data={data} layout={layout} label="Phase curve" />
      <FitTable fits={fits.value} />
      <p class="notice">
        Curves: HG dotted, HG1G2 dashed, sHG1G2 solid (drawn at the mean |cos Λ| of the observations, since
        its spin term depends on each observation's aspect). Parameters from the monthly SSOFT table when the
        object is in it, else fitted in this page with the same code.
      </p>
      {residuals.length > 0 ? (
        <Plot data={residuals} layout={RESIDUAL_LAYOUT} label="sHG1G2 residuals" height={260} />
      ) : null}
    </div>
  );
}
