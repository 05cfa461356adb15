/**
 * LSST `/api/v1/schema`: the fields an LSST endpoint answers, by family, as Fink's route of that name
 * (`{"LSST original fields (r:)": {name without prefix: {type, doc}}, "Fink science module outputs (f:)": …}`),
 * built from the columns the store's tables actually hold, each with its Avro type and doc in the writer schema
 * of the store's alerts (recorded at staging: data/survey/lsst-field-docs.ts; the parquet type and an empty doc
 * for a column no writer schema documents), not from a download of Rubin's schema files; `statistics` lists the
 * fixed fields of its rows (serve/api/lsst/statistics.ts).
 *
 * Reference: fink-object-api apps/routes/v1/lsst/schema/{api,utils,test}.py; docs/api.md, "LSST API".
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  type LsstFieldDoc,
  type LsstFieldDocs,
  type LsstPartFile,
  type LsstRowTable,
  readLsstFieldDocs,
} from '../../../data/index.js';
import { LSST_STAMP_COLUMNS, type LsstTables } from '../../../data/queries/lsst/index.js';
import { endpointHandler } from '../../args/index.js';
import { columnType, SEPARATION_FIELD } from '../../lsst-fields.js';
import type { LsstStoreReader } from '../../lsst-store-reader.js';
import type { EndpointDoc } from '../../openapi.js';
import { choice } from '../cutouts.js';
import { START_GW_FIELD } from './skymap.js';
import { SSO_NAME_FIELD } from './sso.js';
import { LSST_STATISTICS_FIELDS } from './statistics.js';

/** The family names of the answer, by prefix, as Fink spells them (`v:`: the values Sky-alert adds). */
export const LSST_FAMILIES: Readonly<Record<string, string>> = {
  'r:': 'LSST original fields (r:)',
  'f:': 'Fink science module outputs (f:)',
  'b:': 'LSST original cutouts (b:)',
  'v:': 'Sky-alert added values (v:)',
};

/** The tables each endpoint answers from, the fields it adds, and the one prefix it lists when it has one. */
const ENDPOINT_TABLES: Readonly<
  Record<string, { tables: readonly LsstPartFile[]; extra: readonly string[]; only?: string }>
> = {
  '/api/v1/objects': { tables: ['objects'], extra: [] },
  '/api/v1/sources': { tables: ['sources'], extra: [] },
  '/api/v1/fp': { tables: ['fp'], extra: [] },
  '/api/v1/conesearch': { tables: ['sources', 'objects'], extra: [SEPARATION_FIELD] },
  '/api/v1/sso': { tables: ['sso'], extra: [SSO_NAME_FIELD] },
  '/api/v1/tags': { tables: ['sources'], extra: [] },
  '/api/v1/cutouts': { tables: [], extra: Object.values(LSST_STAMP_COLUMNS), only: 'b:' },
  '/api/v1/skymap': { tables: ['sources', 'objects'], extra: [START_GW_FIELD] },
  '/api/v1/statistics': { tables: [], extra: Object.keys(LSST_STATISTICS_FIELDS) },
};
const ENDPOINTS = Object.keys(ENDPOINT_TABLES);

const schema = z.object({
  endpoint: choice(ENDPOINTS).meta({
    description: `The endpoint whose fields to list: ${ENDPOINTS.join(', ')}`,
    examples: ['/api/v1/sources'],
  }),
});

/** The endpoint's entry in the LSST API index and OpenAPI. */
export const LSST_SCHEMA_ENDPOINT: EndpointDoc = {
  path: '/api/v1/schema',
  methods: ['GET', 'POST'],
  summary: 'The fields of an LSST endpoint by family (r:, f:, b:, v:) with their types',
  args: schema,
};

/** One field of the answer. */
type FieldEntry = LsstFieldDoc;

/** The alert tables (of the writer schema) each store table's columns come from, in order of precedence. */
const ROW_TABLES: Readonly<Record<LsstPartFile, readonly LsstRowTable[]>> = {
  sources: ['source', 'history'],
  objects: ['object'],
  fp: ['forced'],
  sso: ['sso', 'source', 'orbit'],
  cutouts: [],
};

const EXTRA_FIELDS: Readonly<Record<string, FieldEntry>> = {
  [SEPARATION_FIELD]: { type: 'double', doc: 'Angular distance from the cone centre (degrees)' },
  [SSO_NAME_FIELD]: {
    type: 'string',
    doc: 'Name of the object: its unpacked primary provisional designation',
  },
  [START_GW_FIELD]: { type: 'double', doc: 'Time of the gravitational-wave event (MJD TAI)' },
  ...Object.fromEntries(
    Object.entries(LSST_STAMP_COLUMNS).map(([kind, name]) => [
      name,
      { type: 'bytes', doc: `${kind} cutout: the FITS file as the alert carried it` },
    ]),
  ),
  ...LSST_STATISTICS_FIELDS,
};

/**
 * The families of `endpoint`'s fields over the store's tables (names sorted within a family), with the docs
 * recorded for the store's writer schemas.
 */
export function lsstSchemaBody(
  tables: LsstTables,
  endpoint: string,
  docs: LsstFieldDocs,
): Record<string, Record<string, FieldEntry>> {
  const spec = ENDPOINT_TABLES[endpoint];
  const fields = new Map<string, FieldEntry>();
  for (const t of spec.tables)
    for (const c of tables[t].columns) {
      if (fields.has(c.name) || c.name === 'v:hpix29') continue;
      const documented = ROW_TABLES[t].map((r) => docs[r].get(c.name)).find((d) => d !== undefined);
      fields.set(
        c.name,
        documented ?? { type: c.sqlType === 'BLOB' ? 'bytes' : columnType(c.sqlType), doc: '' },
      );
    }
  for (const name of spec.extra) fields.set(name, EXTRA_FIELDS[name]);
  const body: Record<string, Record<string, FieldEntry>> = {};
  for (const name of [...fields.keys()].sort()) {
    const family = LSST_FAMILIES[name.slice(0, 2)];
    if (family === undefined || (spec.only !== undefined && !name.startsWith(spec.only))) continue;
    body[family] ??= {};
    body[family][name.slice(2)] = fields.get(name)!;
  }
  return body;
}

/** The app, mounted at /api/v1/schema on an LSST store. */
export function lsstSchemaApp(reader: LsstStoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    return c.json(
      lsstSchemaBody(reader.snapshot().tables, args.endpoint, readLsstFieldDocs(reader.layout.root)),
    );
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
