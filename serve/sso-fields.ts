/**
 * The fields `/api/v1/sso` adds to alert rows: the ephemeris columns of docs/sso.md (numeric, units in
 * docs/api.md), `i:magpsf_red`, `sso_name`/`sso_number`, and `residuals_shg1g2` from an sHG1G2 fit of the rows.
 * Ephemerides and fits come from compute/sso; this module only lays their results into rows.
 * Reference: docs/references.md#reduced-magnitude (reduced magnitude), #sso-residuals (residuals), #ephemeris-fields (fields).
 */
import { computeEphemerides, type Ephemerides } from '../compute/sso/ephemeris/index.js';
import type { Orbit } from '../compute/sso/index.js';
import { fitPhaseCurve } from '../compute/sso/phase/index.js';

type Row = Record<string, unknown>;

/** Ephemeris fields in the order of docs/sso.md (they come first in each record). */
export const EPHEMERIS_FIELDS = [
  'index',
  'Date',
  'LAST',
  'HA',
  'Az',
  'H',
  'Dobs',
  'Dhelio',
  'VMag',
  'SDSS:g',
  'SDSS:r',
  'Phase',
  'Elong.',
  'AM',
  'dRAcosDEC',
  'dDEC',
  'RV',
  'RA',
  'Dec',
  'Longitude',
  'Latitude',
] as const;

/** The ephemeris field values of epoch `i` (SDSS colours absent for comets, as the reference). */
function ephemerisFields(e: Ephemerides, i: number): Row {
  const fields: Row = {
    index: i,
    Date: e.jdUtc[i],
    LAST: e.lastHours[i],
    HA: e.hourAngleHours[i],
    Az: e.azimuthDeg[i],
    H: e.elevationDeg[i],
    Dobs: e.dobsAu[i],
    Dhelio: e.dhelioAu[i],
    VMag: e.vMag[i],
  };
  if (e.sdssGMag && e.sdssRMag) {
    fields['SDSS:g'] = e.sdssGMag[i];
    fields['SDSS:r'] = e.sdssRMag[i];
  }
  Object.assign(fields, {
    Phase: e.phaseDeg[i],
    'Elong.': e.elongationDeg[i],
    AM: e.airmass[i],
    dRAcosDEC: e.dRaCosDecArcsecPerMin[i],
    dDEC: e.dDecArcsecPerMin[i],
    RV: e.rvKmPerS[i],
    RA: e.raDeg[i],
    Dec: e.decDeg[i],
    Longitude: e.eclLonDeg[i],
    Latitude: e.eclLatDeg[i],
  });
  return fields;
}

/**
 * Rows with the ephemeris fields first, then the alert fields, then `i:magpsf_red` = magpsf − 5 log10(Dobs·Dhelio)
 * (mag). `rows` must carry `i:jd` and `i:magpsf`; the `index` field numbers the rows in their given order.
 * @param orbit the object's orbit; null (no orbit known, e.g. a temporary designation) gives the rows unchanged.
 */
export function withEphemerides(rows: readonly Row[], orbit: Orbit | null): Row[] {
  if (orbit === null || rows.length === 0) return [...rows];
  const ephemerides = computeEphemerides(
    orbit,
    rows.map((r) => Number(r['i:jd'])),
    { observer: 'I41' },
  );
  return rows.map((row, i) => {
    // one object filled by assignment: spreading rows of ~150 fields twice per row cost more than the ephemerides
    const out = ephemerisFields(ephemerides, i);
    for (const key in row) out[key] = row[key];
    out['i:magpsf_red'] =
      Number(row['i:magpsf']) - 5 * Math.log10(ephemerides.dobsAu[i] * ephemerides.dhelioAu[i]);
    return out;
  });
}

/** Outcome of the residual fit: why there are no residuals, or null when they were computed. */
export interface ResidualOutcome {
  readonly rows: Row[];
  readonly reason: string | null;
}

const RAD = Math.PI / 180;

/**
 * Adds `residuals_shg1g2` (mag, observed − sHG1G2 model of these rows, with the API's classic bounds), in place, to
 * rows that carry ephemerides (`Phase`, `i:magpsf_red`). NaN in every row when the fit cannot be made, with the reason.
 * Reference: docs/references.md#sso-residuals.
 */
export function withShg1g2Residuals(rows: Row[]): ResidualOutcome {
  const num = (key: string) =>
    Float64Array.from(rows, (r) => (typeof r[key] === 'number' ? (r[key] as number) : Number.NaN));
  const fit = fitPhaseCurve('SHG1G2', {
    magRed: num('i:magpsf_red'),
    sigmaMag: num('i:sigmapsf'),
    phaseAngleRad: num('Phase').map((d) => d * RAD),
    fid: num('i:fid'),
    raRad: num('i:ra').map((d) => d * RAD),
    decRad: num('i:dec').map((d) => d * RAD),
    jd: num('i:jd'),
  });
  const residuals = fit.fit === 0 ? fit.residualsMag : null;
  rows.forEach((row, i) => {
    row.residuals_shg1g2 = residuals ? residuals[i] : Number.NaN;
  });
  return {
    rows: [...rows],
    reason: residuals ? null : (fit.reason ?? `sHG1G2 fit failed (fit code ${fit.fit})`),
  };
}
