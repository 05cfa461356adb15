/**
 * `skyalert simulate --survey lsst`: generates simulated Rubin/LSST alerts night by night in the project's LSST
 * schema (schema.ts, `skyalert.lsst.v10_0`) and writes them as Avro container files
 * `<outDir>/<dayObs>/alerts-<NNNN>.avro` (schema in each header), or produces them to a Kafka topic in the
 * Confluent wire format with the schema registered in a schema registry or written as `<id>.avsc` into a schema
 * directory (default `<outDir>/schemas`), as Rubin's stream provides it.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { ContainerCodec } from '../container-writer.js';
import { AvroFileSink } from '../file-sink.js';
import { KafkaAlertSink } from '../kafka-sink.js';
import { checkRunCounts } from '../run-counts.js';
import { lsstAlertRecord } from './alert-record.js';
import { frameConfluent, LSST_SCHEMA_SUBJECT, registerSchema, writeSchemaFile } from './confluent.js';
import { LsstSimulation } from './planner.js';
import { compileLsstSchema, LSST_ALERT_SCHEMA_TEXT, LSST_SCHEMA_ID } from './schema.js';
import { LsstStampRenderer } from './stamps.js';

/** Options of runSimulateLsst. */
export interface SimulateLsstOptions {
  /** Output directory: the night directories, or (Kafka) the default schema directory. */
  readonly outDir: string;
  readonly nights: number;
  readonly alertsPerNight: number;
  readonly seed: number;
  /** First night (Rubin dayObs), YYYYMMDD. */
  readonly startNight: number;
  /** Produce to Kafka instead of writing Avro files. */
  readonly kafka?: {
    readonly brokers: readonly string[];
    readonly topic: string;
    /** Register the schema here (Confluent-compatible registry base URL) and frame with the id it answers. */
    readonly schemaRegistry?: string;
    /** Write `<id>.avsc` here (default `<outDir>/schemas` when no registry is given). */
    readonly schemaDir?: string;
    /** Messages per produce request (default 500). */
    readonly batchSize?: number;
    /** Each produce request to one partition in turn (KafkaAlertSink's `batchPerPartition`; the benchmark's). */
    readonly batchPerPartition?: boolean;
  };
  /** Leave the cutouts out (default false). */
  readonly noStamps?: boolean;
  readonly codec?: ContainerCodec;
  /** Alerts per Avro file (default 2000). */
  readonly maxAlertsPerFile?: number;
  readonly log: Logger;
}

/** What a run produced. */
export interface SimulateLsstResult {
  readonly nights: number;
  readonly alerts: number;
  /** Avro files written (empty with Kafka). */
  readonly files: readonly string[];
  /** Schema id the Kafka messages carry, and where the schema went (registry URL or .avsc path); null for files. */
  readonly schemaId: number | null;
  readonly schemaLocation: string | null;
  readonly solarSystemAlerts: number;
  readonly seconds: number;
}

/**
 * Runs the LSST simulator. Deterministic: the same options give byte-identical files and messages.
 * Throws RangeError for invalid counts; rethrows file-system, registry and Kafka errors.
 */
export async function runSimulateLsst(options: SimulateLsstOptions): Promise<SimulateLsstResult> {
  const log = options.log.child({ component: 'ingest.simulate.lsst' });
  checkRunCounts(options);
  const t0 = performance.now();
  const type = compileLsstSchema();
  const sim = new LsstSimulation({
    seed: options.seed,
    startNight: options.startNight,
    alertsPerNight: options.alertsPerNight,
  });
  let schemaId: number | null = null;
  let schemaLocation: string | null = null;
  let files: AvroFileSink | null = null;
  let kafka: KafkaAlertSink | null = null;
  if (options.kafka) {
    const k = options.kafka;
    if (k.schemaRegistry) {
      schemaId = await registerSchema(k.schemaRegistry, LSST_SCHEMA_SUBJECT, LSST_ALERT_SCHEMA_TEXT);
      schemaLocation = k.schemaRegistry;
    }
    if (k.schemaDir || !k.schemaRegistry) {
      schemaId ??= LSST_SCHEMA_ID;
      schemaLocation = await writeSchemaFile(
        k.schemaDir ?? path.join(options.outDir, 'schemas'),
        schemaId,
        LSST_ALERT_SCHEMA_TEXT,
      );
    }
    log.info({ schemaId, schemaLocation }, 'LSST schema published');
    kafka = new KafkaAlertSink({
      brokers: k.brokers,
      topic: k.topic,
      log,
      batchSize: k.batchSize,
      batchPerPartition: k.batchPerPartition,
    });
    await kafka.connect();
  } else {
    files = new AvroFileSink({
      outDir: options.outDir,
      type,
      schemaText: LSST_ALERT_SCHEMA_TEXT,
      seed: options.seed,
      codec: options.codec,
      maxAlertsPerFile: options.maxAlertsPerFile,
    });
  }
  const stamps = options.noStamps ? null : new LsstStampRenderer(options.seed);
  let alerts = 0;
  let solarSystemAlerts = 0;
  try {
    for (let i = 0; i < options.nights; i++) {
      const tNight = performance.now();
      const plan = sim.planNight(i);
      await files?.beginNight(plan.night);
      for (const a of plan.alerts) {
        const record = lsstAlertRecord(a, stamps);
        if (kafka && schemaId !== null) {
          const key = String(a.source?.diaObjectId ?? a.diaSourceId);
          await kafka.writeValue(key, frameConfluent(schemaId, type.toBuffer(record)));
        } else await files?.write(record);
        alerts++;
        if (a.sso) solarSystemAlerts++;
      }
      const seconds = (performance.now() - tNight) / 1000;
      log.info(
        { night: plan.night, visits: plan.visits, alerts: plan.alerts.length, seconds },
        'LSST night simulated',
      );
    }
  } finally {
    await files?.close();
    await kafka?.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  log.info({ nights: options.nights, alerts, solarSystemAlerts, seconds }, 'LSST simulation done');
  return {
    nights: options.nights,
    alerts,
    files: files?.files ?? [],
    schemaId,
    schemaLocation,
    solarSystemAlerts,
    seconds,
  };
}
