/** Help of the home search: what each query type accepts, with examples that run the search when clicked. */
import type { QueryType } from '../../lib/query-parse.js';

/** Label, placeholder, explanation and examples of each query type. */
export const QUERY_TYPES: readonly {
  readonly type: QueryType;
  readonly label: string;
  readonly placeholder: string;
  readonly help: string;
  readonly examples: readonly string[];
}[] = [
  {
    type: 'auto',
    label: 'Any (Fink syntax)',
    placeholder:
      'ZTF id, RA Dec, name (M31, AT2021co), class name, date, with r= last= class= after= before= window= trend=',
    help:
      "Fink's syntax: an object id (any case; a prefix lists objects), RA Dec (degrees or sexagesimal) or a name " +
      '(TNS, SIMBAD, Solar System, resolved by the server) with r=10 (arcsec; 2m, 0.5d), after=, before=, window= (days); ' +
      'class=… with last=, after=, before=, trend=rising|fading; a class name alone (SN candidate, RRLyr); last=50 alone ' +
      'for the latest alerts of every class; a date alone (2024-03-15) for that whole night; sso=8467 for one Solar ' +
      'System object, a number alone for every number starting with it.',
    examples: [],
  },
  {
    type: 'objectid',
    label: 'Object id',
    placeholder: 'ZTF21abfmbix, or a prefix such as ZTF21abf',
    help: 'A full ZTF id opens the object page; a prefix lists the matching objects.',
    examples: [],
  },
  {
    type: 'conesearch',
    label: 'Cone search',
    placeholder: 'RA Dec [radius]; [start date; window in days]',
    help:
      'RA and Dec in decimal degrees or sexagesimal (RA in hours: 12 55 17.2, 12:55:17.2, 12h55m17.2s; Dec in degrees: +02 53 50, +02:53:50, 2d53m50s). ' +
      'Radius in arcsec by default (default 10″), or with a unit: 2m (arcmin), 0.1d (deg); at most 5°. ' +
      'Optionally, after semicolons, only objects first detected in a window: a start date and a length in days (≤ 1).',
    examples: ['193.822 2.897 5', '12:55:17.2 +02:53:50.4 10', '12h55m17.2s +02d53m50.4s 1m'],
  },
  {
    type: 'daterange',
    label: 'Date range',
    placeholder: 'start date (ISO UTC, JD or MJD)[, window in days]',
    help:
      'Alerts emitted from the start date during the window (at most 1 day): a date alone is that whole night, a date ' +
      'and time 1 hour unless a window is given; the latest alert of each object.',
    examples: [],
  },
  {
    type: 'class',
    label: 'Class',
    placeholder: 'class name[, number of alerts]',
    help: 'The latest alerts of a class (default 100): a Fink class, a SIMBAD type (QSO or (SIMBAD) QSO), Unknown or allclasses.',
    examples: ['Early SN Ia candidate', 'Solar System MPC, 20', 'allclasses, 50'],
  },
  {
    type: 'sso',
    label: 'Solar System',
    placeholder: 'name, number or designation (8467, Benoitcarry, 2010 JO69); sso=8467 for the exact object',
    help:
      'A number alone is searched as a prefix: 8467 also offers 84673 … (among the objects with alerts here). ' +
      'Write sso=8467 to get only that object. Names and designations are matched exactly.',
    examples: [],
  },
  {
    type: 'tracklet',
    label: 'Tracklet',
    placeholder: 'TRCK_YYYYMMDD_HHMMSS_NN, or a prefix (TRCK_20240330)',
    help: 'Alerts of satellite glints and other fast movers linked into one tracklet.',
    examples: [],
  },
];

/**
 * The help of the chosen type, with clickable examples: those taken from the store when it gave some (they find
 * something here), else the fixed ones.
 */
export function QueryHelp({
  type,
  extraExamples,
  onExample,
}: {
  type: QueryType;
  extraExamples: readonly string[];
  onExample: (text: string) => void;
}) {
  const entry = QUERY_TYPES.find((t) => t.type === type) ?? QUERY_TYPES[0];
  const examples = extraExamples.length > 0 ? extraExamples : entry.examples;
  return (
    <div class="query-help" aria-live="polite">
      <p>{entry.help}</p>
      {examples.length > 0 ? (
        <p>
          Examples:{' '}
          {examples.map((example) => (
            <button key={example} type="button" class="example" onClick={() => onExample(example)}>
              {example}
            </button>
          ))}
        </p>
      ) : null}
    </div>
  );
}
