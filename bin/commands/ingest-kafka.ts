/** `skyalert ingest --kafka`: the long-running consumer. */
import fs from 'node:fs';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { isValidIngesterId, readStoreSurvey, StoreLayout } from '../../data/index.js';
import { openSchemaSource, runKafkaIngest, SchemaSourceError } from '../../ingest/index.js';
import { type MetricsServer, startMetricsServer } from '../metrics-server.js';
import { cpuSeconds, peakRssMiB } from '../resources.js';
import { resolveStoreDir } from '../store-option.js';
import { defaultIngesterId, type IngestArgs, parseSurveyOption } from './ingest.js';
import { UsageError } from './usage-error.js';

/** Default publication schedule: 14:00 UTC daily, after the night ends at Palomar (ZTF). */
export const DEFAULT_PUBLISH_CRON = '0 14 * * *';

export interface KafkaArgs extends IngestArgs {
  'exit-when-idle'?: string;
  'publish-on-exit'?: boolean;
  'session-timeout'?: string;
  'metrics-port'?: string;
  'schema-registry'?: string;
  'schema-dir'?: string;
}

export async function runIngestKafka(args: KafkaArgs, log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const brokers = (args.kafka ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new UsageError('--kafka needs at least one broker (host:port)');
  let topics: string[] | RegExp;
  if (args['topic-pattern']) {
    try {
      topics = new RegExp(args['topic-pattern']);
    } catch (err) {
      throw new UsageError(`--topic-pattern is not a valid regular expression: ${(err as Error).message}`);
    }
  } else if (args.topic)
    topics = args.topic
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else throw new UsageError('give --topic T or --topic-pattern RE with --kafka');
  const ingesterId = args.ingester ?? defaultIngesterId();
  if (!isValidIngesterId(ingesterId))
    throw new UsageError(`--ingester must match [A-Za-z0-9_.-]{1,64}: ${ingesterId}`);
  const cronText = args['publish-cron'] ?? DEFAULT_PUBLISH_CRON;
  const publishCron = cronText === 'off' ? null : cronText;
  if (publishCron && !cron.validate(publishCron))
    throw new UsageError(`--publish-cron is not a valid cron expression: ${publishCron}`);
  let idle: number | null = null;
  if (args['exit-when-idle'] !== undefined) {
    idle = Number(args['exit-when-idle']);
    if (!Number.isFinite(idle) || idle <= 0)
      throw new UsageError('--exit-when-idle takes a number of seconds > 0');
  }
  let sessionTimeoutMs: number | undefined;
  if (args['session-timeout'] !== undefined) {
    sessionTimeoutMs = Number(args['session-timeout']);
    if (!Number.isInteger(sessionTimeoutMs) || sessionTimeoutMs < 1000) {
      throw new UsageError('--session-timeout takes milliseconds >= 1000');
    }
  }
  const schemaText = args.schema ? fs.readFileSync(args.schema, 'utf8') : undefined;
  // Rubin's stream: Confluent-framed messages whose writer schemas come from a registry or a directory
  const schemaRegistry = args['schema-registry'];
  const schemaDir = args['schema-dir'];
  const survey =
    parseSurveyOption(args.survey) ??
    (schemaRegistry !== undefined || schemaDir !== undefined ? 'lsst' : (readStoreSurvey(layout) ?? 'ztf'));
  let schemas: ReturnType<typeof openSchemaSource> | undefined;
  if (survey === 'lsst') {
    try {
      schemas = openSchemaSource({ schemaRegistry, schemaDir });
    } catch (err) {
      if (err instanceof SchemaSourceError) throw new UsageError(err.message);
      throw err;
    }
  } else if (schemaRegistry !== undefined || schemaDir !== undefined)
    throw new UsageError('--schema-registry and --schema-dir are for LSST streams (--survey lsst)');
  let metrics: Registry | undefined;
  let metricsServer: MetricsServer | undefined;
  if (args['metrics-port'] !== undefined) {
    const port = Number(args['metrics-port']);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--metrics-port must be 0-65535: ${args['metrics-port']}`);
    metrics = new Registry();
    collectDefaultMetrics({ register: metrics });
    metricsServer = await startMetricsServer(metrics, port);
    log.info({ port: metricsServer.port }, 'metrics served at /metrics');
  }
  const summary = await runKafkaIngest(layout, {
    brokers,
    topics,
    groupId: args.group ?? 'skyalert',
    ingesterId,
    schemaText,
    survey,
    schemas,
    publishCron,
    publishOnExit: Boolean(args['publish-on-exit']),
    exitWhenIdleSeconds: idle,
    sessionTimeoutMs,
    log,
    metrics,
  }).finally(() => metricsServer?.close());
  log.info(summary, 'kafka ingest finished');
  // a consumer that could not leave its group may keep sockets open: end the process once the summary is out
  setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
  console.log(
    `ingest: ${summary.read} records read, ${summary.staged} staged, ${summary.duplicates} duplicates, ` +
      `${summary.quarantined} quarantined in ${summary.seconds.toFixed(1)} s (${Math.round(summary.ratePerSecond)} alerts/s), peak RSS ${peakRssMiB()} MiB, CPU ${cpuSeconds().toFixed(1)} s`,
  );
  return 0;
}
