/**
 * What the portal needs to know of each survey to list its objects beside another's: the fields of an object's
 * id, position, time and brightness in a cone-search answer, and how its 64-bit ids are kept exact. One
 * description per survey, used by the cross-survey views (components/cross-survey.tsx). Pure, no DOM.
 * Reference: docs/surveys.md ("What differs, described once per survey"); docs/portal.md ("Surveys").
 */
import type { ApiRow } from './api.js';
import { quoteIntegerFields, quoteLargeIntegers } from './exact-json.js';
import { jdUtcOfMjdTai } from './lsst-photometry.js';
import { BAND_NAMES } from './photometry.js';
import type { Survey } from './stores.js';

/** Radius within which the object of the other survey at the same position is its counterpart (arcsec). */
export const COUNTERPART_RADIUS_ARCSEC = 1.5;

/** One survey as the cross-survey views read it. */
export interface SurveyDescription {
  readonly survey: Survey;
  /** Name shown in tables (`ZTF`, `LSST`). */
  readonly label: string;
  /** The fields a cone search is asked for (the API adds `v:separation_degree`). */
  readonly coneColumns: readonly string[];
  /** Keeps the answer's 64-bit integers exact (lib/exact-json.ts). */
  readonly quote: (text: string) => string;
  /** The object id of a row, exact text; null when absent. */
  readonly objectIdOf: (row: ApiRow) => string | null;
  readonly positionOf: (row: ApiRow) => { readonly raDeg: number; readonly decDeg: number } | null;
  /** JD (UTC) of the row's alert. */
  readonly jdOf: (row: ApiRow) => number | null;
  /** The row's brightness as text with its unit and band (`18.52 mag (r)`, `1622 nJy (i)`). */
  readonly brightnessOf: (row: ApiRow) => string;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function idText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function position(row: ApiRow, ra: string, dec: string): { raDeg: number; decDeg: number } | null {
  const raDeg = num(row[ra]);
  const decDeg = num(row[dec]);
  return raDeg === null || decDeg === null ? null : { raDeg, decDeg };
}

/** ZTF: `i:` fields, magnitudes in g, r, i (`fid` 1, 2, 3), `jd` UTC. */
export const ZTF_SURVEY: SurveyDescription = {
  survey: 'ztf',
  label: 'ZTF',
  coneColumns: ['i:objectId', 'i:ra', 'i:dec', 'i:jd', 'i:magpsf', 'i:fid'],
  quote: quoteIntegerFields,
  objectIdOf: (r) => idText(r['i:objectId']),
  positionOf: (r) => position(r, 'i:ra', 'i:dec'),
  jdOf: (r) => num(r['i:jd']),
  brightnessOf: (r) => {
    const mag = num(r['i:magpsf']);
    const fid = r['i:fid'];
    const band = fid === 1 || fid === 2 || fid === 3 ? ` (${BAND_NAMES[fid]})` : '';
    return mag === null ? '' : `${mag.toFixed(2)} mag${band}`;
  },
};

/** LSST: Fink's `r:` fields, PSF fluxes in nJy in u g r i z y, `midpointMjdTai`. */
export const LSST_SURVEY: SurveyDescription = {
  survey: 'lsst',
  label: 'LSST',
  coneColumns: ['r:diaObjectId', 'r:ra', 'r:dec', 'r:midpointMjdTai', 'r:psfFlux', 'r:band'],
  quote: quoteLargeIntegers,
  objectIdOf: (r) => idText(r['r:diaObjectId']),
  positionOf: (r) => position(r, 'r:ra', 'r:dec'),
  jdOf: (r) => {
    const mjd = num(r['r:midpointMjdTai']);
    return mjd === null ? null : jdUtcOfMjdTai(mjd);
  },
  brightnessOf: (r) => {
    const flux = num(r['r:psfFlux']);
    const band = typeof r['r:band'] === 'string' ? ` (${r['r:band']})` : '';
    return flux === null ? '' : `${flux.toFixed(1)} nJy${band}`;
  },
};

/** The description of a survey. */
export function surveyDescription(survey: Survey): SurveyDescription {
  return survey === 'lsst' ? LSST_SURVEY : ZTF_SURVEY;
}

/** One object of a cone answer, whatever its survey. */
export interface ConeObject {
  readonly survey: SurveyDescription;
  readonly objectId: string;
  readonly raDeg: number | null;
  readonly decDeg: number | null;
  /** Distance to the cone's centre (arcsec). */
  readonly separationArcsec: number | null;
  readonly lastJd: number | null;
  readonly brightness: string;
}

/**
 * The objects of a cone answer of one survey, one per object (the row nearest the centre).
 * @returns objects sorted by separation, nearest first.
 */
export function coneObjects(survey: SurveyDescription, rows: readonly ApiRow[]): ConeObject[] {
  const byId = new Map<string, ConeObject>();
  for (const row of rows) {
    const objectId = survey.objectIdOf(row);
    if (objectId === null) continue;
    const separationDeg = num(row['v:separation_degree']);
    const separationArcsec = separationDeg === null ? null : separationDeg * 3600;
    const seen = byId.get(objectId);
    if (seen && (seen.separationArcsec ?? Infinity) <= (separationArcsec ?? Infinity)) continue;
    const at = survey.positionOf(row);
    byId.set(objectId, {
      survey,
      objectId,
      raDeg: at?.raDeg ?? null,
      decDeg: at?.decDeg ?? null,
      separationArcsec,
      lastJd: survey.jdOf(row),
      brightness: survey.brightnessOf(row),
    });
  }
  return [...byId.values()].sort(
    (a, b) => (a.separationArcsec ?? Infinity) - (b.separationArcsec ?? Infinity),
  );
}
