/**
 * Real Rubin alerts for `npm run bench:ingest -- --survey lsst --input real`: the topic holds N copies of Fink's 7
 * real LSST alerts (test/data/lsst/part-2-918301.avro, Fink's data transfer: Rubin's lsst.v10_0 sections plus
 * Fink's, ~231 KB per alert with its three stamps), taken round-robin. The simulator's alerts carry 0.4-2.3
 * prvDiaSources each where real ones carry hundreds of prvDiaSources and prvDiaForcedSources (303-391 and
 * 340-777 here), so the ingestion of simulated alerts alone says little of a real night's cost.
 *
 * Copy c (0, 1, 2, …) of an alert is made a distinct alert of a distinct object by adding c·10^9 to every
 * diaSource, diaForcedSource and diaObject id it carries (shiftLsstAlertIds); its Solar System sections (ssSource,
 * mpc_orbits, ssObjectId) are kept as they are, and a diaObjectId of 0 (a Solar System source without diaObject)
 * stays 0. All copies are of the real alerts' night (dayObs 2026-03-05). Each message is in Rubin's Kafka format
 * (Confluent wire format: byte 0, the schema id, the Avro datum in the container's writer schema), produced with
 * the simulator's Kafka sink; the schema is written into the schema directory as `<id>.avsc`, as the simulator does.
 */
import path from 'node:path';
import avro from 'avsc';
import type { Logger } from 'pino';
import { bigintLongType } from '../data/index.js';
// the simulator's producer (ingest/simulate does not re-export it from its index)
import { KafkaAlertSink } from '../ingest/simulate/kafka-sink.js';
import { frameConfluent, writeSchemaFile } from '../ingest/simulate/lsst/index.js';
import { readContainerWithSchema } from '../test/support/avro-container.js';

/** Fink's 7 real LSST alerts (from the project directory, where npm runs the benchmark: dist/ holds no test data). */
export const REAL_LSST_ALERTS_FILE = path.resolve('test', 'data', 'lsst', 'part-2-918301.avro');

/**
 * Schema id the messages carry: Fink's transfer schema is no Rubin schema, so not Rubin's id rule (10.0 → 1000) but
 * an id a registry could give it.
 */
export const FINK_TRANSFER_SCHEMA_ID = 42;

/** Added to the ids per copy: above the spread of the ids of one alert's history, far below 2^63 for any N. */
export const ID_SHIFT_PER_COPY = 1_000_000_000n;

type Row = Record<string, unknown>;

/** A long id plus the shift; null (absent) stays null. */
function shifted(id: unknown, shift: bigint): unknown {
  return typeof id === 'bigint' ? id + shift : id;
}

/** A diaObjectId plus the shift; 0 (a Solar System source without diaObject) and null stay as they are. */
function shiftedObject(id: unknown, shift: bigint): unknown {
  return typeof id === 'bigint' && id !== 0n ? id + shift : id;
}

/**
 * A copy of an LSST alert record (avsc's decoding, longs as BigInt) with `shift` added to the top-level
 * diaSourceId, diaSource.diaSourceId, every diaObjectId (diaObject, diaSource, prvDiaSources, prvDiaForcedSources;
 * 0 kept), prvDiaSources[].diaSourceId and prvDiaForcedSources[].diaForcedSourceId. Other fields (ssSource,
 * mpc_orbits, ssObjectId, parentDiaSourceId, Fink's sections) are shared with the input, which is not modified.
 */
export function shiftLsstAlertIds(alert: Row, shift: bigint): Row {
  const source = alert.diaSource as Row | null;
  const object = alert.diaObject as Row | null;
  const sources = alert.prvDiaSources as Row[] | null;
  const forced = alert.prvDiaForcedSources as Row[] | null;
  return {
    ...alert,
    diaSourceId: shifted(alert.diaSourceId, shift),
    diaSource: source && {
      ...source,
      diaSourceId: shifted(source.diaSourceId, shift),
      diaObjectId: shiftedObject(source.diaObjectId, shift),
    },
    diaObject: object && { ...object, diaObjectId: shiftedObject(object.diaObjectId, shift) },
    prvDiaSources:
      sources?.map((s) => ({
        ...s,
        diaSourceId: shifted(s.diaSourceId, shift),
        diaObjectId: shiftedObject(s.diaObjectId, shift),
      })) ?? null,
    prvDiaForcedSources:
      forced?.map((f) => ({
        ...f,
        diaForcedSourceId: shifted(f.diaForcedSourceId, shift),
        diaObjectId: shiftedObject(f.diaObjectId, shift),
      })) ?? null,
  };
}

