/**
 * `/api/v1/classes`: the class names a `class` argument accepts, in Fink's three groups (Fink classifiers, with
 * the classes Fink selects from science-module values; TNS types prefixed `(TNS) `; SIMBAD labels prefixed
 * `(SIMBAD) `), each sorted case-insensitively, as an object of the three lists. Unlike the reference, the Fink
 * group also lists `Unknown`, which `latests` accepts (reference pitfall 17; docs/api.md).
 *
 * Reference: fink-object-api apps/routes/v1/ztf/classes/api.py @ 17051ca (keys, order, sorting) and
 * assets/fink_types.csv; docs/references.md#api-classes.
 */
import { Hono } from 'hono';
import {
  FINK_CLASSES,
  FINK_SELECTION_CLASSES,
  SIMBAD_LABELS,
  SIMBAD_PREFIX,
  TNS_PREFIX,
  TNS_TYPES,
  UNKNOWN_CLASS,
} from '../../data/index.js';
import type { EndpointDoc } from '../openapi.js';

/** Group names of the answer, as fink-object-api spells them (classes/api.py). */
export const CLASS_GROUPS = {
  fink: 'Fink classifiers',
  tns: 'Cross-match with TNS',
  simbad: 'Cross-match with SIMBAD (see http://simbad.u-strasbg.fr/simbad/sim-display?data=otypes)',
} as const;

/** Case-insensitive order, stable for names that differ only by case (`Blue` before `blue` as listed). */
function sortCaseInsensitive(names: readonly string[]): string[] {
  return [...names].sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** The body of `/api/v1/classes`: `{group: [names...]}` for the three groups, in that order. */
export function classNames(): Record<string, string[]> {
  return {
    [CLASS_GROUPS.fink]: sortCaseInsensitive([...FINK_CLASSES, ...FINK_SELECTION_CLASSES, UNKNOWN_CLASS]),
    [CLASS_GROUPS.tns]: sortCaseInsensitive(TNS_TYPES).map((t) => `${TNS_PREFIX}${t}`),
    [CLASS_GROUPS.simbad]: sortCaseInsensitive(SIMBAD_LABELS).map((l) => `${SIMBAD_PREFIX}${l}`),
  };
}

/** The endpoint's entry in the API index and OpenAPI. */
export const CLASSES_ENDPOINT: EndpointDoc = {
  path: '/api/v1/classes',
  methods: ['GET', 'POST'],
  summary: 'Class names accepted by `class` arguments: Fink classifiers, TNS types, SIMBAD labels',
};

/** The classes endpoint app, mounted at /api/v1/classes. GET and POST answer the same lists (no argument). */
export function classesApp(): Hono {
  const app = new Hono();
  const body = JSON.stringify(classNames());
  app.on(['GET', 'POST'], '/', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
  return app;
}
