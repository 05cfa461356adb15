/**
 * Plotly traces of the Solar System tab, built from typed points and fits (pure: colours are passed in). Trace
 * names are `<band> observed`, `<band> predicted`, `<band> <model>`; `legendgroup` is `observed`, `predicted`
 * or the model, so a chart's content can be read back by its traces.
 */
import type { Dash, Data } from 'plotly.js-dist-min';
import { astrometryOffset } from './astrometry.js';
import type { PhaseFitParameters, PhaseModel } from './phase-curve.js';
import { curveRangeDeg, type FitBand, meanAbsCosAspect, modelCurve, modelLabel } from './phase-curve.js';
import { BAND_NAMES, bandPoints, type SsoPoint } from './sso-points.js';

/** Colour of each band (CSS colour text), by filter id. */
export type BandColours = Readonly<Record<number, string>>;

/** JD of the Unix epoch. */
const JD_UNIX_EPOCH = 2440587.5;

/** ISO UTC date-time of a JD, as Plotly's date axes read it (ms precision). */
export function jdToIsoUtc(jd: number): string {
  return new Date(Math.round((jd - JD_UNIX_EPOCH) * 86_400_000)).toISOString();
}
const BANDS = [1, 2, 3] as const;
/** Line style of each model's curve. */
const DASH: Readonly<Record<PhaseModel, Dash>> = { HG: 'dot', HG1G2: 'dash', SHG1G2: 'solid' };

function colour(colours: BandColours, fid: number): string {
  return colours[fid] ?? '#888888';
}

/** Longest time between two predictions drawn joined (days): an apparition lasts weeks, the gaps between them months. */
export const PREDICTION_MAX_GAP_DAYS = 30;

/**
 * Values sorted by time, with a null between two neighbours more than `maxGapDays` apart, so that a line drawn
 * through them (Plotly, `connectgaps: false`) is broken across the gap.
 */
export function gapBroken<T extends { readonly jd: number }>(
  values: readonly T[],
  maxGapDays = PREDICTION_MAX_GAP_DAYS,
): (T | null)[] {
  const sorted = [...values].sort((a, b) => a.jd - b.jd);
  const out: (T | null)[] = [];
  for (const [i, v] of sorted.entries()) {
    if (i > 0 && v.jd - sorted[i - 1].jd > maxGapDays) out.push(null);
    out.push(v);
  }
  return out;
}

/** Light curve: observed magpsf with errors per band, and the ephemeris prediction of the band (SDSS g/r or V). */
export function lightCurveTraces(points: readonly SsoPoint[], colours: BandColours): Data[] {
  const traces: Data[] = [];
  for (const fid of BANDS) {
    const own = bandPoints(points, fid);
    if (own.length === 0) continue;
    const band = BAND_NAMES[fid];
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `${band} observed`,
      legendgroup: 'observed',
      x: own.map((p) => jdToIsoUtc(p.jd)),
      y: own.map((p) => p.magpsf),
      error_y: {
        type: 'data',
        array: own.map((p) => p.sigmapsf),
        visible: true,
        color: colour(colours, fid),
      },
      marker: { color: colour(colours, fid), size: 7 },
    });
    const predicted = gapBroken(
      own.flatMap((p) => (p.predictedMag === null ? [] : [{ jd: p.jd, value: p.predictedMag }])),
    );
    if (predicted.length === 0) continue;
    traces.push({
      type: 'scatter',
      mode: 'lines+markers',
      name: `${band} predicted (${fid === 1 ? 'SDSS:g' : fid === 2 ? 'SDSS:r' : 'VMag'})`,
      legendgroup: 'predicted',
      connectgaps: false,
      x: predicted.map((p) => (p === null ? null : jdToIsoUtc(p.jd))),
      y: predicted.map((p) => (p === null ? null : p.value)),
      line: { color: colour(colours, fid), dash: 'dot', width: 1 },
      marker: { color: colour(colours, fid), symbol: 'circle-open', size: 6 },
    });
  }
  return traces;
}

