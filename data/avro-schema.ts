/**
 * The Avro schema of a Fink-enriched ZTF 4.02 alert, as the simulator writes it and as Kafka producers and
 * consumers share it. Field order and types follow the real files: the ZTF alert (IPAC schema 4.02) followed by
 * the Fink science-module columns of the catalogue (data/columns.ts). Every field except the identifiers is a
 * nullable union `[type, "null"]` without a default, as in the Fink-written files
 * (docs/references.md#ztf-alert-schema), which avsc compiles as they are.
 */
import type { AvroScalar } from './column-types.js';
import { ALERT_COLUMNS, SCIENCE_FIELD_NAMES } from './columns.js';
import { ZTF_CANDIDATE_FIELDS } from './ztf-candidate-fields.js';

/** A JSON value (Avro schemas are JSON). */
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** One field of an Avro record schema. */
export interface AvroFieldSchema {
  readonly name: string;
  readonly type: Json;
  readonly doc?: string;
}

/** An Avro record schema. */
export interface AvroRecordSchema {
  readonly type: 'record';
  readonly name: string;
  readonly namespace?: string;
  readonly doc?: string;
  readonly fields: readonly AvroFieldSchema[];
}

/** Version of the ZTF alert schema written in `schemavsn`. */
export const ZTF_SCHEMA_VERSION = '4.02';

/**
 * The fields of a ZTF 4.02 `prv_candidate` (past detection or non-detection), in the order of the IPAC schema.
 * Types are those of the same field in the candidate record.
 */
export const ZTF_PRV_CANDIDATE_FIELD_NAMES: readonly string[] = [
  'jd',
  'fid',
  'pid',
  'diffmaglim',
  'pdiffimfilename',
  'programpi',
  'programid',
  'candid',
  'isdiffpos',
  'tblid',
  'nid',
  'rcid',
  'field',
  'xpos',
  'ypos',
  'ra',
  'dec',
  'magpsf',
  'sigmapsf',
  'chipsf',
  'magap',
  'sigmagap',
  'distnr',
  'magnr',
  'sigmagnr',
  'chinr',
  'sharpnr',
  'sky',
  'magdiff',
  'fwhm',
  'classtar',
  'mindtoedge',
  'magfromlim',
  'seeratio',
  'aimage',
  'bimage',
  'aimagerat',
  'bimagerat',
  'elong',
  'nneg',
  'nbad',
  'rb',
  'ssdistnr',
  'ssmagnr',
  'ssnamenr',
  'sumrat',
  'magapbig',
  'sigmagapbig',
  'ranr',
  'decnr',
  'scorr',
  'magzpsci',
  'magzpsciunc',
  'magzpscirms',
  'clrcoeff',
  'clrcounc',
  'rbversion',
];

const candidateType = new Map<string, AvroScalar>(ZTF_CANDIDATE_FIELDS.map(([name, type]) => [name, type]));
const candidateDoc = new Map<string, string>(ZTF_CANDIDATE_FIELDS.map(([name, , , doc]) => [name, doc]));

function nullable(name: string, type: AvroScalar, doc?: string): AvroFieldSchema {
  return doc ? { name, type: [type, 'null'], doc } : { name, type: [type, 'null'] };
}

const CANDIDATE_SCHEMA: AvroRecordSchema = {
  type: 'record',
  name: 'candidate',
  namespace: 'ztf.alert',
  fields: ZTF_CANDIDATE_FIELDS.map(([name, type, , doc]) => nullable(name, type, doc)),
};

const PRV_CANDIDATE_SCHEMA: AvroRecordSchema = {
  type: 'record',
  name: 'prv_candidate',
  namespace: 'ztf.alert',
  fields: ZTF_PRV_CANDIDATE_FIELD_NAMES.map((name) => {
    const type = candidateType.get(name);
    if (!type) throw new Error(`prv_candidate field ${name} is not a ZTF candidate field`);
    return nullable(name, type, candidateDoc.get(name));
  }),
};

const CUTOUT_SCHEMA: AvroRecordSchema = {
  type: 'record',
  name: 'cutout',
  namespace: 'ztf.alert',
  fields: [
    { name: 'fileName', type: 'string' },
    { name: 'stampData', type: 'bytes', doc: 'gzipped FITS image, 63x63 pixels' },
  ],
};

/**
 * Fink science-module fields (`d:` columns of the catalogue but the later Fink fields of
 * data/fink-later-fields.ts), in catalogue order, with their Avro types.
 */
const ownScienceFields = new Set(SCIENCE_FIELD_NAMES);
export const FINK_SCIENCE_FIELDS: readonly (readonly [name: string, type: AvroScalar])[] =
  ALERT_COLUMNS.filter((c) => c.family === 'd' && ownScienceFields.has(c.storage.slice(2))).map(
    (c) => [c.storage.slice(2), c.type] as const,
  );

/**
 * Avro schema (JS object) of a Fink-enriched ZTF 4.02 alert: `schemavsn, publisher, objectId, candid, candidate,
 * prv_candidates, cutoutScience, cutoutTemplate, cutoutDifference`, then `fink_broker_version,
 * fink_science_version` and the science-module fields (`cdsxmatch, roid, mulens, rf_snia_vs_nonia, ...`).
 * Longs (`candid`, `pid`, ...) must be compiled with a BigInt long type (data/avro-long.ts).
 * Reference: ZTF Avro alert schema 4.02 (IPAC/Caltech); Fink distribution schema (fink-client `schemas/`).
 */
export const FINK_ZTF_SCHEMA: AvroRecordSchema = {
  type: 'record',
  name: 'alert',
  namespace: 'ztf',
  doc: 'Fink-enriched ZTF alert, schema 4.02',
  fields: [
    { name: 'schemavsn', type: 'string', doc: 'schema version used' },
    { name: 'publisher', type: 'string', doc: 'origin of alert packet' },
    { name: 'objectId', type: 'string', doc: 'object identifier or name' },
    { name: 'candid', type: 'long' },
    { name: 'candidate', type: CANDIDATE_SCHEMA as unknown as Json },
    {
      name: 'prv_candidates',
      type: [{ type: 'array', items: PRV_CANDIDATE_SCHEMA as unknown as Json }, 'null'],
    },
    { name: 'cutoutScience', type: [CUTOUT_SCHEMA as unknown as Json, 'null'] },
    { name: 'cutoutTemplate', type: ['ztf.alert.cutout', 'null'] },
    { name: 'cutoutDifference', type: ['ztf.alert.cutout', 'null'] },
    nullable('fink_broker_version', 'string'),
    nullable('fink_science_version', 'string'),
    ...FINK_SCIENCE_FIELDS.map(([name, type]) => nullable(name, type)),
  ],
};

/** FINK_ZTF_SCHEMA as JSON text: the exact text embedded in container headers and shared by Kafka clients. */
export const FINK_ZTF_SCHEMA_TEXT: string = JSON.stringify(FINK_ZTF_SCHEMA);
