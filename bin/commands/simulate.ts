/** `skyalert simulate`: simulated Fink-enriched ZTF alerts, or LSST alerts (`--survey lsst`), to Avro files or a Kafka topic. */
import path from 'node:path';
import type { Logger } from 'pino';
import { runSimulate, runSimulateLsst } from '../../ingest/simulate/index.js';
import { UsageError } from './usage-error.js';

export interface SimulateArgs {
  out?: string;
  nights?: string;
  'alerts-per-night'?: string;
  seed?: string;
  start?: string;
  kafka?: string;
  topic?: string;
  survey?: string;
  'schema-registry'?: string;
  'schema-dir'?: string;
  'no-stamps'?: boolean;
}

function positiveInt(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive integer: ${text}`);
  return n;
}

export async function runSimulateCommand(args: SimulateArgs, log: Logger): Promise<number> {
  if (!args.out) throw new UsageError('--out DIR is required');
  const start = args.start ?? '2024-01-01';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || Number.isNaN(Date.parse(`${start}T00:00:00Z`))) {
    throw new UsageError(`--start must be YYYY-MM-DD: ${start}`);
  }
  if (args.kafka && !args.topic) throw new UsageError('--kafka needs --topic');
  const seed = args.seed === undefined ? 1 : Number(args.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer: ${args.seed}`);
  const survey = args.survey ?? 'ztf';
  if (survey !== 'ztf' && survey !== 'lsst') throw new UsageError(`--survey must be ztf or lsst: ${survey}`);
  const lsstOnly = (['schema-registry', 'schema-dir', 'no-stamps'] as const).filter(
    (k) => args[k] !== undefined,
  );
  if (survey === 'ztf' && lsstOnly.length > 0) throw new UsageError(`--${lsstOnly[0]} needs --survey lsst`);
  if ((args['schema-registry'] || args['schema-dir']) && !args.kafka) {
    throw new UsageError('--schema-registry and --schema-dir go with --kafka (files carry their schema)');
  }
  if (survey === 'lsst') return runLsst(args, start, seed, log);
  const result = await runSimulate({
    outDir: path.resolve(args.out),
    nights: positiveInt(args.nights, 'nights', 3),
    alertsPerNight: positiveInt(args['alerts-per-night'], 'alerts-per-night', 1000),
    seed,
    startNight: start,
    kafka: args.kafka
      ? { brokers: args.kafka.split(',').map((s) => s.trim()), topic: args.topic! }
      : undefined,
    log,
  });
  console.log(
    `simulate: ${result.alerts} alerts over ${result.nights} nights (${result.asteroids} asteroids) ` +
      `in ${result.seconds.toFixed(1)} s -> ${args.kafka ? `kafka topic ${args.topic}` : args.out}`,
  );
  return 0;
}

async function runLsst(args: SimulateArgs, start: string, seed: number, log: Logger): Promise<number> {
  const registry = args['schema-registry'];
  if (registry !== undefined && !/^https?:\/\/[^\s]+$/.test(registry)) {
    throw new UsageError(`--schema-registry must be an http(s) URL: ${registry}`);
  }
  const result = await runSimulateLsst({
    outDir: path.resolve(args.out as string),
    nights: positiveInt(args.nights, 'nights', 3),
    alertsPerNight: positiveInt(args['alerts-per-night'], 'alerts-per-night', 1000),
    seed,
    startNight: Number(start.replaceAll('-', '')),
    kafka: args.kafka
      ? {
          brokers: args.kafka.split(',').map((s) => s.trim()),
          topic: args.topic as string,
          schemaRegistry: registry,
          schemaDir: args['schema-dir'] === undefined ? undefined : path.resolve(args['schema-dir']),
        }
      : undefined,
    noStamps: args['no-stamps'] === true,
    log,
  });
  const where = args.kafka
    ? `kafka topic ${args.topic}, schema id ${result.schemaId} (${result.schemaLocation})`
    : args.out;
  console.log(
    `simulate: ${result.alerts} LSST alerts over ${result.nights} nights ` +
      `(${result.solarSystemAlerts} Solar System) in ${result.seconds.toFixed(1)} s -> ${where}`,
  );
  return 0;
}