/** Astrometry: observed − ephemeris offsets (ΔRA cos Dec, ΔDec in arcsec) per band. */
export function astrometryTraces(points: readonly SsoPoint[], colours: BandColours): Data[] {
  const traces: Data[] = [];
  for (const fid of BANDS) {
    const offsets = bandPoints(points, fid).flatMap((p) => {
      if (p.raEphDeg === null || p.decEphDeg === null) return [];
      const o = astrometryOffset(p.raDeg, p.decDeg, p.raEphDeg, p.decEphDeg);
      return o ? [o] : [];
    });
    if (offsets.length === 0) continue;
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `${BAND_NAMES[fid]} observed`,
      legendgroup: 'observed',
      x: offsets.map((o) => o.dRaCosDecArcsec),
      y: offsets.map((o) => o.dDecArcsec),
      marker: { color: colour(colours, fid), size: 7 },
    });
  }
  return traces;
}

/**
 * Phase curve: observed reduced magnitudes per band (g, r) and one curve per fitted model and band. sHG1G2 is
 * drawn at the mean |cos Λ| of the observations (its spin term depends on the aspect of each observation).
 */
export function phaseCurveTraces(
  points: readonly SsoPoint[],
  fits: readonly PhaseFitParameters[],
  colours: BandColours,
): Data[] {
  const traces: Data[] = [];
  const used = points.filter((p) => p.phaseDeg !== null && p.magRed !== null);
  const range = curveRangeDeg(used.map((p) => p.phaseDeg ?? Number.NaN));
  for (const fid of [1, 2] as const) {
    const own = used.filter((p) => p.fid === fid);
    if (own.length === 0) continue;
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `${BAND_NAMES[fid]} observed`,
      legendgroup: 'observed',
      x: own.map((p) => p.phaseDeg),
      y: own.map((p) => p.magRed),
      error_y: {
        type: 'data',
        array: own.map((p) => p.sigmapsf),
        visible: true,
        color: colour(colours, fid),
      },
      marker: { color: colour(colours, fid), size: 7 },
    });
    for (const fit of fits) traces.push(...modelTrace(fit, fid, used, range, colours));
  }
  return traces;
}

function modelTrace(
  fit: PhaseFitParameters,
  band: FitBand,
  used: readonly SsoPoint[],
  range: { fromDeg: number; toDeg: number },
  colours: BandColours,
): Data[] {
  const aspect =
    fit.model === 'SHG1G2' && fit.alpha0Deg !== null && fit.delta0Deg !== null
      ? (meanAbsCosAspect(
          used.map((p) => p.raDeg),
          used.map((p) => p.decDeg),
          fit.alpha0Deg,
          fit.delta0Deg,
        ) ?? 0)
      : 0;
  const curve = modelCurve(fit, band, range.fromDeg, range.toDeg, 120, aspect);
  if (curve.phaseDeg.length === 0) return [];
  return [
    {
      type: 'scatter',
      mode: 'lines',
      name: `${BAND_NAMES[band]} ${modelLabel(fit.model)}`,
      legendgroup: fit.model,
      x: curve.phaseDeg,
      y: curve.magRed,
      line: { color: colour(colours, band), dash: DASH[fit.model], width: 2 },
      hoverinfo: 'x+y+name',
    },
  ];
}

/** Residuals of the API's sHG1G2 fit (`residuals_shg1g2`, mag) against time, per band. */
export function residualTraces(points: readonly SsoPoint[], colours: BandColours): Data[] {
  const traces: Data[] = [];
  for (const fid of BANDS) {
    const own = bandPoints(points, fid).filter((p) => p.residualShg1g2 !== null);
    if (own.length === 0) continue;
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `${BAND_NAMES[fid]} residual`,
      legendgroup: 'residual',
      x: own.map((p) => jdToIsoUtc(p.jd)),
      y: own.map((p) => p.residualShg1g2),
      marker: { color: colour(colours, fid), size: 6 },
    });
  }
  return traces;
}
