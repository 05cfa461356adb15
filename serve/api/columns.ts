/**
 * `/api/v1/columns` (alias of `/api/v1/schema`): every field an alert answer holds, by family (`i:` alert fields, `b:` cutouts, `d:`
 * science-module outputs and tags, `v:` derived values), each with its type and doc, plus unit and UCD where the
 * catalogue knows them. Read from the single field catalogue (data/columns.ts, data/derived-columns.ts) that the
 * encoders use. Fields that only some endpoints add (`v:separation_degree`, `v:jdstartgw`) are listed apart, under
 * `endpointFields`, so that `fields` lists exactly what a full-column `objects` answer holds (docs/references.md#api-columns).
 *
 * Reference: docs/references.md#api-columns (body shape, family names, names without prefix, sorted by name; Fink's test).
 */
import { Hono } from 'hono';
import type { ColumnFamily } from '../../data/index.js';
import { ALL_FIELDS, type FieldDef } from '../../data/index.js';
import type { EndpointDoc } from '../openapi.js';

/** Group names of the answer by family, as the reference spells them. */
export const FIELD_GROUPS: Readonly<Record<ColumnFamily, string>> = {
  i: 'ZTF original fields (i:)',
  b: 'ZTF original cutouts (b:)',
  d: 'Fink science module outputs (d:)',
  v: 'Fink on-the-fly added values (v:)',
};

/** One field of the answer; `unit` and `ucd` only when known. */
export interface FieldSummary {
  readonly type: string;
  readonly doc: string;
  readonly unit?: string;
  readonly ucd?: string;
  /** For endpoint-specific fields: the endpoints that add them. */
  readonly endpoints?: readonly string[];
}

function summary(f: FieldDef): FieldSummary {
  return {
    type: f.type,
    doc: f.doc,
    ...(f.unit ? { unit: f.unit } : {}),
    ...(f.ucd ? { ucd: f.ucd } : {}),
    ...(f.endpoints ? { endpoints: f.endpoints } : {}),
  };
}

const byName = (a: FieldDef, b: FieldDef) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The body of `/api/v1/columns`: `{"fields": {group: {name without prefix: {type, doc, unit?, ucd?}}},
 * "endpointFields": {API name: {..., endpoints}}}`, each group sorted by name (code-point order).
 */
export function columnsBody(): {
  fields: Record<string, Record<string, FieldSummary>>;
  endpointFields: Record<string, FieldSummary>;
} {
  const fields: Record<string, Record<string, FieldSummary>> = {};
  for (const family of ['i', 'b', 'd', 'v'] as const) {
    const members = ALL_FIELDS.filter((f) => f.family === family && !f.endpoints).sort(byName);
    fields[FIELD_GROUPS[family]] = Object.fromEntries(members.map((f) => [f.name.slice(2), summary(f)]));
  }
  const extra = ALL_FIELDS.filter((f) => f.endpoints).sort(byName);
  return { fields, endpointFields: Object.fromEntries(extra.map((f) => [f.name, summary(f)])) };
}

/** The endpoint's entry in the API index and OpenAPI. */
export const COLUMNS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/columns',
  methods: ['GET', 'POST'],
  summary: 'Alias of /api/v1/schema: every field by family (i:, b:, d:, v:) with its type, doc, unit and UCD',
};

/**
 * The columns endpoint app, mounted at /api/v1/columns: an alias of /api/v1/schema (the four families at the top
 * level, as Fink answers). GET and POST answer the same catalogue. The fields only some endpoints add are in
 * {@link columnsBody}'s `endpointFields` (docs/api.md lists them with their endpoints).
 */
export function columnsApp(): Hono {
  const app = new Hono();
  const body = JSON.stringify(columnsBody().fields);
  app.on(['GET', 'POST'], '/', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
  return app;
}
