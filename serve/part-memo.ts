/**
 * What the server derives from one published part (e.g. its flagged anomalies), kept for as long as the part is
 * published: parts are immutable, so the value of a part never changes, and a new catalog version only adds the
 * parts it publishes (or replaces compacted ones). The value is kept as a promise, so that concurrent requests
 * share one computation instead of each running it; a failed computation is forgotten (tried again next time).
 */
import type { Catalog, PartEntry } from '../data/index.js';
import type { StoreReader } from './store-reader.js';

export class PartMemo<T> {
  private readonly values = new Map<string, Promise<T>>();
  private version = -1;

  /** @param compute the value of one part (called once per part while it stays published). */
  constructor(private readonly compute: (part: PartEntry) => Promise<T>) {}

  /**
   * The value of `part` of `catalog`: the one kept, or a new computation. Values of parts that `catalog` no
   * longer publishes are dropped when a newer catalog version is first seen.
   */
  get(catalog: Catalog, part: PartEntry): Promise<T> {
    if (catalog.version > this.version) {
      const published = new Set(catalog.parts.map((p) => p.id));
      for (const id of this.values.keys()) if (!published.has(id)) this.values.delete(id);
      this.version = catalog.version;
    }
    const kept = this.values.get(part.id);
    if (kept !== undefined) return kept;
    const value = this.compute(part);
    this.values.set(part.id, value);
    value.catch(() => {
      if (this.values.get(part.id) === value) this.values.delete(part.id);
    });
    return value;
  }

  /** Parts whose value is kept or under way. */
  get size(): number {
    return this.values.size;
  }
}

/**
 * Computes the values of every part of each catalog version `reader` switches to (and of the one in use), in the
 * background, one part at a time, newest first: the parts of a night just published are ready before a request
 * asks, and a start-up's first requests do not wait for every part. Failures are left to the requests (which
 * compute again).
 */
export function keepWarm<T>(reader: StoreReader, memo: PartMemo<T>): void {
  reader.onCatalog((catalog) => {
    const parts = [...catalog.parts].sort((a, b) => Math.max(...b.nights) - Math.max(...a.nights));
    void (async () => {
      for (const part of parts) {
        if (!reader.isOpen || reader.current() !== catalog) return;
        await memo.get(catalog, part).catch(() => undefined);
      }
    })();
  });
}
