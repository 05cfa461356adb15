/**
 * The phase-curve fits shown for an object: the row of the monthly SSOFT table of each model when the object is
 * in it (`/api/v1/ssoft?flavor=…&sso_number=…`), else a fit made in the page on the `/api/v1/sso` points
 * (lib/live-fit.ts). A store without a table of the model (404) or without the object (empty answer) falls back
 * to the fit in the page.
 */
import { ApiRequestError, type ApiRow, getJson } from './api.js';
import { fitInPage } from './live-fit.js';
import {
  fitParametersFromColumns,
  PHASE_MODELS,
  type PhaseFitParameters,
  type PhaseModel,
} from './phase-curve.js';
import type { SsoPoint } from './sso-points.js';

/** Where a fit's parameters come from. */
export type FitSource = { readonly kind: 'ssoft'; readonly version: string } | { readonly kind: 'page' };

/** One model's fit for the object, or why there is none. */
export type ObjectFit =
  | {
      readonly model: PhaseModel;
      readonly ok: true;
      readonly parameters: PhaseFitParameters;
      readonly source: FitSource;
      /** The SSOFT row as the API answered it (null for a fit in the page). */
      readonly row: ApiRow | null;
      /** Parameters, uncertainties (`err_*`) and quality figures under SSOFT column names (the row, or the fit's). */
      readonly columns: Readonly<Record<string, unknown>>;
    }
  | {
      readonly model: PhaseModel;
      readonly ok: false;
      /** Fink's fit code (1 bad values, 2 no ephemerides, 3 solver, 4 unconstrained). */
      readonly fitCode: number;
      /** The fit's own diagnostic (lib/fit-explain.ts words it for the page). */
      readonly reason: string;
    };

/** The SSOFT lookup arguments of an object: its number when it has one, else its name. */
export function ssoftLookup(ssoNumber: unknown, ssoName: unknown): Record<string, string> | null {
  if (typeof ssoNumber === 'number' && Number.isInteger(ssoNumber) && ssoNumber > 0)
    return { sso_number: String(ssoNumber) };
  if (typeof ssoName === 'string' && ssoName.trim() !== '') return { sso_name: ssoName.trim() };
  return null;
}

async function ssoftRow(
  model: PhaseModel,
  lookup: Record<string, string>,
  signal: AbortSignal,
): Promise<ApiRow | null> {
  try {
    const rows = await getJson<ApiRow[]>(
      'ssoft',
      { flavor: model, ...lookup, 'output-format': 'json' },
      signal,
    );
    return rows[0] ?? null;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** The three fits of an object (HG, HG1G2, sHG1G2), SSOFT first, else made in the page. */
export async function loadObjectFits(
  points: readonly SsoPoint[],
  ssoNumber: unknown,
  ssoName: unknown,
  signal: AbortSignal,
): Promise<ObjectFit[]> {
  const lookup = ssoftLookup(ssoNumber, ssoName);
  return Promise.all(
    PHASE_MODELS.map(async (model): Promise<ObjectFit> => {
      const row = lookup ? await ssoftRow(model, lookup, signal) : null;
      const fromTable = row ? fitParametersFromColumns(model, row) : null;
      if (row && fromTable)
        return {
          model,
          ok: true,
          parameters: fromTable,
          source: { kind: 'ssoft', version: String(row.version ?? '') },
          row,
          columns: row,
        };
      const live = await fitInPage(model, points);
      return live.ok
        ? {
            model,
            ok: true,
            parameters: live.parameters,
            source: { kind: 'page' },
            row: null,
            columns: live.columns,
          }
        : { model, ok: false, fitCode: live.fitCode, reason: live.reason };
    }),
  );
}
