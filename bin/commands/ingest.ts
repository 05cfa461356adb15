/** `skyalert ingest`: files, directories, tarballs, or a Kafka consumer group, into the store's staging. */
import os from 'node:os';
import type { Logger } from 'pino';
import { isValidIngesterId, StoreLayout } from '../../data/store-layout.js';
import { compactStore } from '../../ingest/publish/compact.js';
import { ingestFiles } from '../../ingest/run-files.js';
import { peakRssMiB } from '../peak-rss.js';
import { resolveStoreDir } from '../store-option.js';

export const INGEST_HELP = `Usage: skyalert ingest --store DIR [FILE|DIR|TARBALL ...] [options]
       skyalert ingest --store DIR --kafka BROKERS (--topic T | --topic-pattern RE) --group G [options]

Decodes alerts (Avro containers of ZTF 3.2/3.3/4.02 or Fink-enriched alerts, .tar.gz nightly archives,
Spark/Fink parquet, API exports in parquet or json), stages them per night (idempotent on candid), quarantines bad input with its reason,
and publishes the touched nights at the end of a file ingestion.

Options:
  --store DIR            store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --ingester ID          name of this ingester's staging files (default: host name)
  --no-publish           stage only; publish later with 'skyalert publish'
  --kafka BROKERS        comma-separated bootstrap servers (host:port)
  --topic T              topic to consume (repeatable as a comma list)
  --topic-pattern RE     regular expression of topics to consume
  --group G              consumer group id (default: skyalert)
  --schema FILE          Avro schema (.avsc) of schemaless Kafka messages (ZTF messages embed theirs)
  --publish-cron EXPR    with Kafka: publish staged nights on this cron schedule (default: "0 14 * * *",
                         14:00 UTC, after the night ends at Palomar); "off" to disable
  --publish-on-exit      with Kafka: publish the staged nights when stopping
  --exit-when-idle S     with Kafka: stop cleanly after S seconds without messages (counted from the group join)
  --session-timeout MS   with Kafka: consumer group session timeout (default 10000)
  --help                 this text
`;

export interface IngestArgs {
  store?: string;
  ingester?: string;
  'no-publish'?: boolean;
  kafka?: string;
  topic?: string;
  'topic-pattern'?: string;
  group?: string;
  schema?: string;
  'publish-cron'?: string;
}

export function defaultIngesterId(): string {
  const host = os
    .hostname()
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 48);
  return isValidIngesterId(host) ? host : 'ingester';
}

/** Runs a file ingestion and prints its summary; returns the process exit code. */
export async function runIngestFiles(args: IngestArgs, inputs: string[], log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const ingesterId = args.ingester ?? defaultIngesterId();
  if (!isValidIngesterId(ingesterId))
    throw new Error(`--ingester must match [A-Za-z0-9_.-]{1,64}: ${ingesterId}`);
  const publish = !args['no-publish'];
  const summary = await ingestFiles(layout, inputs, { ingesterId, log, publish });
  if (publish) await compactStore(layout, log);
  const published = summary.published;
  log.info({ ...summary, published: published.length, store: layout.root }, 'ingest finished');
  console.log(
    `ingest: ${summary.files} files, ${summary.read} records read, ${summary.staged} staged, ` +
      `${summary.duplicates} duplicates, ${summary.quarantined} quarantined, ${published.length} nights published ` +
      `in ${summary.seconds.toFixed(1)} s (${Math.round(summary.ratePerSecond)} alerts/s), peak RSS ${peakRssMiB()} MiB`,
  );
  return 0;
}
