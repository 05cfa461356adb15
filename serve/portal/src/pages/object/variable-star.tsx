/**
 * The "Variable star" tab: multiband Lomb–Scargle periodogram of the object's valid alerts (computed in the
 * browser, compute/timeseries), the best period with its false-alarm probability, and the light curve folded at it
 * with the fitted model. As Fink's Science Portal (`apps/plotting.py` `plot_variable_star`): DC magnitudes when the
 * reference source is the object (distnr ≤ 1.5″), else difference magnitudes; periods searched between two bounds;
 * a number of harmonics shared by the bands and per band; a period to fold at may be given. Settings are in the URL
 * (`pmin`, `pmax`, `nbase`, `nband`, `pfold`).
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import {
  falseAlarmLevel,
  falseAlarmProbability,
  fitMultiband,
  foldPhase,
  type MultibandSeries,
  multibandPeriodogram,
  weightedTimeVariance,
} from '../../../../../compute/timeseries/index.js';
import { DraftInput } from '../../components/draft-input.js';
import { Plot } from '../../components/plot.js';
import { Notice } from '../../components/status.js';
import type { ApiRow } from '../../lib/api.js';
import { numberField } from '../../lib/object-rows.js';
import { BAND_NAMES, type Fid, lightCurvePoints } from '../../lib/photometry.js';
import { bandColour } from './light-curve.js';

/** Largest distance to the reference source for DC magnitudes (arcsec), as fink-utils `is_source_behind`. */
export const SOURCE_BEHIND_ARCSEC = 1.5;
/** Default search: periods between these bounds (days) and harmonics. */
export const VARSTAR_DEFAULTS = {
  minPeriodDays: 0.1,
  maxPeriodDays: 10,
  ntermsBase: 2,
  ntermsBand: 0,
} as const;
/** False-alarm probability drawn as a level on the periodogram. */
const FAP_LEVEL = 0.01;
/** Model curve points per cycle. */
const MODEL_SAMPLES = 200;

/** Settings of the search (from the URL). */
export interface VarStarSettings {
  readonly minPeriodDays: number;
  readonly maxPeriodDays: number;
  readonly ntermsBase: number;
  readonly ntermsBand: number;
  /** Period to fold at instead of the best one (days), null for the best. */
  readonly foldPeriodDays: number | null;
}

/** The settings in a URL query, defaults for missing or invalid values. */
export function varStarSettings(search: URLSearchParams): VarStarSettings {
  const read = (key: string, fallback: number, valid: (v: number) => boolean): number => {
    const text = search.get(key);
    const value = text === null ? Number.NaN : Number(text);
    return Number.isFinite(value) && valid(value) ? value : fallback;
  };
  const minPeriodDays = read('pmin', VARSTAR_DEFAULTS.minPeriodDays, (v) => v > 0);
  return {
    minPeriodDays,
    maxPeriodDays: read('pmax', VARSTAR_DEFAULTS.maxPeriodDays, (v) => v > minPeriodDays),
    ntermsBase: read('nbase', VARSTAR_DEFAULTS.ntermsBase, (v) => Number.isInteger(v) && v >= 1 && v <= 4),
    ntermsBand: read('nband', VARSTAR_DEFAULTS.ntermsBand, (v) => Number.isInteger(v) && v >= 0 && v <= 4),
    foldPeriodDays: search.get('pfold') === null ? null : read('pfold', Number.NaN, (v) => v > 0),
  };
}

/**
 * The magnitudes searched: DC when the latest alert's reference source is within 1.5″ (the object is the
 * reference source), else difference magnitudes; valid alerts in g and r only.
 */
export function varStarSeries(
  rows: readonly ApiRow[],
  latest: ApiRow,
): { series: MultibandSeries; dc: boolean } {
  const distnr = numberField(latest, 'i:distnr');
  const dc = distnr !== null && distnr >= 0 && distnr <= SOURCE_BEHIND_ARCSEC;
  const points = lightCurvePoints(rows, dc ? 'dcmag' : 'diffmag').filter(
    (p) => p.tag === 'valid' && p.error !== null && (p.fid === 1 || p.fid === 2),
  );
  return {
    dc,
    series: {
      jd: points.map((p) => p.jd),
      value: points.map((p) => p.value),
      sigma: points.map((p) => p.error ?? Number.NaN),
      band: points.map((p) => p.fid),
    },
  };
}

