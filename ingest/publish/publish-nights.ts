/**
 * Publishes several nights, two groups at a time (the publication worker and the calling thread: parts are built
 * outside the publication lock), then compacts the store (every publication path ends here).
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { publishBesideWorker } from './background-publisher.js';
import { type CompactResult, compactStore } from './compact.js';
import type { PublishResult } from './publish-night.js';

/**
 * Publishes those of `nights` whose staged content changed since their last publication (all with `force`), then
 * compacts; with nothing to publish, nothing is done (the catalog stays as it is).
 * @throws Error naming the first night that failed (the others are published).
 */
export async function publishNights(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
  options: { force?: boolean } = {},
): Promise<{ published: PublishResult[]; unchanged: number[]; compaction: CompactResult | null }> {
  const {
    results: published,
    errors,
    unchanged,
  } = await publishBesideWorker(layout, nights, log, undefined, options);
  if (errors.length > 0) {
    const { night, error } = errors[0];
    throw new Error(`publication of night ${night} failed: ${error}`);
  }
  const compaction = published.length > 0 ? await compactStore(layout, log) : null;
  return { published, unchanged, compaction };
}
