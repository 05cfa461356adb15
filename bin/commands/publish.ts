/** `skyalert publish`: publish staged nights into the store's catalog. */
import type { Logger } from 'pino';
import { isValidNight } from '../../compute/time/index.js';
import { StoreLayout } from '../../data/index.js';
import { compactStore, publishNights, stagedNights } from '../../ingest/publish/index.js';
import { peakRssMiB } from '../resources.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

export interface PublishArgs {
  store?: string;
  night?: string;
  all?: boolean;
  force?: boolean;
}

export async function runPublish(args: PublishArgs, log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  let nights: number[];
  if (args.all) nights = stagedNights(layout);
  else if (args.night !== undefined) {
    const night = Number(args.night);
    if (!/^\d{8}$/.test(args.night) || !isValidNight(night))
      throw new UsageError(`--night must be YYYYMMDD: ${args.night}`);
    nights = [night];
  } else throw new UsageError('give --night YYYYMMDD or --all');
  const started = Date.now();
  const { published, unchanged, compaction } = await publishNights(layout, nights, log, {
    force: args.force,
  });
  if (published.length === 0) {
    console.log(
      nights.length === 0
        ? 'publish: nothing to publish (no staged night)'
        : `publish: nothing to publish (${unchanged.length} nights staged, all already published; --force publishes them again)`,
    );
    return 0;
  }
  const alerts = published.reduce((s, r) => s + r.alerts, 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `publish: ${published.length} nights, ${alerts} alerts published in ${seconds.toFixed(1)} s` +
      (unchanged.length > 0 ? ` (${unchanged.length} unchanged nights left alone)` : '') +
      (compaction && compaction.createdParts > 0
        ? `; ${compaction.mergedParts} parts compacted into ${compaction.createdParts}`
        : '') +
      `, peak RSS ${peakRssMiB()} MiB`,
  );
  return 0;
}

export async function runCompact(args: { store?: string }, log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const r = await compactStore(layout, log);
  console.log(
    `compact: ${r.mergedParts} parts merged into ${r.createdParts}; ${r.removedParts} unused parts removed; catalog v${r.catalogVersion}`,
  );
  return 0;
}