/** The periodogram, best period and folded light curve of an object. */
export function VariableStar({
  rows,
  latest,
  settings,
  onSettings,
}: {
  rows: readonly ApiRow[];
  latest: ApiRow;
  settings: VarStarSettings;
  onSettings: (patch: Record<string, string | null>) => void;
}) {
  const { series, dc } = useMemo(() => varStarSeries(rows, latest), [rows, latest]);
  const result = useMemo(() => {
    const periodogram = multibandPeriodogram(series, settings);
    if (periodogram === null) return null;
    const terms = { ntermsBase: settings.ntermsBase, ntermsBand: settings.ntermsBand };
    const foldFrequency =
      settings.foldPeriodDays !== null && Number.isFinite(settings.foldPeriodDays)
        ? 1 / settings.foldPeriodDays
        : periodogram.best.frequencyPerDay;
    const model = fitMultiband(series, foldFrequency, terms);
    // Baluev's bound is for one sinusoid: it is applied to the one-harmonic power at the best frequency
    const single = fitMultiband(series, periodogram.best.frequencyPerDay);
    const fapInput = {
      pointCount: periodogram.pointCount,
      offsets: periodogram.bandCount,
      maxFrequencyPerDay: 1 / settings.minPeriodDays,
      timeVarianceDays2: weightedTimeVariance(series),
    };
    return {
      periodogram,
      model,
      foldPeriodDays: 1 / foldFrequency,
      fap: falseAlarmProbability({ ...fapInput, power: single?.power ?? 0 }),
      level:
        settings.ntermsBase === 1 && settings.ntermsBand === 0 ? falseAlarmLevel(FAP_LEVEL, fapInput) : null,
    };
  }, [
    series,
    settings.minPeriodDays,
    settings.maxPeriodDays,
    settings.ntermsBase,
    settings.ntermsBand,
    settings.foldPeriodDays,
  ]);
  const best = result?.periodogram.best;
  return (
    <section class="panel variable-star" aria-label="Variable star">
      <h2>Variable star: period search</h2>
      <form class="varstar-controls" onSubmit={(e) => e.preventDefault()}>
        <label>
          Shortest period (days){' '}
          <DraftInput
            type="number"
            name="pmin"
            min="0.01"
            step="any"
            value={settings.minPeriodDays}
            onCommit={(text) => onSettings({ pmin: text })}
          />
        </label>
        <label>
          Longest period (days){' '}
          <DraftInput
            type="number"
            name="pmax"
            min="0.02"
            step="any"
            value={settings.maxPeriodDays}
            onCommit={(text) => onSettings({ pmax: text })}
          />
        </label>
        <label>
          Harmonics shared by the bands{' '}
          <DraftInput
            type="number"
            name="nbase"
            min="1"
            max="4"
            value={settings.ntermsBase}
            onCommit={(text) => onSettings({ nbase: text })}
          />
        </label>
        <label>
          Harmonics per band{' '}
          <DraftInput
            type="number"
            name="nband"
            min="0"
            max="4"
            value={settings.ntermsBand}
            onCommit={(text) => onSettings({ nband: text })}
          />
        </label>
        <label>
          Fold at period (days, empty: the best){' '}
          <DraftInput
            type="number"
            name="pfold"
            min="0"
            step="any"
            value={settings.foldPeriodDays ?? ''}
            onCommit={(text) => onSettings({ pfold: text || null })}
          />
        </label>
      </form>
      <p class="note">
        {series.jd.length} valid g and r alerts, in {dc ? 'DC' : 'difference'} magnitude (
        {dc
          ? `the reference source is within ${SOURCE_BEHIND_ARCSEC}″`
          : `no reference source within ${SOURCE_BEHIND_ARCSEC}″`}
        ); one offset per band, computed in this page. With one visit a night, periods near 1 day, their
        aliases (1/P ± 1 per day) and half or double periods compete: check the folded curve.
      </p>
      {result === null || best === undefined ? (
        <Notice>
          Too few valid alerts (or no variation) for this model: it needs more points than its parameters (one
          offset per band and two per harmonic).
        </Notice>
      ) : (
        <>
          <dl class="props varstar-result" data-period-days={best.periodDays}>
            <dt>Best period</dt>
            <dd>
              {best.periodDays.toFixed(6)} d ({(best.periodDays * 24).toFixed(3)} h)
            </dd>
            <dt>Power</dt>
            <dd>{best.power.toFixed(3)}</dd>
            {result.foldPeriodDays !== best.periodDays ? (
              <>
                <dt>Folded at</dt>
                <dd>
                  {result.foldPeriodDays.toFixed(6)} d (power {result.model?.power.toFixed(3) ?? '—'})
                </dd>
              </>
            ) : null}
            <dt>False-alarm probability</dt>
            <dd class="fap" title="Baluev 2008 bound, one-harmonic power at the best frequency">
              {result.fap < 1e-4 ? result.fap.toExponential(1) : result.fap.toFixed(4)}
            </dd>
          </dl>
          <Periodogram
            frequencyPerDay={result.periodogram.frequencyPerDay}
            power={result.periodogram.power}
            bestPeriodDays={best.periodDays}
            level={result.level}
          />
          <Folded
            series={series}
            periodDays={result.foldPeriodDays}
            predict={result.model?.predict ?? null}
          />
        </>
      )}
    </section>
  );
}

