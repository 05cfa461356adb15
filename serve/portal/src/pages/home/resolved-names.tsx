/**
 * A name resolved by the stores of a server of several surveys: one row per object each store's answer names, with
 * its survey and a link to its page in that store (a ZTF object page, an LSST diaObject page, a Solar System page).
 * A store that resolved the name into a position lists its objects within the search's radius there (its own
 * `conesearch`); one whose alerts carry the name (offline SIMBAD) lists those objects.
 * Reference: docs/portal.md ("Search").
 */
import { coneAcross } from '../../components/cross-survey.js';
import { type Column, DataTable } from '../../components/data-table.js';
import { ErrorBox, Loading } from '../../components/status.js';
import type { StoreResolved } from '../../lib/resolve-name.js';
import { objectPath, ssoPath } from '../../lib/stores.js';
import { surveyDescription } from '../../lib/surveys.js';
import { useLoad } from '../../lib/use-api.js';

/** One object a store's answer names (or the answer alone when it names none). */
interface NameHit {
  readonly resolved: StoreResolved;
  /** The object's id or designation, null when the store has no object there. */
  readonly object: string | null;
  readonly href: string | null;
  /** Distance to the resolved position (arcsec), when the object was found by a cone. */
  readonly separationArcsec: number | null;
}

/** The objects each store's answer names, in the order of the stores. */
async function nameHits(found: readonly StoreResolved[], signal: AbortSignal): Promise<NameHit[]> {
  const perStore = await Promise.all(
    found.map(async (resolved): Promise<NameHit[]> => {
      const { store, query } = resolved;
      const hit = (object: string, href: string, separationArcsec: number | null = null) => ({
        resolved,
        object,
        href,
        separationArcsec,
      });
      if (resolved.objectIds.length > 0)
        return resolved.objectIds.map((id) => hit(id, objectPath(store, id)));
      if (query.action === 'sso') return [hit(query.sso, ssoPath(store, query.sso))];
      if (query.action !== 'conesearch') return [];
      const objects = await coneAcross([store], query, signal);
      return objects.map((o) => hit(o.objectId, objectPath(store, o.objectId), o.separationArcsec));
    }),
  );
  return perStore.flatMap((hits, i) =>
    hits.length > 0 ? hits : [{ resolved: found[i], object: null, href: null, separationArcsec: null }],
  );
}

const COLUMNS: readonly Column<NameHit>[] = [
  {
    key: 'survey',
    label: 'Survey',
    render: (h) => surveyDescription(h.resolved.store.survey).label,
    sortValue: (h) => h.resolved.store.survey,
  },
  { key: 'via', label: 'Resolved as', render: (h) => h.resolved.via },
  {
    key: 'object',
    label: 'Object',
    render: (h) => (h.href === null ? 'none in this store' : <a href={h.href}>{h.object}</a>),
    sortValue: (h) => h.object,
  },
  {
    key: 'separation',
    label: 'Separation (″)',
    render: (h) => h.separationArcsec?.toFixed(2) ?? '',
    sortValue: (h) => h.separationArcsec,
  },
];

/** The objects a name names in every store that resolved it. */
export function ResolvedNames({ name, found }: { name: string; found: readonly StoreResolved[] }) {
  const loaded = useLoad(JSON.stringify(found), (signal) => nameHits(found, signal));
  return (
    <section class="results panel resolved-names" aria-label="Name in every survey">
      <h2>{name} in every survey served</h2>
      {loaded.state === 'loading' ? <Loading what={`the objects named ${name}`} /> : null}
      {loaded.state === 'error' ? (
        <ErrorBox title={`The objects named ${name} could not be read`}>{loaded.message}</ErrorBox>
      ) : null}
      {loaded.state === 'done' ? (
        <DataTable
          rows={loaded.value}
          columns={COLUMNS}
          label="Objects of the name"
          rowKey={(h, i) => `${h.resolved.store.name}:${h.object ?? ''}:${i}`}
        />
      ) : null}
    </section>
  );
}