/** The real alerts, ready to be copied: records, writer schema, and per alert its datum's bytes and history. */
export interface RealLsstAlerts {
  readonly records: readonly Row[];
  readonly schemaText: string;
  readonly type: avro.Type;
  /** Bytes of each alert's Confluent message (datum + 5). */
  readonly messageBytes: readonly number[];
  readonly prvDiaSources: readonly number[];
  readonly prvDiaForcedSources: readonly number[];
}

/** Reads the real alerts of an uncompressed Avro container (default: Fink's 7). Throws for an empty file. */
export async function loadRealLsstAlerts(file = REAL_LSST_ALERTS_FILE): Promise<RealLsstAlerts> {
  const { schemaText, records } = await readContainerWithSchema(file);
  if (records.length === 0) throw new Error(`${file} holds no alert`);
  const type = avro.Type.forSchema(JSON.parse(schemaText) as avro.Schema, {
    registry: { long: bigintLongType },
  });
  const length = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
  return {
    records,
    schemaText,
    type,
    messageBytes: records.map((r) => type.toBuffer(r).length + 5),
    prvDiaSources: records.map((r) => length(r.prvDiaSources)),
    prvDiaForcedSources: records.map((r) => length(r.prvDiaForcedSources)),
  };
}

/** Mean of a per-alert figure over `n` alerts taken round-robin from the real ones. */
export function roundRobinMean(perAlert: readonly number[], n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += perAlert[i % perAlert.length];
  return sum / Math.max(1, n);
}

/** What was produced. */
export interface RealAlertsProduced {
  readonly alerts: number;
  /** Alerts without diaObject (diaObjectId 0): Solar System sources. */
  readonly solarSystemAlerts: number;
  readonly schemaId: number;
  readonly schemaLocation: string;
}

/**
 * Produces `alerts` copies of the real alerts, round-robin (copy c = message index ÷ the number of real alerts), to
 * a topic in the Confluent wire format, key = diaObjectId (diaSourceId for a Solar System source), and writes the
 * schema as `<schemaDir>/<FINK_TRANSFER_SCHEMA_ID>.avsc`. Rethrows Kafka and file-system errors.
 */
export async function produceRealLsstAlerts(
  real: RealLsstAlerts,
  options: {
    readonly alerts: number;
    readonly brokers: readonly string[];
    readonly topic: string;
    readonly schemaDir: string;
    /** Messages per produce request. */
    readonly batchSize: number;
    /** Each produce request to one partition in turn (KafkaAlertSink's `batchPerPartition`). */
    readonly batchPerPartition: boolean;
    readonly log: Logger;
  },
): Promise<RealAlertsProduced> {
  const schemaLocation = await writeSchemaFile(options.schemaDir, FINK_TRANSFER_SCHEMA_ID, real.schemaText);
  const kafka = new KafkaAlertSink({
    brokers: options.brokers,
    topic: options.topic,
    log: options.log,
    batchSize: options.batchSize,
    batchPerPartition: options.batchPerPartition,
  });
  await kafka.connect();
  let solarSystemAlerts = 0;
  try {
    for (let i = 0; i < options.alerts; i++) {
      const copy = BigInt(Math.floor(i / real.records.length));
      const record = shiftLsstAlertIds(real.records[i % real.records.length], copy * ID_SHIFT_PER_COPY);
      const objectId = (record.diaSource as Row | null)?.diaObjectId;
      const isSolarSystem = objectId === 0n || objectId === null || objectId === undefined;
      if (isSolarSystem) solarSystemAlerts++;
      const key = String(isSolarSystem ? record.diaSourceId : objectId);
      await kafka.writeValue(key, frameConfluent(FINK_TRANSFER_SCHEMA_ID, real.type.toBuffer(record)));
    }
  } finally {
    await kafka.close();
  }
  return { alerts: options.alerts, solarSystemAlerts, schemaId: FINK_TRANSFER_SCHEMA_ID, schemaLocation };
}
