/**
 * `npm run bench:ingest -- --survey lsst`: Rubin's stream end to end on the project's test broker (issue 24, §4:
 * ≥ 5,000 LSST alerts/s from Kafka on 2 cores, peak RSS ≤ 1.5 GB). The LSST simulator (`skyalert simulate --survey
 * lsst`) produces its alerts to a topic in the Confluent wire format, its schema (`skyalert.lsst.v10_0`) written
 * into a schema directory as Rubin's id rule names it; then `skyalert ingest --kafka … --schema-dir DIR` consumes
 * the topic into a fresh store (decode, stage), and publishes the staged nights on exit, once per run (each run a
 * new consumer group reading the topic from its start). Rates count from the consumer's group join: to its last
 * batch staged (consumption), and to its exit after publishing (end to end), without the idle wait that ends it.
 * Before the ingester, the Kafka client alone (kafkajs with the ingester's settings, every message dropped) reads
 * the topic: the rate no ingestion through that client can pass on the machine (bench/kafka-client-alone.ts). The
 * ingester's CPU per alert (all its threads) gives the other bound: 2 cores / CPU per alert.
 * The decode-only rates of simulated alerts and of Fink's 7 real LSST alerts (test/data/lsst), with the
 * generated reader and with avsc's generic decoding, are measured in this process first (one core).
 * `input: 'real'` fills the topic with copies of those 7 real alerts instead of simulated ones, each made a distinct
 * alert of a distinct object (bench/lsst-real-alerts.ts): hundreds of prvDiaSources and prvDiaForcedSources per
 * alert, as Rubin's stream carries, where the simulator's carry a few. The rest of the benchmark is the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import {
  decodeLsstDatum,
  decompressBlock,
  LsstSchemaCache,
  readBlock,
  readHeader,
} from '../ingest/decode/index.js';
import { runSimulateLsst } from '../ingest/simulate/index.js';
import { MAX_FETCH_BYTES } from '../ingest/sources/index.js';
import { startBroker } from '../test/support/kafka-broker.js';
import { type ClientAloneRun, consumeWithClientAlone } from './kafka-client-alone.js';
import {
  loadRealLsstAlerts,
  produceRealLsstAlerts,
  REAL_LSST_ALERTS_FILE,
  roundRobinMean,
} from './lsst-real-alerts.js';
import { median, runCli, succeeded } from './run-cli.js';

/** What the topic holds: the simulator's alerts, or copies of Fink's 7 real LSST alerts (one night). */
export type LsstBenchInput = 'simulated' | 'real';

/** Options of the LSST ingestion benchmark. */
export interface LsstIngestBenchOptions {
  readonly input: LsstBenchInput;
  readonly alerts: number;
  /** Nights of simulated alerts (real alerts are all of their one night). */
  readonly nights: number;
  readonly runs: number;
  /** Working directory (schema directory, decode-only input, stores). */
  readonly work: string;
}

const TOPIC = 'bench-lsst';
/**
 * Bytes per produce request, each request to one partition: ~1 MB (10 simulated alerts of ~105 KB with their three
 * stamps, 5 real ones of ~231 KB), what a Kafka broker's fetch returns per partition by default. The test broker
 * keeps ~5 MiB per partition (test/kafka-broker/README.md): the topic gets a partition per 4 MB of alerts.
 */
const BATCH_BYTES = 1e6;
const PARTITION_BYTES = 4e6;
/** Bytes of a simulated alert's message, for the sizes above (a real alert's are measured). */
const SIMULATED_ALERT_BYTES = 110e3;
/**
 * Seconds without messages after which the consumer stops (not counted in the rates): long enough that a fetch
 * round on a loaded machine is not taken for the end of the topic (at load 35 on 2 cores, twice, the first fetch
 * of 83 partitions had not arrived 10 s after the group join).
 */
const IDLE_SECONDS = 20;
/**
 * The consumer's Kafka session timeout: 30 s rather than the ZTF benchmark's 3 s, which a loaded machine misses
 * (heartbeats late at load 30 on 2 cores): the group then rebalances and batches are fetched again. (With 45 s,
 * Kafka's default, the consumer joined the test broker's group but fetched nothing.)
 */
const SESSION_TIMEOUT_MS = 30_000;
const log = pino({ level: 'warn' });

