/**
 * Publishes several nights, two at a time (the publication worker and the calling thread: parts are built
 * outside the publication lock), then compacts the store (every publication path ends here).
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/store-layout.js';
import { BackgroundPublisher } from './background-publisher.js';
import { type CompactResult, compactStore } from './compact.js';
import type { PublishResult } from './publish-night.js';
import { BESIDE_WORKER_MEMORY } from './work.js';

/** Publishes `nights` then compacts. @throws Error naming the first night that failed (the others are published). */
export async function publishNights(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
): Promise<{ published: PublishResult[]; compaction: CompactResult }> {
  const publisher = new BackgroundPublisher(layout, log);
  for (const night of [...nights].sort((a, b) => a - b)) void publisher.enqueue(night);
  await publisher.helpHere(BESIDE_WORKER_MEMORY);
  await publisher.close();
  if (publisher.errors.length > 0) {
    const { night, error } = publisher.errors[0];
    throw new Error(`publication of night ${night} failed: ${error}`);
  }
  const compaction = await compactStore(layout, log);
  const published = [...publisher.results].sort((a, b) => a.night - b.night);
  return { published, compaction };
}
