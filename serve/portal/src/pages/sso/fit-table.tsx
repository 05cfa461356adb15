/**
 * The fitted parameters of the phase-curve models: one row per parameter (H, G or G1/G2 per band, the sHG1G2
 * oblateness and spin axis, then χ²red, RMS and the number of detections), one column per model. Each value is
 * shown with its 1σ uncertainty; a value at a bound of the fit is flagged (the solver stopped there: the data
 * would take it further). A model that could not be fitted is explained in words below the table. Each value
 * cell carries the exact numbers in `data-value` and `data-err`.
 */
import type { ComponentChildren } from 'preact';
import {
  boundReached,
  explainFitFailure,
  modelParameterKeys,
  parameterBounds,
} from '../../lib/fit-explain.js';
import { modelLabel, PHASE_MODELS } from '../../lib/phase-curve.js';
import type { ObjectFit } from '../../lib/sso-fits.js';

/** Row label of each SSOFT parameter column. */
const LABELS: Readonly<Record<string, string>> = {
  H_1: 'H g (mag)',
  G_1: 'G g',
  G1_1: 'G1 g',
  G2_1: 'G2 g',
  H_2: 'H r (mag)',
  G_2: 'G r',
  G1_2: 'G1 r',
  G2_2: 'G2 r',
  R: 'R (oblateness)',
  alpha0: 'α0 spin (deg)',
  delta0: 'δ0 spin (deg)',
};

/** The parameter rows: every model's parameters, in the order of the richest model first. */
const PARAMETER_ROWS: readonly string[] = [
  ...new Set(['H_1', 'G_1', 'G1_1', 'G2_1', 'H_2', 'G_2', 'G1_2', 'G2_2', 'R', 'alpha0', 'delta0']),
];

/** Quality rows: column, label, digits. */
const QUALITY_ROWS: readonly (readonly [key: string, label: string, digits: number])[] = [
  ['chi2red', 'χ²red', 2],
  ['rms', 'RMS (mag)', 3],
  ['n_obs', 'Detections', 0],
];

function num(columns: Readonly<Record<string, unknown>>, key: string): number | null {
  const v = columns[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The value of a parameter column of a fit (SSOFT row or fit in the page); null when absent or not finite. */
export function parameterValue(fit: ObjectFit, key: string): number | null {
  return fit.ok ? num(fit.columns, key) : null;
}

function digitsOf(key: string): number {
  return key === 'alpha0' || key === 'delta0' ? 1 : 3;
}

function parameterCell(fit: ObjectFit, key: string): ComponentChildren {
  const attrs = { 'data-model': fit.model, 'data-param': key };
  if (!fit.ok || !modelParameterKeys(fit.model).includes(key)) return <td {...attrs} />;
  const value = num(fit.columns, key);
  if (value === null) return <td {...attrs}>—</td>;
  const err = num(fit.columns, `err_${key}`);
  const digits = digitsOf(key);
  const bound = boundReached(key, value);
  const limits = parameterBounds(key);
  return (
    <td {...attrs} data-value={String(value)} data-err={err === null ? undefined : String(err)}>
      {value.toFixed(digits)}
      {err === null ? null : <span class="fit-err"> ± {err.toFixed(digits)}</span>}
      {bound && limits ? (
        <span
          class="fit-bound"
          data-at-bound={bound}
          title={`The fit kept ${key} within [${limits[0]}, ${limits[1]}]: this value was stopped at the bound, not measured.`}
        >
          {' '}
          at {bound} bound
        </span>
      ) : null}
    </td>
  );
}

function qualityCell(fit: ObjectFit, key: string, digits: number): ComponentChildren {
  const value = fit.ok ? num(fit.columns, key) : null;
  return (
    <td data-model={fit.model} data-param={key} data-value={value === null ? undefined : String(value)}>
      {value === null ? '—' : value.toFixed(digits)}
    </td>
  );
}

/** Table of the three fits, and the reason of each failed one. */
export function FitTable({ fits }: { fits: readonly ObjectFit[] }) {
  const ordered = PHASE_MODELS.flatMap((m) => fits.filter((f) => f.model === m));
  const rows = PARAMETER_ROWS.filter((key) => ordered.some((f) => modelParameterKeys(f.model).includes(key)));
  const failed = ordered.flatMap((f) => (f.ok ? [] : [f]));
  const anyBound = ordered.some(
    (f) => f.ok && modelParameterKeys(f.model).some((k) => boundReached(k, num(f.columns, k) ?? Number.NaN)),
  );
  return (
    <div>
      <div class="table-scroll">
        <table class="data fit-table" aria-label="Phase-curve fit parameters">
          <caption>Fitted parameters ± 1σ</caption>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              {ordered.map((f) => (
                <th key={f.model} scope="col" data-model={f.model}>
                  {modelLabel(f.model)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((key) => (
              <tr key={key} data-param={key}>
                <th scope="row">{LABELS[key] ?? key}</th>
                {ordered.map((f) => parameterCell(f, key))}
              </tr>
            ))}
            {QUALITY_ROWS.map(([key, label, digits]) => (
              <tr key={key} data-param={key}>
                <th scope="row">{label}</th>
                {ordered.map((f) => qualityCell(f, key, digits))}
              </tr>
            ))}
            <tr>
              <th scope="row">Source</th>
              {ordered.map((f) => (
                <td key={f.model} data-model={f.model} data-source={f.ok ? f.source.kind : 'none'}>
                  {!f.ok ? 'no fit' : f.source.kind === 'ssoft' ? `SSOFT ${f.source.version}` : 'fitted here'}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {failed.map((f) => (
        <p key={f.model} class="notice fit-failed" data-model={f.model}>
          <strong>{modelLabel(f.model)}: no fit</strong> — {explainFitFailure(f.model, f.fitCode, f.reason)}
        </p>
      ))}
      {anyBound ? (
        <p class="notice">
          “at … bound”: the fit keeps H in [−3, 30] mag, G, G1 and G2 in [0, 1], R in [0.3, 1] and δ0 in
          [−90°, 90°]; a value on a bound was stopped there and its uncertainty does not describe it.
        </p>
      ) : null}
    </div>
  );
}
