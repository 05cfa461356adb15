/**
 * The catalog version after a publication or a compaction, whatever the survey: the parts, and the statistics,
 * staged versions and last publication (the previous ones where the change gives none), written and switched to
 * atomically (data/catalog.ts). Call under the publication lock.
 */
import type { Catalog, PartEntry, StoreLayout } from '../../data/index.js';
import { writeCatalog } from '../../data/index.js';

/** What a new catalog version changes. */
export interface CatalogChange {
  readonly parts: readonly PartEntry[];
  readonly statistics?: Catalog['statistics'];
  readonly stagedVersions?: Catalog['stagedVersions'];
  readonly lastPublication?: Catalog['lastPublication'];
}

/** Writes the version after `previous` with `change` and `objectIndex` (relative path or null); returns it. */
export function switchCatalog(
  layout: StoreLayout,
  previous: Catalog,
  change: CatalogChange,
  objectIndex: string | null,
): number {
  const version = previous.version + 1;
  writeCatalog(layout, {
    version,
    publishedAt: new Date().toISOString(),
    parts: change.parts,
    statistics: change.statistics ?? previous.statistics,
    objectIndex,
    stagedVersions: change.stagedVersions ?? previous.stagedVersions ?? {},
    lastPublication: change.lastPublication ?? previous.lastPublication,
  });
  return version;
}
