/**
 * Publishes several nights, two at a time (the publication worker and the calling thread: parts are built
 * outside the publication lock), then compacts the store (every publication path ends here).
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { publishBesideWorker } from './background-publisher.js';
import { type CompactResult, compactStore } from './compact.js';
import type { PublishResult } from './publish-night.js';

/** Publishes `nights` then compacts. @throws Error naming the first night that failed (the others are published). */
export async function publishNights(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
): Promise<{ published: PublishResult[]; compaction: CompactResult }> {
  const { results: published, errors } = await publishBesideWorker(layout, nights, log);
  if (errors.length > 0) {
    const { night, error } = errors[0];
    throw new Error(`publication of night ${night} failed: ${error}`);
  }
  const compaction = await compactStore(layout, log);
  return { published, compaction };
}