/** Decode-only rates (alerts/s, one core) of the alerts of an LSST container file, both ways. */
function decodeOnly(file: string): { generated: number; avsc: number; history: number[]; forced: number[] } {
  const bytes = fs.readFileSync(file);
  const header = readHeader(bytes);
  if (header === null) throw new Error(`${file} is not an Avro container`);
  const schema = new LsstSchemaCache().get(header.schemaText);
  if (schema.reader === null) throw new Error('the generator does not take the simulator schema');
  const blocks: { data: Buffer; count: number }[] = [];
  for (let pos = header.end; pos < bytes.length; ) {
    const block = readBlock(bytes, pos, header.sync);
    if (block === null) throw new Error(`${file}: truncated block at byte ${pos}`);
    blocks.push({ data: decompressBlock(header.codec, block.data), count: block.count });
    pos = block.end;
  }
  const history: number[] = [];
  const forced: number[] = [];
  const rate = (withAvsc: boolean): number => {
    let n = 0;
    const started = performance.now();
    // at least 2 s of decoding, the whole file each time
    while (performance.now() - started < 2000) {
      for (const { data, count } of blocks) {
        let at = 0;
        for (let i = 0; i < count; i++) {
          const read = decodeLsstDatum(schema, data, at, { withAvsc });
          if (!read.outcome.ok) throw new Error(read.outcome.reason);
          at = read.next;
          n++;
        }
      }
    }
    return n / ((performance.now() - started) / 1000);
  };
  // the history lengths
  for (const { data, count } of blocks) {
    let at = 0;
    for (let i = 0; i < count; i++) {
      const read = decodeLsstDatum(schema, data, at);
      if (read.outcome.ok) {
        history.push(read.outcome.alert.history.length);
        forced.push(read.outcome.alert.forced.length);
      }
      at = read.next;
    }
  }
  // twice each, alternated: the generated functions are optimised during the first round
  rate(false);
  rate(true);
  return { generated: rate(false), avsc: rate(true), history, forced };
}

