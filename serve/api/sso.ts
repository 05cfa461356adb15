/**
 * `/api/v1/sso`: alerts of known Solar System objects (roid = 3) by name, number or designation, resolved offline
 * from the store's orbit catalogue; optionally with ephemerides computed here (observer I41), sHG1G2 residuals and
 * the stamps as arrays (docs/sso.md, docs/references.md#api-sso, #ephemeris-fields, #sso-name-resolution).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { findSsoAlerts } from '../../data/queries/index.js';
import { readReferencedAlerts } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, toApiAlertRows } from '../alert-rows.js';
import {
  booleanArg,
  endpointHandler,
  outputFormatArg,
  parseColumnSelection,
  splitList,
  stampKindArg,
} from '../args/index.js';
import { addStampArrays, stampField } from '../cutout-arrays.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import { objectReads } from '../object-reads.js';
import type { EndpointDoc } from '../openapi.js';
import { keepSsoAlertsWarm, ssoAlertsOf } from '../sso-alerts.js';
import { EPHEMERIS_FIELDS, withEphemerides, withShg1g2Residuals } from '../sso-fields.js';
import { resolveSsoTarget, type SsoTarget } from '../sso-targets.js';
import type { StoreReader } from '../store-reader.js';

/** Most objects in one request. */
export const MAX_SSO_OBJECTS = 100;
/** Most alerts in one answer (the most observed asteroids have a few thousand ZTF detections). */
export const MAX_SSO_ALERTS = 100_000;
/** Characters of a name, number or designation (letters, digits, space, / ( ) ' - . _). */
const SSO_ID = /^[\p{L}\p{N} /()'._-]{1,40}$/u;
/** Fields every record carries whatever `columns` says (as the reference adds `i:ssnamenr`). */
const ALWAYS: readonly string[] = ['i:ssnamenr'];
/** Alert fields the ephemerides and the residual fit need. */
const FIT_INPUTS: readonly string[] = ['i:jd', 'i:magpsf', 'i:sigmapsf', 'i:fid', 'i:ra', 'i:dec'];

const schema = z.object({
  n_or_d: z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], {
      message: 'a value for n_or_d is required (a name, number or designation, or a comma list of them)',
    })
    .meta({
      description:
        'Name, number or designation of an asteroid or comet (8467, Benoitcarry, 2010 JO69, 10P, C/2020 V2), or a ' +
        `comma-separated list of up to ${MAX_SSO_OBJECTS}`,
      examples: ['8467'],
    }),
  withEphem: booleanArg.optional().default(false).meta({
    description:
      'Add the ephemeris fields (computed offline for observer I41) in front of each record, and i:magpsf_red',
  }),
  withResiduals: booleanArg.optional().default(false).meta({
    description:
      'Add residuals_shg1g2 (observed minus sHG1G2 model, mag); implies withEphem; one object only',
  }),
  withcutouts: booleanArg
    .optional()
    .default(false)
    .meta({
      description: 'Add the stamp of each alert as a 2-D array in b:cutout<Kind>_stampData',
      aliases: ['withCutouts'],
    }),
  'cutout-kind': stampKindArg
    .optional()
    .default('Science')
    .meta({ description: 'Science, Template or Difference' }),
  columns: z.string().optional().meta({
    description: 'Comma-separated field names (unknown names ignored); i:ssnamenr is always returned',
  }),
  'output-format': outputFormatArg,
});

/** The sso endpoint's entry in the API index and OpenAPI (docs/references.md#api-sso). */
export const SSO_ENDPOINT: EndpointDoc = {
  path: '/api/v1/sso',
  methods: ['GET', 'POST'],
  summary:
    'Alerts of known asteroids and comets by name, number or designation, with ephemerides, sHG1G2 residuals, stamps',
  args: schema,
};

/** The requested ids: a comma list (or a JSON array / integer), trimmed, validated, at most MAX_SSO_OBJECTS. */
function requestedIds(value: string | number | (string | number)[]): string[] {
  const items = Array.isArray(value) ? value.map(String) : splitList(String(value));
  const ids = [...new Set(items.map((s) => s.trim()).filter((s) => s !== ''))];
  if (ids.length === 0)
    throw new ApiError(400, 'A value for `n_or_d` is required (a name, number or designation, e.g. 8467).');
  if (ids.length > MAX_SSO_OBJECTS)
    throw new ApiError(400, `At most ${MAX_SSO_OBJECTS} objects per request (got ${ids.length}).`);
  for (const id of ids) {
    if (!SSO_ID.test(id))
      throw new ApiError(
        400,
        `Invalid n_or_d ${JSON.stringify(id.slice(0, 40))}: give a name, number or designation (letters, digits, spaces, / ( ) ' - . _).`,
      );
  }
  return ids;
}

