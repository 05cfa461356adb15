/**
 * Views across the surveys a server serves: the objects of every store within a cone (one table with a survey
 * column), and an object's counterpart in the other surveys (the nearest object within
 * {@link COUNTERPART_RADIUS_ARCSEC}). Each store is asked through its own public `conesearch`.
 * Reference: docs/portal.md ("Surveys").
 */
import { getRowsExact } from '../lib/exact-json.js';
import { jdText } from '../lib/results.js';
import { objectPath, type StoreEntry, storeEndpoint } from '../lib/stores.js';
import {
  COUNTERPART_RADIUS_ARCSEC,
  type ConeObject,
  coneObjects,
  surveyDescription,
} from '../lib/surveys.js';
import { useLoad } from '../lib/use-api.js';
import { type Column, DataTable } from './data-table.js';
import { ErrorBox, Loading, Notice } from './status.js';

/** A cone: centre (deg, ICRS) and radius (arcsec). */
export interface ConeArgs {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly radiusArcsec: number;
}

/** An object of a store found in a cone. */
export interface StoreConeObject extends ConeObject {
  readonly store: StoreEntry;
}

/** The objects of each store within a cone, nearest first; a store that fails makes the whole load fail. */
export async function coneAcross(
  stores: readonly StoreEntry[],
  cone: ConeArgs,
  signal: AbortSignal,
): Promise<StoreConeObject[]> {
  const answers = await Promise.all(
    stores.map(async (store) => {
      const survey = surveyDescription(store.survey);
      const rows = await getRowsExact(
        storeEndpoint(store, 'conesearch'),
        {
          ra: cone.raDeg,
          dec: cone.decDeg,
          radius: cone.radiusArcsec,
          columns: survey.coneColumns.join(','),
        },
        signal,
        survey.quote,
      );
      return coneObjects(survey, rows).map((o) => ({ ...o, store }));
    }),
  );
  return answers.flat().sort((a, b) => (a.separationArcsec ?? Infinity) - (b.separationArcsec ?? Infinity));
}

const COLUMNS: readonly Column<StoreConeObject>[] = [
  {
    key: 'survey',
    label: 'Survey',
    render: (o) => o.survey.label,
    sortValue: (o) => o.survey.label,
  },
  {
    key: 'object',
    label: 'Object',
    render: (o) => <a href={objectPath(o.store, o.objectId)}>{o.objectId}</a>,
    sortValue: (o) => o.objectId,
  },
  {
    key: 'separation',
    label: 'Separation (″)',
    render: (o) => o.separationArcsec?.toFixed(2) ?? '',
    sortValue: (o) => o.separationArcsec,
  },
  { key: 'ra', label: 'RA (deg)', render: (o) => o.raDeg?.toFixed(5) ?? '', sortValue: (o) => o.raDeg },
  { key: 'dec', label: 'Dec (deg)', render: (o) => o.decDeg?.toFixed(5) ?? '', sortValue: (o) => o.decDeg },
  { key: 'last', label: 'Last alert (UTC)', render: (o) => jdText(o.lastJd), sortValue: (o) => o.lastJd },
  { key: 'brightness', label: 'Last brightness', render: (o) => o.brightness },
];

/** The objects of every survey served within a cone, in one table with a survey column. */
export function CrossSurveyCone({ stores, cone }: { stores: readonly StoreEntry[]; cone: ConeArgs }) {
  const loaded = useLoad(JSON.stringify([stores.map((s) => s.name), cone]), (signal) =>
    coneAcross(stores, cone, signal),
  );
  const surveys = [...new Set(stores.map((s) => surveyDescription(s.survey).label))].join(' and ');
  return (
    <section class="results panel" aria-label="All surveys">
      <h2>Every survey served ({surveys})</h2>
      {loaded.state === 'loading' ? <Loading what="the objects of every survey" /> : null}
      {loaded.state === 'error' ? (
        <ErrorBox title="The objects of every survey could not be read">{loaded.message}</ErrorBox>
      ) : null}
      {loaded.state === 'done' && loaded.value.length === 0 ? (
        <Notice>No object of any survey in this cone.</Notice>
      ) : null}
      {loaded.state === 'done' && loaded.value.length > 0 ? (
        <DataTable
          rows={loaded.value}
          columns={COLUMNS}
          label="Objects of every survey"
          rowKey={(o) => `${o.store.name}:${o.objectId}`}
          initialSort={{ key: 'separation' }}
        />
      ) : null}
    </section>
  );
}

/**
 * The counterparts of an object in the other stores: for each, the nearest object within
 * {@link COUNTERPART_RADIUS_ARCSEC} of the object's position, linked to its page, or a line saying there is none.
 */
export function Counterparts({
  others,
  raDeg,
  decDeg,
}: {
  /** The stores of the other surveys (none: nothing is shown). */
  others: readonly StoreEntry[];
  raDeg: number;
  decDeg: number;
}) {
  const cone = { raDeg, decDeg, radiusArcsec: COUNTERPART_RADIUS_ARCSEC };
  const loaded = useLoad(
    others.length === 0 ? null : JSON.stringify([others.map((s) => s.name), cone]),
    (signal) => coneAcross(others, cone, signal),
  );
  if (others.length === 0) return null;
  return (
    <section class="counterparts" aria-label="Counterparts">
      {others.map((store) => {
        const label = surveyDescription(store.survey).label;
        const nearest =
          loaded.state === 'done' ? loaded.value.find((o) => o.store.name === store.name) : undefined;
        return (
          <p key={store.name} class="counterpart">
            {label} counterpart: {loaded.state === 'loading' ? 'looking…' : null}
            {loaded.state === 'error' ? `not available (${loaded.message})` : null}
            {loaded.state === 'done' && nearest ? (
              <>
                <a href={objectPath(store, nearest.objectId)}>{nearest.objectId}</a> at{' '}
                {nearest.separationArcsec?.toFixed(2)}″
              </>
            ) : null}
            {loaded.state === 'done' && !nearest ? `none within ${COUNTERPART_RADIUS_ARCSEC}″` : null}
          </p>
        );
      })}
    </section>
  );
}
