/**
 * The fitted parameters of the phase-curve models, one row per model: H, G or G1/G2 per band, the sHG1G2 spin and
 * oblateness, χ²red, RMS and the source (SSOFT version or fit in the page). Each value cell carries the exact
 * number in `data-value`.
 */
import type { ComponentChildren } from 'preact';
import { modelLabel } from '../../lib/phase-curve.js';
import type { ObjectFit } from '../../lib/sso-fits.js';

/** The displayed parameter columns, as SSOFT names them, with their header. */
const COLUMNS: readonly (readonly [key: string, header: string])[] = [
  ['H_1', 'H g'],
  ['H_2', 'H r'],
  ['G_1', 'G g'],
  ['G_2', 'G r'],
  ['G1_1', 'G1 g'],
  ['G2_1', 'G2 g'],
  ['G1_2', 'G1 r'],
  ['G2_2', 'G2 r'],
  ['R', 'R'],
  ['alpha0', 'α0 (deg)'],
  ['delta0', 'δ0 (deg)'],
  ['chi2red', 'χ²red'],
  ['rms', 'RMS (mag)'],
];

/** The value of a parameter column for a fit (from the SSOFT row, or from the parameters of a fit in the page). */
export function parameterValue(fit: ObjectFit, key: string): number | null {
  if (!fit.ok) return null;
  const p = fit.parameters;
  const band = key.endsWith('_1') ? p.bands[1] : key.endsWith('_2') ? p.bands[2] : undefined;
  const base = key.replace(/_[12]$/, '');
  const values: Record<string, number | null | undefined> = {
    H: band?.hMag,
    G: band?.g,
    G1: band?.g1,
    G2: band?.g2,
    R: p.r,
    alpha0: p.alpha0Deg,
    delta0: p.delta0Deg,
    chi2red: p.chi2red,
    rms: p.rmsMag,
  };
  const v = values[base];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function cell(value: number | null, key: string): ComponentChildren {
  if (value === null) return <td data-param={key}>—</td>;
  const digits = key === 'alpha0' || key === 'delta0' ? 1 : 3;
  return (
    <td data-param={key} data-value={String(value)}>
      {value.toFixed(digits)}
    </td>
  );
}

/** Table of the three fits. */
export function FitTable({ fits }: { fits: readonly ObjectFit[] }) {
  return (
    <div class="table-scroll">
      <table class="data fit-table" aria-label="Phase-curve fit parameters">
        <thead>
          <tr>
            <th scope="col">Model</th>
            {COLUMNS.map(([key, header]) => (
              <th key={key} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {fits.map((fit) => (
            <tr key={fit.model} data-model={fit.model}>
              <th scope="row">{modelLabel(fit.model)}</th>
              {fit.ok ? (
                COLUMNS.map(([key]) => cell(parameterValue(fit, key), key))
              ) : (
                <td colSpan={COLUMNS.length}>no fit: {fit.reason}</td>
              )}
              <td data-source={fit.ok ? fit.source.kind : 'none'}>
                {!fit.ok
                  ? '—'
                  : fit.source.kind === 'ssoft'
                    ? `SSOFT ${fit.source.version}`
                    : 'fitted in the page'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
