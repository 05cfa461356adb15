/**
 * The single column catalogue of the alert store: every `i:` and `d:` field kept for each alert, with its
 * storage name, type, unit, UCD and doc. Staging, publication, the API encoders and `/api/v1/columns` all read it.
 */
import type { AvroScalar, ColumnDef, ColumnFamily, ColumnSource } from './column-types.js';
import { FINK_LATER_FIELDS } from './fink-later-fields.js';
import { ZTF_CANDIDATE_FIELDS } from './ztf-candidate-fields.js';

const UCD: Readonly<Record<string, string>> = {
  objectId: 'meta.id;meta.main',
  candid: 'meta.id',
  jd: 'time.epoch;obs',
  ra: 'pos.eq.ra;meta.main',
  dec: 'pos.eq.dec;meta.main',
  magpsf: 'phot.mag',
  sigmapsf: 'stat.error;phot.mag',
  diffmaglim: 'phot.mag;stat.max',
  fid: 'meta.id;instr.filter',
  magnr: 'phot.mag',
  sigmagnr: 'stat.error;phot.mag',
  jdstarthist: 'time.start',
  jdendhist: 'time.end',
  ssnamenr: 'meta.id',
  ssdistnr: 'pos.angDistance',
  distnr: 'pos.angDistance',
  rb: 'stat.probability',
  drb: 'stat.probability',
  classtar: 'src.class.starGalaxy',
  exptime: 'time.duration;obs.exposure',
};

/** Root-level alert fields (outside `candidate`). */
const ROOT_FIELDS: readonly (readonly [string, AvroScalar, string])[] = [
  ['objectId', 'string', 'Unique identifier of the object (ZTF object id)'],
  ['candid', 'long', 'Unique identifier of the alert (candidate id from the ZTF operations database)'],
  ['schemavsn', 'string', 'Version of the alert schema the packet was written with'],
  ['publisher', 'string', 'Origin of the alert packet'],
  [
    'fink_broker_version',
    'string',
    'Version of the broker software that processed the alert (enriched alerts)',
  ],
  [
    'fink_science_version',
    'string',
    'Version of the science modules that processed the alert (enriched alerts)',
  ],
];

/** Science-module outputs (`d:`), as written into Fink-enriched alerts; absent in raw ZTF alerts (null). */
const SCIENCE_FIELDS: readonly (readonly [string, AvroScalar, string, string])[] = [
  [
    'cdsxmatch',
    'string',
    '',
    'SIMBAD object type of the closest counterpart within 1.5 arcsec (Unknown when none)',
  ],
  ['roid', 'int', '', 'Solar System flag: 0 none, 1 candidate, 2 new SSO candidate, 3 known SSO (MPC)'],
  ['mulens', 'double', '', 'Microlensing score (above 0 when the event is microlensing-like)'],
  ['rf_snia_vs_nonia', 'double', '', 'Early SN Ia probability (random forest, active learning)'],
  ['snn_snia_vs_nonia', 'double', '', 'SN Ia versus non-Ia probability (SuperNNova)'],
  ['snn_sn_vs_all', 'double', '', 'SN versus all probability (SuperNNova)'],
  ['rf_kn_vs_nonkn', 'double', '', 'Kilonova probability (random forest)'],
  ['nalerthist', 'int', '', 'Number of detections in the alert history (current alert included)'],
  [
    'tracklet',
    'string',
    '',
    'Identifier of the satellite tracklet the alert belongs to (TRCK_YYYYMMDD_HHMMSS_NN)',
  ],
  ['DR3Name', 'string', '', 'Gaia DR3 name of the closest counterpart'],
  ['Plx', 'float', 'mas', 'Gaia DR3 parallax of the counterpart'],
  ['e_Plx', 'float', 'mas', 'Uncertainty of the Gaia DR3 parallax'],
  ['gcvs', 'string', '', 'GCVS variable-star type of the counterpart'],
  ['vsx', 'string', '', 'AAVSO VSX variable-star type of the counterpart'],
  ['x3hsp', 'string', '', '3HSP blazar counterpart'],
  ['x4lac', 'string', '', '4LAC blazar counterpart'],
  ['spicy_id', 'int', '', 'SPICY young stellar object id of the counterpart (-1 when none)'],
  ['spicy_class', 'string', '', 'SPICY young stellar object class'],
  ['anomaly_score', 'double', '', 'Anomaly score (lower is more anomalous)'],
  ['tns', 'string', '', 'TNS type of the counterpart when reported'],
  ['gaiaVarFlag', 'int', '', 'Gaia DR3 variability flag of the counterpart'],
  ['gaiaClass', 'string', '', 'Gaia DR3 class of the counterpart'],
  ['jd_first_real_det', 'double', 'd', 'JD of the first real detection in the history'],
  ['jdstarthist_dt', 'double', 'd', 'Time since the first detection'],
  ['mag_rate', 'double', 'mag/d', 'Magnitude rate of change'],
  ['sigma_rate', 'double', 'mag/d', 'Uncertainty of the magnitude rate'],
  ['lower_rate', 'double', 'mag/d', 'Lower bound of the magnitude rate'],
  ['upper_rate', 'double', 'mag/d', 'Upper bound of the magnitude rate'],
  ['delta_time', 'double', 'd', 'Time between the two points used for the rate'],
  ['from_upper', 'boolean', '', 'True when the rate uses an upper limit'],
];

