/**
 * `skyalert simulate`: generates simulated Fink-enriched ZTF 4.02 alerts night by night (streaming: only the
 * current night's plan and a 30-day history are kept in memory) and writes them as Avro container files
 * `<outDir>/<YYYYMMDD>/alerts-<NNNN>.avro`, or produces them to a Kafka topic (one one-record container per
 * message, key = objectId). Always writes the asteroids' orbits to `<outDir>/MPCORB.DAT`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { formatMpcorbLine } from '../../compute/sso/index.js';
import { isValidNight } from '../../compute/time/index.js';
import { FINK_ZTF_SCHEMA_TEXT } from '../../data/index.js';
import { AlertEncoder, compileFinkSchema } from './alert-encoder.js';
import { type ContainerCodec, ContainerEncoder } from './container-writer.js';
import { AvroFileSink } from './file-sink.js';
import { KafkaAlertSink } from './kafka-sink.js';
import {
  type AlertParts,
  AlertSimulation,
  alertRecord,
  assembleAlert,
  HISTORY_DAYS,
  mpcorbOrder,
  StampPool,
} from './model/index.js';
import { checkRunCounts } from './run-counts.js';

export { AlertEncoder, compileFinkSchema } from './alert-encoder.js';
export { ContainerEncoder, encodeContainer } from './container-writer.js';
export { runSimulateLsst, type SimulateLsstOptions, type SimulateLsstResult } from './lsst/index.js';

/** Options of runSimulate. */
export interface SimulateOptions {
  /** Output directory (created); receives the night directories and MPCORB.DAT. */
  readonly outDir: string;
  readonly nights: number;
  readonly alertsPerNight: number;
  readonly seed: number;
  /** First night, YYYY-MM-DD (UTC date). */
  readonly startNight: string;
  /** Produce to Kafka instead of writing Avro files. */
  readonly kafka?: {
    readonly brokers: string[];
    readonly topic: string;
    /** Messages per produce request (default 500). */
    readonly batchSize?: number;
    /** Each produce request to one partition, in turn, instead of by key (see KafkaSinkOptions). */
    readonly batchPerPartition?: boolean;
  };
  readonly log: Logger;
  /** Called after each alert with the number done and the total. */
  readonly progress?: (done: number, total: number) => void;
  /** Codec of the Avro files (default 'null'). */
  readonly codec?: ContainerCodec;
  /** Alerts per Avro file (default 2000). */
  readonly maxAlertsPerFile?: number;
}

/** What a run produced. */
export interface SimulateResult {
  readonly nights: number;
  readonly alerts: number;
  /** Avro files written (empty with Kafka), then MPCORB.DAT. */
  readonly files: string[];
  /** Asteroids written to MPCORB.DAT. */
  readonly asteroids: number;
  readonly seconds: number;
}

/** Parses YYYY-MM-DD into YYYYMMDD; throws RangeError for anything else. */
export function parseStartNight(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const night = m ? Number(m[1] + m[2] + m[3]) : Number.NaN;
  if (!isValidNight(night)) throw new RangeError(`startNight must be a YYYY-MM-DD date, got "${text}"`);
  return night;
}

/** A sink for alerts. */
interface Sink {
  beginNight(night: number): Promise<void>;
  write(parts: AlertParts): Promise<void>;
  /** Forgets what it cached of alerts older than a JD. */
  pruneBefore?(jd: number): void;
  close(): Promise<void>;
}

/**
 * Runs the simulator. Deterministic: the same options give byte-identical files.
 * Throws RangeError for invalid counts or dates; rethrows file-system and Kafka errors.
 */
export async function runSimulate(options: SimulateOptions): Promise<SimulateResult> {
  const log = options.log.child({ component: 'ingest.simulate' });
  const startNight = parseStartNight(options.startNight);
  checkRunCounts(options);
  const t0 = performance.now();
  await fs.mkdir(options.outDir, { recursive: true });
  const sim = new AlertSimulation({
    seed: options.seed,
    startNight,
    nights: options.nights,
    alertsPerNight: options.alertsPerNight,
  });
  const stamps = new StampPool(options.seed);
  let fileSink: AvroFileSink | null = null;
  let sink: Sink;
  if (options.kafka) {
    const kafka = new KafkaAlertSink({
      brokers: options.kafka.brokers,
      topic: options.kafka.topic,
      encoder: new ContainerEncoder(FINK_ZTF_SCHEMA_TEXT),
      log,
      batchSize: options.kafka.batchSize,
      batchPerPartition: options.kafka.batchPerPartition,
    });
    await kafka.connect();
    const encoder = new AlertEncoder();
    sink = {
      beginNight: async () => {},
      write: (parts) => kafka.write(parts.objectId, encoder.encode(parts)),
      pruneBefore: (jd) => encoder.pruneBefore(jd),
      close: () => kafka.close(),
    };
  } else {
    const files = new AvroFileSink({
      outDir: options.outDir,
      type: compileFinkSchema(),
      seed: options.seed,
      codec: options.codec,
      maxAlertsPerFile: options.maxAlertsPerFile,
    });
    fileSink = files;
    sink = {
      beginNight: (n) => files.beginNight(n),
      write: (parts) => files.write(alertRecord(parts)),
      close: () => files.close(),
    };
  }

  const total = options.nights * options.alertsPerNight;
  const nights: number[] = [];
  let done = 0;
  try {
    for (let i = 0; i < options.nights; i++) {
      const tNight = performance.now();
      const plan = sim.planNight(i);
      nights.push(plan.night);
      if (nights.length > HISTORY_DAYS + 2) nights.shift();
      await sink.beginNight(plan.night);
      for (const det of plan.detections) {
        const parts = assembleAlert(det, nights, (n) => sim.scheduleOf(n), stamps);
        await sink.write(parts);
        done++;
        options.progress?.(done, total);
      }
      sink.pruneBefore?.(plan.schedule.jd0 - HISTORY_DAYS);
      const seconds = (performance.now() - tNight) / 1000;
      log.info(
        {
          night: plan.night,
          alerts: plan.detections.length,
          seconds,
          alertsPerSecond: Math.round(plan.detections.length / seconds),
        },
        'night simulated',
      );
    }
  } finally {
    await sink.close();
  }
  // the orbits of every asteroid cohort of the run (cohorts are drawn as the nights go)
  const mpcorbFile = path.join(options.outDir, 'MPCORB.DAT');
  const orbits = mpcorbOrder(sim.asteroids);
  await fs.writeFile(mpcorbFile, orbits.map((r) => `${formatMpcorbLine(r)}\n`).join(''));
  const seconds = (performance.now() - t0) / 1000;
  const files = [...(fileSink?.files ?? []), mpcorbFile];
  log.info(
    { nights: options.nights, alerts: done, asteroids: orbits.length, seconds, stampSets: stamps.size },
    'simulation done',
  );
  return { nights: options.nights, alerts: done, files, asteroids: orbits.length, seconds };
}
