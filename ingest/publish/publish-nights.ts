/** Publishes several nights in order, then compacts the store (every publication path ends here). */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/store-layout.js';
import { type CompactResult, compactStore } from './compact.js';
import { type PublishResult, publishNight } from './publish-night.js';

export async function publishNights(
  layout: StoreLayout,
  nights: readonly number[],
  log: Logger,
): Promise<{ published: PublishResult[]; compaction: CompactResult }> {
  const published: PublishResult[] = [];
  for (const night of [...nights].sort((a, b) => a - b))
    published.push(await publishNight(layout, night, log));
  const compaction = await compactStore(layout, log);
  return { published, compaction };
}