function Periodogram({
  frequencyPerDay,
  power,
  bestPeriodDays,
  level,
}: {
  frequencyPerDay: Float64Array;
  power: Float64Array;
  bestPeriodDays: number;
  level: number | null;
}) {
  const data = useMemo<Data[]>(
    () => [
      {
        type: 'scatter',
        mode: 'lines',
        name: 'Multiband periodogram',
        x: Array.from(frequencyPerDay, (f) => 1 / f),
        y: Array.from(power),
        line: { width: 1 },
        hovertemplate: 'P = %{x:.5f} d<br>power %{y:.3f}<extra></extra>',
      } as Data,
    ],
    [frequencyPerDay, power],
  );
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Period (days)' }, type: 'log' },
      yaxis: { title: { text: 'Power' }, range: [0, 1] },
      shapes: [
        {
          type: 'line',
          xref: 'x',
          yref: 'paper',
          x0: bestPeriodDays,
          x1: bestPeriodDays,
          y0: 0,
          y1: 1,
          line: { dash: 'dot', width: 1 },
        },
        ...(level === null
          ? []
          : [
              {
                type: 'line' as const,
                xref: 'paper' as const,
                yref: 'y' as const,
                x0: 0,
                x1: 1,
                y0: level,
                y1: level,
                line: { dash: 'dash' as const, width: 1 },
              },
            ]),
      ],
      showlegend: false,
    }),
    [bestPeriodDays, level],
  );
  return <Plot data={data} layout={layout} label="Periodogram" height={300} />;
}

function Folded({
  series,
  periodDays,
  predict,
}: {
  series: MultibandSeries;
  periodDays: number;
  predict: ((jd: number, band: number) => number) | null;
}) {
  const data = useMemo<Data[]>(() => {
    const epochJd = series.jd.length > 0 ? Math.min(...Array.from(series.jd)) : 0;
    const out: Data[] = [];
    for (const fid of [1, 2] as Fid[]) {
      const own = Array.from({ length: series.jd.length }, (_, i) => i).filter((i) => series.band[i] === fid);
      if (own.length === 0) continue;
      const colour = bandColour(BAND_NAMES[fid]);
      out.push({
        type: 'scatter',
        mode: 'markers',
        name: BAND_NAMES[fid],
        x: own.map((i) => foldPhase(series.jd[i], periodDays, epochJd)),
        y: own.map((i) => series.value[i]),
        error_y: {
          type: 'data',
          array: own.map((i) => series.sigma[i]),
          visible: true,
          thickness: 1,
          width: 2,
        },
        marker: { color: colour, size: 7 },
        hovertemplate: 'phase %{x:.3f}<br>%{y:.3f} mag<extra></extra>',
      } as Data);
      if (predict) {
        const phases = Array.from({ length: MODEL_SAMPLES + 1 }, (_, k) => k / MODEL_SAMPLES);
        out.push({
          type: 'scatter',
          mode: 'lines',
          name: `${BAND_NAMES[fid]} model`,
          x: phases,
          y: phases.map((phase) => predict(epochJd + phase * periodDays, fid)),
          line: { color: colour, width: 1 },
          hoverinfo: 'skip',
        } as Data);
      }
    }
    return out;
  }, [series, periodDays, predict]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: `Phase (P = ${periodDays.toFixed(5)} d)` }, range: [0, 1] },
      yaxis: { title: { text: 'Magnitude' }, autorange: 'reversed' },
    }),
    [periodDays],
  );
  return <Plot data={data} layout={layout} label="Folded light curve" height={350} />;
}