/** The load average over the last minute (`uptime`), as a figure of how shared the machine was. */
function loadAverage(): number {
  return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

/** Runs the benchmark; prints progress and returns the report. */
export async function benchLsstIngest(options: LsstIngestBenchOptions): Promise<Record<string, unknown>> {
  const { input, alerts, nights, runs, work } = options;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const alertsPerNight = Math.ceil(alerts / nights);
  const loads: number[] = [loadAverage()];

  // decode only: the last night of a short run as a container file
  const sample = await runSimulateLsst({
    outDir: path.join(work, 'decode-sample'),
    nights,
    alertsPerNight: Math.min(alertsPerNight, 100),
    seed: 7,
    startNight: 20260301,
    log,
  });
  const decode = decodeOnly(sample.files.at(-1) ?? '');
  const mean = (v: readonly number[]): number => v.reduce((s, n) => s + n, 0) / Math.max(1, v.length);
  const meanHistory = mean(decode.history);
  console.log(
    `decode only (one core, last night of ${sample.alerts} alerts, ${meanHistory.toFixed(1)} prvDiaSources per alert): ` +
      `generated reader ${Math.round(decode.generated)}/s, avsc ${Math.round(decode.avsc)}/s`,
  );
  // real alerts: Fink's LSST transfer of test/data (7 alerts, 303-391 prvDiaSources per diaObject alert)
  const real = decodeOnly(REAL_LSST_ALERTS_FILE);
  console.log(
    `decode only (one core, Fink's 7 real LSST alerts): generated reader ${Math.round(real.generated)}/s, avsc ${Math.round(real.avsc)}/s`,
  );

  // the topic's input: its alerts' history and the bytes of a message, which size the requests and partitions
  const realAlerts = input === 'real' ? await loadRealLsstAlerts() : null;
  const history = realAlerts
    ? {
        prvDiaSources: roundRobinMean(realAlerts.prvDiaSources, alerts),
        prvDiaForcedSources: roundRobinMean(realAlerts.prvDiaForcedSources, alerts),
      }
    : { prvDiaSources: meanHistory, prvDiaForcedSources: mean(decode.forced) };
  const alertBytes = realAlerts ? roundRobinMean(realAlerts.messageBytes, alerts) : SIMULATED_ALERT_BYTES;
  const batchSize = Math.ceil(BATCH_BYTES / alertBytes);
  const partitions = Math.max(8, Math.ceil((alerts * alertBytes) / PARTITION_BYTES));
  const broker = await startBroker([`${TOPIC}:${partitions}`], { brokers: 3 });
  const schemaDir = path.join(work, 'schemas');
  try {
    const producing = performance.now();
    console.log(
      `producing ${alerts} ${input} LSST alerts (${realAlerts ? 'one night' : `${nights} nights`}, ` +
        `${history.prvDiaSources.toFixed(1)} prvDiaSources and ${history.prvDiaForcedSources.toFixed(1)} prvDiaForcedSources per alert) ` +
        `to ${partitions} partitions, ${batchSize} per request`,
    );
    const kafka = {
      brokers: broker.bootstrap.split(','),
      topic: TOPIC,
      schemaDir,
      batchSize,
      batchPerPartition: true,
    };
    const produced = realAlerts
      ? await produceRealLsstAlerts(realAlerts, { ...kafka, alerts, log })
      : await runSimulateLsst({
          outDir: path.join(work, 'kafka-sim'),
          nights,
          alertsPerNight,
          seed: 7,
          startNight: 20260301,
          kafka,
          log: pino({ level: 'info' }, { write: (line: string) => reportNight(line) }),
        });
    const producerSeconds = (performance.now() - producing) / 1000;
    console.log(
      `  produced ${produced.alerts} alerts (${produced.solarSystemAlerts} Solar System) in ${producerSeconds.toFixed(0)} s, ` +
        `schema id ${produced.schemaId} in ${produced.schemaLocation}`,
    );
    // the bound: the same client with the ingester's settings, dropping every message
    const alone: ClientAloneRun[] = [];
    /** CPU seconds of the test broker during each run (it shares the machine's cores). */
    const aloneBrokerCpu: number[] = [];
    const brokerCpu: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const brokerCpuBefore = broker.cpuSeconds();
      alone.push(
        await consumeWithClientAlone({
          bootstrap: broker.bootstrap,
          topic: TOPIC,
          messages: produced.alerts,
          groupId: `bench-lsst-alone-${run}`,
          maxFetchBytes: MAX_FETCH_BYTES.lsst,
          sessionTimeoutMs: SESSION_TIMEOUT_MS,
        }),
      );
      const a = alone[alone.length - 1];
      aloneBrokerCpu.push(broker.cpuSeconds() - brokerCpuBefore);
      console.log(
        `client alone ${run} (kafkajs, messages dropped): ${Math.round(a.ratePerSecond)}/s, ` +
          `${(a.bytes / 1e6 / a.seconds).toFixed(0)} MB/s, ${((a.cpuSeconds / a.messages) * 1000).toFixed(2)} ms of CPU per alert ` +
          `(the broker: ${aloneBrokerCpu.at(-1)?.toFixed(1)} s of CPU)`,
      );
    }
    const consumeRates: number[] = [];
    const endToEndRates: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const store = path.join(work, 'store');
      fs.rmSync(store, { recursive: true, force: true });
      let joinedAt = 0;
      let stoppingAt = 0;
      loads.push(loadAverage());
      const brokerCpuBefore = broker.cpuSeconds();
      const consumer = await runCli(
        [
          'ingest',
          '--store',
          store,
          '--kafka',
          broker.bootstrap,
          '--topic',
          TOPIC,
          '--group',
          `bench-lsst-${run}`,
          '--schema-dir',
          schemaDir,
          '--publish-on-exit',
          '--publish-cron',
          'off',
          '--exit-when-idle',
          String(IDLE_SECONDS),
          '--session-timeout',
          String(SESSION_TIMEOUT_MS),
        ],
        { SKYALERT_LOG_LEVEL: 'debug' },
        (text) => {
          if (!joinedAt && (text.includes('joined the group') || text.includes('Consumer has joined')))
            joinedAt = performance.now();
          if (!stoppingAt && text.includes('stopping: finishing the batch')) stoppingAt = performance.now();
          reportProgress(text);
        },
      );
      const exitedAt = performance.now();
      succeeded(consumer, 'the LSST Kafka consumer (skyalert ingest --kafka --schema-dir)');
      const staged = Number(/(\d+) staged/.exec(consumer.stdout)?.[1] ?? 0);
      if (!joinedAt || !stoppingAt)
        throw new Error(`the consumer did not join or stop: ${consumer.stderrTail}`);
      if (staged !== produced.alerts)
        throw new Error(
          `the Kafka consumer staged ${staged} of ${produced.alerts} alerts; its last log lines:\n${consumer.stderrTail}`,
        );
      consumeRates.push(staged / ((stoppingAt - joinedAt) / 1000 - IDLE_SECONDS));
      endToEndRates.push(staged / ((exitedAt - joinedAt) / 1000 - IDLE_SECONDS));
      rss.push(consumer.peakRssMiB ?? -1);
      cpu.push(consumer.cpuSeconds ?? -1);
      brokerCpu.push(broker.cpuSeconds() - brokerCpuBefore);
      loads.push(loadAverage());
      console.log(
        `run ${run}: consumption ${Math.round(consumeRates.at(-1) ?? 0)}/s, end to end ${Math.round(endToEndRates.at(-1) ?? 0)}/s, ` +
          `peak RSS ${rss.at(-1)} MiB, CPU ${cpu.at(-1)} s, the broker's CPU ${brokerCpu.at(-1)?.toFixed(1)} s (load ${loads.at(-1)})`,
      );
    }
    fs.rmSync(path.join(work, 'store'), { recursive: true, force: true });
    return {
      survey: 'lsst',
      input,
      alerts: produced.alerts,
      nights: realAlerts ? 1 : nights,
      solarSystemAlerts: produced.solarSystemAlerts,
      // per alert of the topic (simulated: of the decode sample, the last night of a short run)
      meanPrvDiaSources: Number(history.prvDiaSources.toFixed(1)),
      meanPrvDiaForcedSources: Number(history.prvDiaForcedSources.toFixed(1)),
      alertBytes: Math.round(alertBytes),
      partitions,
      brokers: 3,
      alertsPerProduceRequest: batchSize,
      runs,
      decodeOnly: { generatedReader: Math.round(decode.generated), avsc: Math.round(decode.avsc) },
      decodeOnlyRealAlerts: { generatedReader: Math.round(real.generated), avsc: Math.round(real.avsc) },
      producerRate: Math.round(produced.alerts / producerSeconds),
      clientAloneRate: Math.round(median(alone.map((a) => a.ratePerSecond))),
      clientAloneRates: alone.map((a) => Math.round(a.ratePerSecond)),
      clientAloneCpuMsPerAlert: Number(
        median(alone.map((a) => (a.cpuSeconds / a.messages) * 1000)).toFixed(2),
      ),
      consumeRate: Math.round(median(consumeRates)),
      endToEndRate: Math.round(median(endToEndRates)),
      consumeRates: consumeRates.map(Math.round),
      endToEndRates: endToEndRates.map(Math.round),
      peakRssMiB: Math.max(...rss),
      ingesterCpuSeconds: cpu,
      brokerCpuSeconds: brokerCpu.map((c) => Number(c.toFixed(1))),
      clientAloneBrokerCpuSeconds: aloneBrokerCpu.map((c) => Number(c.toFixed(1))),
      // CPU per alert of the whole ingester (client, decoding, staging, publication; the broker apart)
      ingesterCpuMsPerAlert: Number(((median(cpu) / produced.alerts) * 1000).toFixed(2)),
      loadAverage: loads,
    };
  } finally {
    await broker.stop();
  }
}

/** Prints the simulator's per-night log line as progress. */
function reportNight(line: string): void {
  try {
    const entry = JSON.parse(line) as { msg?: string; night?: number; alerts?: number; seconds?: number };
    if (entry.msg === 'LSST night simulated')
      console.log(`  night ${entry.night}: ${entry.alerts} alerts in ${entry.seconds?.toFixed(1)} s`);
  } catch {
    // not a JSON line
  }
}

/** Prints the consumer's rate lines (RateReporter, every 5 s) as progress. */
function reportProgress(text: string): void {
  for (const line of text.split('\n')) {
    if (!line.includes(': progress')) continue;
    try {
      const entry = JSON.parse(line) as { read?: number; staged?: number; ratePerSecond?: number };
      console.log(`  consumer: ${entry.read} read, ${entry.staged} staged, ${entry.ratePerSecond}/s`);
    } catch {
      // a line split across chunks
    }
  }
}
