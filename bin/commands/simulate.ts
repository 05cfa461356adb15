/** `skyalert simulate`: simulated Fink-enriched ZTF alerts to Avro files or a Kafka topic. */
import path from 'node:path';
import type { Logger } from 'pino';
import { runSimulate } from '../../ingest/simulate/index.js';
import { UsageError } from './usage-error.js';

export interface SimulateArgs {
  out?: string;
  nights?: string;
  'alerts-per-night'?: string;
  seed?: string;
  start?: string;
  kafka?: string;
  topic?: string;
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