/** Keeps the fields of `names` (and the always-returned ones) of each row, in row order. */
function project(
  rows: readonly Record<string, unknown>[],
  keep: ReadonlySet<string>,
): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => keep.has(k))));
}

/** The sso endpoint app, mounted at /api/v1/sso. */
export function ssoApp(reader: StoreReader): Hono {
  const app = new Hono();
  keepSsoAlertsWarm(reader);
  const handler = endpointHandler(schema, async (c, args) => {
    const ids = requestedIds(args.n_or_d);
    const withResiduals = args.withResiduals;
    const withEphem = args.withEphem || withResiduals;
    const withCutouts = args.withcutouts;
    if (withResiduals && ids.length > 1)
      throw new ApiError(400, 'You cannot request residuals for a list of object names: give one object.');

    const targets: SsoTarget[] = [];
    for (const id of ids) {
      const target = await resolveSsoTarget(reader, id);
      if (target === null)
        throw new ApiError(
          400,
          `${id} is not a known name, number or designation: it is not in the orbit catalogue of this server ` +
            'and no alert carries it as ssnamenr.',
        );
      targets.push(target);
    }
    if (withEphem && new Set(targets.map((t) => t.kind)).size > 1)
      throw new ApiError(
        400,
        'With withEphem, ask for asteroids only or comets only: their ephemeris fields differ (comets have no colours).',
      );

    const selection = parseColumnSelection(args.columns, ALERT_V_FIELDS);
    const internal =
      selection.names === null
        ? selection
        : parseColumnSelection(
            [...selection.names, ...ALWAYS, ...(withEphem ? FIT_INPUTS : []), 'i:objectId', 'i:candid'].join(
              ',',
            ),
            ALERT_V_FIELDS,
          );
    const snapshot = reader.snapshot();
    const catalog = snapshot.catalog;
    const refs = await findSsoAlerts(
      catalog,
      targets.flatMap((t) => t.ssnamenrs),
      MAX_SSO_ALERTS + 1,
      ssoAlertsOf(reader, catalog),
    );
    if (refs.length > MAX_SSO_ALERTS)
      throw new ApiError(
        400,
        `More than ${MAX_SSO_ALERTS.toLocaleString('en-US')} alerts: ask for fewer objects.`,
      );
    const stored = await readReferencedAlerts(reader, refs, internal.stored);
    const alertRows = toApiAlertRows(stored, { selection: internal, colour: false }).sort(
      (a, b) => Number(b['i:jd']) - Number(a['i:jd']),
    );

    const notes: string[] = [];
    let rows: Record<string, unknown>[] = [];
    for (const target of targets) {
      const spellings = new Set(target.ssnamenrs);
      let own: Record<string, unknown>[] = alertRows.filter((r) => spellings.has(String(r['i:ssnamenr'])));
      for (const r of own) {
        r.sso_name = target.name;
        r.sso_number = target.number;
      }
      if (withEphem) {
        if (target.orbit === null) notes.push(`${target.label}: no orbit in the catalogue, no ephemerides`);
        own = withEphemerides(own, target.orbit);
      }
      if (withResiduals) {
        const outcome = withShg1g2Residuals(own);
        own = outcome.rows;
        if (outcome.reason) notes.push(`${target.label}: residuals_shg1g2 is NaN: ${outcome.reason}`);
      }
      rows = rows.concat(own);
    }
    if (withCutouts) {
      // Solar System alerts are mostly one per objectId: each object's stamps are one block read and one
      // stamps.bin read, without a query per object
      const kinds = [args['cutout-kind']];
      addStampArrays(rows, kinds, (objectId) =>
        objectReads(reader, snapshot, objectId, true).stamps(objectId, 'all', kinds),
      );
    }
    if (selection.names !== null) {
      const keep = new Set([
        ...EPHEMERIS_FIELDS,
        ...selection.names,
        ...ALWAYS,
        'sso_name',
        'sso_number',
        'i:magpsf_red',
        'residuals_shg1g2',
        stampField(args['cutout-kind']),
        ...(withCutouts ? ['i:objectId', 'i:candid'] : []),
      ]);
      rows = project(rows, keep);
    }
    if (notes.length > 0) c.header('X-Skyalert-Notes', notes.join('; ').replace(/[^\x20-\x7e]/g, '?'));
    return respondTable(c, rows, args['output-format'], `sso_${ids[0].replace(/\s+/g, '')}`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
