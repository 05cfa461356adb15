/** `skyalert ingest`: files, directories, tarballs, or a Kafka consumer group, into the store's staging. */
import os from 'node:os';
import type { Logger } from 'pino';
import { isSurvey, isValidIngesterId, StoreLayout, type Survey } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { cpuSeconds, peakRssMiB } from '../resources.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

export interface IngestArgs {
  store?: string;
  /** ztf or lsst (default: detected from the inputs). */
  survey?: string;
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

/** The `--survey` value: ztf or lsst; undefined when not given. */
export function parseSurveyOption(text: string | undefined): Survey | undefined {
  if (text === undefined) return undefined;
  if (!isSurvey(text)) throw new UsageError(`--survey must be ztf or lsst: ${text}`);
  return text;
}

/** Runs a file ingestion and prints its summary; returns the process exit code. */
export async function runIngestFiles(args: IngestArgs, inputs: string[], log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const ingesterId = args.ingester ?? defaultIngesterId();
  if (!isValidIngesterId(ingesterId))
    throw new Error(`--ingester must match [A-Za-z0-9_.-]{1,64}: ${ingesterId}`);
  const publish = !args['no-publish'];
  const survey = parseSurveyOption(args.survey);
  const summary = await ingestFiles(layout, inputs, { ingesterId, log, publish, compact: publish, survey });
  const published = summary.published;
  log.info({ ...summary, published: published.length, store: layout.root }, 'ingest finished');
  console.log(
    `ingest: ${summary.files} files, ${summary.read} records read, ${summary.staged} staged, ` +
      `${summary.duplicates} duplicates, ${summary.quarantined} quarantined, ${published.length} nights published ` +
      `in ${summary.seconds.toFixed(1)} s (${Math.round(summary.ratePerSecond)} alerts/s), peak RSS ${peakRssMiB()} MiB, CPU ${cpuSeconds().toFixed(1)} s`,
  );
  // an empty input is not an error (ZTF publishes an empty archive for a night without observations), but says so
  for (const file of summary.emptyInputs)
    console.error(`skyalert ingest: warning: no alerts found in ${file}`);
  return 0;
}