function makeColumn(
  family: ColumnFamily,
  field: string,
  type: AvroScalar,
  unit: string,
  doc: string,
  from?: ColumnSource,
): ColumnDef {
  const column: ColumnDef = {
    name: `${family}:${field}`,
    storage: `${family}_${field}`,
    family,
    type,
    unit,
    ucd: UCD[field] ?? '',
    doc,
  };
  return from === undefined ? column : { ...column, from };
}

const candidateNames = new Set(ZTF_CANDIDATE_FIELDS.map(([name]) => name));

/**
 * Every stored alert column, `i:` then `d:`, in a fixed order (the order of stored rows and API output). Columns
 * are only ever appended (the later Fink fields last): a row document of an earlier catalogue is a prefix.
 */
export const ALERT_COLUMNS: readonly ColumnDef[] = [
  ...ROOT_FIELDS.map(([f, t, doc]) => makeColumn('i', f, t, '', doc)),
  ...ZTF_CANDIDATE_FIELDS.filter(([name]) => name !== 'candid').map(([f, t, unit, doc]) =>
    makeColumn('i', f, t, unit, doc),
  ),
  ...SCIENCE_FIELDS.map(([f, t, unit, doc]) => makeColumn('d', f, t, unit, doc)),
  ...FINK_LATER_FIELDS.map(([f, t, unit, doc, from]) => makeColumn('d', f, t, unit, doc, from)),
];

/**
 * Number of columns before the later Fink fields: row documents written before those fields were added hold
 * these columns only (data/alert-row-codec.ts reads them with the later fields null).
 */
export const EARLIER_ROW_COLUMNS = ALERT_COLUMNS.length - FINK_LATER_FIELDS.length;

/** Candidate-record field names (ZTF 4.02); `candid` is both root and candidate field and is stored once. */
export const CANDIDATE_FIELD_NAMES: ReadonlySet<string> = candidateNames;

/**
 * Science-module field names (without the `d:` prefix) of our own enriched schema (data/avro-schema.ts), which
 * the simulator writes: the later Fink fields (fink-later-fields.ts) are not among them.
 */
export const SCIENCE_FIELD_NAMES: readonly string[] = SCIENCE_FIELDS.map(([f]) => f);

const byName = new Map(ALERT_COLUMNS.map((c) => [c.name, c]));

/** Looks up a stored column by its API name (`i:magpsf`); undefined when the catalogue has no such column. */
export function findColumn(name: string): ColumnDef | undefined {
  return byName.get(name);
}

/** Index of each column in ALERT_COLUMNS, by storage name. */
export const COLUMN_INDEX: ReadonlyMap<string, number> = new Map(ALERT_COLUMNS.map((c, i) => [c.storage, i]));
