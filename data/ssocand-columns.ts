/**
 * The column catalogue of the Solar System candidates that fink-fat links (`/api/v1/ssocand`): the orbits
 * (`orbParams`) and the linked detections (`lightcurves`), each column with its storage name, its name in the
 * fink-fat output files, type, unit, UCD and doc. The loader, the query and the API encoders read it.
 *
 * Reference: docs/references.md#ssocand-columns (orbParams), #ssocand-columns (lightcurves); docs/references.md#api-ssocand.
 */
import type { AvroScalar } from './column-types.js';
import type { FieldDef } from './derived-columns.js';

/** The two tables of candidates: orbital elements, and the detections of each trajectory. */
export type SsoCandKind = 'orbParams' | 'lightcurves';

/** The kinds, in the order the API documents them. */
export const SSOCAND_KINDS: readonly SsoCandKind[] = ['orbParams', 'lightcurves'];

/** One candidate column: an API field (`d:a`) with its storage name (`a`) and its fink-fat name (`a`). */
export interface SsoCandColumn extends FieldDef {
  /** Parquet column name in the store (fink-fat's name with ". " and " " turned into "_"); never request text. */
  readonly storage: string;
  /** Column name in fink-fat's `orbital.parquet` / `trajectory_orb.parquet`. */
  readonly source: string;
  readonly type: AvroScalar;
}

function column(source: string, type: AvroScalar, unit: string, ucd: string, doc: string): SsoCandColumn {
  const storage = source.replace(/\.? /g, '_');
  return { name: `d:${storage}`, family: 'd', storage, source, type, unit, ucd, doc };
}

const ID_DOC =
  'Trajectory id: FF, the UTC date (YYYYMMDD) of the orbit reference epoch, then a global counter as 7 letters ' +
  '(FF20230725aaaacgw); early fink-fat runs wrote FF + YYYY + 7 letters';

/** The orbital elements of one element and its 1-sigma column, from fink-fat's name, unit, UCD and meaning. */
function element(source: string, unit: string, ucd: string, doc: string): SsoCandColumn[] {
  return [
    column(source, 'double', unit, ucd, doc),
    column(
      `rms_${source}`,
      'double',
      unit,
      `stat.error;${ucd}`,
      `1-sigma uncertainty of ${source.replace(/\.? /g, '_')} (-1 when OrbFit gave none)`,
    ),
  ];
}

const ELEMENTS: readonly SsoCandColumn[] = [
  ...element('a', 'AU', 'phys.size.smajAxis', 'Semi-major axis of the heliocentric osculating orbit'),
  ...element('e', '', 'src.orbital.eccentricity', 'Eccentricity'),
  ...element('i', 'deg', 'src.orbital.inclination', 'Inclination to the mean ecliptic J2000'),
  ...element(
    'long. node',
    'deg',
    'src.orbital.node',
    'Longitude of the ascending node (mean ecliptic and equinox J2000)',
  ),
  ...element('arg. peric', 'deg', 'src.orbital.periastron', 'Argument of perihelion'),
  ...element('mean anomaly', 'deg', 'src.orbital.meanAnomaly', 'Mean anomaly at ref_epoch'),
];

/**
 * Orbit columns in API order: id, epoch, the six elements, their uncertainties, the fit quality. Elements are
 * heliocentric Keplerian, mean ecliptic and equinox J2000, fitted by OrbFit to the linked detections.
 */
export const SSOCAND_ORBIT_COLUMNS: readonly SsoCandColumn[] = [
  column('ssoCandId', 'string', '', 'meta.id;meta.main', ID_DOC),
  column(
    'ref_epoch',
    'double',
    'd',
    'time.epoch',
    'Osculating epoch of the elements, Julian date (TT; OrbFit MJD TDT + 2400000.5)',
  ),
  ...ELEMENTS.filter((c) => !c.source.startsWith('rms_')),
  ...ELEMENTS.filter((c) => c.source.startsWith('rms_')),
  column(
    'chi_reduced',
    'double',
    '',
    'stat.fit.chi2',
    'Sum of the OrbFit chi over the observations divided by their number (-1 when unavailable)',
  ),
];

/** Detection columns in API order (fink-fat's `ssnamenr`, `not_updated`, `last_assoc_date` are not kept). */
export const SSOCAND_LIGHTCURVE_COLUMNS: readonly SsoCandColumn[] = [
  column('ra', 'double', 'deg', 'pos.eq.ra;meta.main', 'Right ascension of the detection (J2000)'),
  column('dec', 'double', 'deg', 'pos.eq.dec;meta.main', 'Declination of the detection (J2000)'),
  column('jd', 'double', 'd', 'time.epoch;obs', 'Start of the exposure, Julian date (UTC)'),
  column('nid', 'int', '', 'meta.id;obs', 'ZTF night id'),
  column('fid', 'int', '', 'meta.id;instr.filter', 'Filter: 1 g, 2 r, 3 i'),
  column('magpsf', 'double', 'mag', 'phot.mag', 'PSF-fit magnitude of the difference image'),
  column('sigmapsf', 'double', 'mag', 'stat.error;phot.mag', '1-sigma uncertainty of magpsf'),
  column('candid', 'long', '', 'meta.id', 'Alert id (candidate id)'),
  column('objectId', 'string', '', 'meta.id', 'ZTF object id of the alert'),
  column(
    'assoc_tag',
    'string',
    '',
    'meta.code',
    'How the detection joined the trajectory: I intra-night tracklet seed, T tracklet associated to a ' +
      'trajectory, A new alert attached, O old observation attached, N new observation with an old one',
  ),
  column('ssoCandId', 'string', '', 'meta.id;meta.main', ID_DOC),
];

/** The columns of each kind. */
export const SSOCAND_COLUMNS: Readonly<Record<SsoCandKind, readonly SsoCandColumn[]>> = {
  orbParams: SSOCAND_ORBIT_COLUMNS,
  lightcurves: SSOCAND_LIGHTCURVE_COLUMNS,
};

const byName: ReadonlyMap<string, SsoCandColumn> = new Map(
  [...SSOCAND_ORBIT_COLUMNS, ...SSOCAND_LIGHTCURVE_COLUMNS].map((c) => [c.name, c]),
);

/** Looks up a candidate column by API name (`d:long_node`); undefined when neither kind has it. */
export function findSsoCandField(name: string): SsoCandColumn | undefined {
  return byName.get(name);
}

/** Candidate fields holding a Julian date in UTC (`d:ref_epoch` is TT, so it is not one). */
export const SSOCAND_JD_UTC_FIELDS: ReadonlySet<string> = new Set(['d:jd']);
