/**
 * The catalogue of API fields that are not stored alert columns: the `v:` values the service derives at query
 * time, the `d:tag` of upper-limit rows and the `b:` cutout stamps. Together with ALERT_COLUMNS (data/columns.ts)
 * it is the single source of type, unit, UCD and doc for every field an endpoint can return: the encoders,
 * `/api/v1/columns` and the OpenAPI document read both through {@link findField}.
 *
 * Reference: docs/references.md#api-column-naming (column naming), #api-columns (`columns`), #derived-fields (derived fields), #upper-limits (`d:tag`).
 */
import type { AvroScalar, ColumnFamily } from './column-types.js';
import { ALERT_COLUMNS } from './columns.js';

/** Type of an API field: an Avro scalar, or `array` for cutout stamps (2-D arrays of pixel values). */
export type FieldType = AvroScalar | 'array';

/** One API field as clients see it (stored or not). ColumnDef of data/columns.ts is one of these. */
export interface FieldDef {
  /** API name with its family prefix, e.g. `v:lapse`. */
  readonly name: string;
  readonly family: ColumnFamily;
  readonly type: FieldType;
  /** Unit in VOUnit spelling (`d`, `deg`, `mag`, `mag/d`), empty when dimensionless or not applicable. */
  readonly unit: string;
  /** IVOA UCD1+ word(s), empty when none fits. */
  readonly ucd: string;
  readonly doc: string;
  /**
   * The endpoints that add this field, when only some do (`v:separation_degree` comes with cone searches
   * only). Absent: the field comes with every alert table of full-column mode (or with `withupperlim` /
   * `withcutouts` for `d:tag` and `b:`).
   */
  readonly endpoints?: readonly string[];
}

function field(
  name: string,
  type: FieldType,
  unit: string,
  ucd: string,
  doc: string,
  endpoints?: readonly string[],
): FieldDef {
  const family = name.slice(0, 1) as ColumnFamily;
  return endpoints
    ? { name, family, type, unit, ucd, doc, endpoints }
    : { name, family, type, unit, ucd, doc };
}

/** The `objects` field saying whether the store holds an alert's stamps (docs/references.md#derived-fields). */
export const HAS_CUTOUTS_FIELD = 'v:hasCutouts';

const STAMP_DOC =
  '63x63 stamp of the %s image centred on the alert (pixel values, rows first), from the alert';

/** Derived, tag and cutout fields, in the order of docs/references.md#derived-fields, then `d:tag`, then the three stamps. */
export const DERIVED_COLUMNS: readonly FieldDef[] = [
  field(
    'v:classification',
    'string',
    '',
    'src.class',
    'Fink classification of the alert (a Fink label, a SIMBAD type, or Unknown), from the rule set of fink-filters',
  ),
  field('v:lastdate', 'string', '', 'time.epoch', 'Date of the alert (i:jd) in UTC, YYYY-MM-DD HH:MM:SS.sss'),
  field(
    'v:firstdate',
    'string',
    '',
    'time.start',
    'Date of the first detection of the object (i:jdstarthist) in UTC, YYYY-MM-DD HH:MM:SS.sss',
  ),
  field(
    'v:lapse',
    'double',
    'd',
    'time.duration',
    'Days between the first detection and the alert (i:jd - i:jdstarthist)',
  ),
  field(
    'v:constellation',
    'string',
    '',
    'meta.id;pos.eq',
    'Name of the IAU constellation that contains the alert position (i:ra, i:dec)',
  ),
  field(
    'v:rate',
    'double',
    'mag/d',
    'arith.rate;phot.mag',
    'Rate of change of i:magpsf since the previous alert of the same filter (NaN for the first alert of a filter)',
  ),
  field('v:sigma(rate)', 'double', 'mag/d', 'stat.error;phot.mag', 'Uncertainty of v:rate'),
  field(
    'v:g-r',
    'double',
    'mag',
    'phot.color',
    'g - r colour (i:magpsf) of the nearest g epoch matched to an r alert within 0.3 d',
  ),
  field('v:sigma(g-r)', 'double', 'mag', 'stat.error;phot.color', 'Uncertainty of v:g-r'),
  field(
    'v:rate(g-r)',
    'double',
    'mag/d',
    'arith.rate;phot.color',
    'Rate of change of v:g-r between consecutive matched g epochs',
  ),
  field('v:sigma(rate(g-r))', 'double', 'mag/d', 'stat.error;phot.color', 'Uncertainty of v:rate(g-r)'),
  field(
    'v:separation_degree',
    'double',
    'deg',
    'pos.angDistance',
    'Angular distance between the cone-search centre and the alert position',
    ['explorer', 'conesearch', 'xmatch', 'scs'],
  ),
  field(
    'v:jdstartgw',
    'double',
    'd',
    'time.epoch',
    'Julian date (UTC) of the gravitational-wave event (DATE-OBS of the sky map)',
    ['bayestar', 'skymap'],
  ),
  field(
    'v:prob_density',
    'double',
    'deg**-2',
    'stat.probability',
    'Probability density of the gravitational-wave sky map at the alert position (per square degree)',
    ['bayestar', 'skymap'],
  ),
  field(
    HAS_CUTOUTS_FIELD,
    'boolean',
    '',
    'meta.code',
    'True when the store holds the three stamps of the alert (/api/v1/cutouts draws them); false for an alert ' +
      'stored without stamps. Only when named in columns (the full answer stays as Fink answers)',
    ['objects'],
  ),
  field(
    'd:tag',
    'string',
    '',
    'meta.code.qual',
    'Kind of point with withupperlim: valid (alert), upperlim (non-detection) or badquality (failed quality cuts)',
  ),
  field('b:cutoutScience_stampData', 'array', '', 'phot.count;obs.image', STAMP_DOC.replace('%s', 'science')),
  field(
    'b:cutoutTemplate_stampData',
    'array',
    '',
    'phot.count;obs.image',
    STAMP_DOC.replace('%s', 'template (reference)'),
  ),
  field(
    'b:cutoutDifference_stampData',
    'array',
    '',
    'phot.count;obs.image',
    STAMP_DOC.replace('%s', 'difference'),
  ),
];

/** Every API field: the stored alert columns (`i:`, `d:`) then the derived, tag and cutout fields. */
export const ALL_FIELDS: readonly FieldDef[] = [...ALERT_COLUMNS, ...DERIVED_COLUMNS];

const byName: ReadonlyMap<string, FieldDef> = new Map(ALL_FIELDS.map((f) => [f.name, f]));

/** Looks up any API field by name (`i:ra`, `v:lapse`, `b:cutoutScience_stampData`); undefined when unknown. */
export function findField(name: string): FieldDef | undefined {
  return byName.get(name);
}

/**
 * Fields holding a Julian date in UTC (days; the ZTF exposure-start convention): VOTable output ties them to a
 * TIMESYS with timeorigin 0 and timescale UTC.
 *
 * Reference: VOTable 1.4 §3.2 (TIMESYS); docs/store.md (data conventions: `jd` is JD UTC).
 */
export const JD_UTC_FIELDS: ReadonlySet<string> = new Set([
  'i:jd',
  'i:jdstarthist',
  'i:jdendhist',
  'i:jdstartref',
  'i:jdendref',
  'd:jd_first_real_det',
  'v:jdstartgw',
]);
