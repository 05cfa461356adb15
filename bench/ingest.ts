/**
 * `npm run bench:ingest`: ingestion figures on simulated alerts with stamps and histories (issue targets:
 * end to end ≥ 5,000 alerts/s and ≥ 50 % of the decode-only rate, peak RSS ≤ 1.5 GB).
 *
 *   decode-only   avsc decoding + normalisation in this process (the local ceiling, one core; the ratio's
 *                 denominator), and the same reading through the alert reader that ingestion uses (for reference)
 *   staging       `skyalert ingest --no-publish` (decode + stage into the night DuckDB files)
 *   publication   `skyalert publish --all`
 *   end to end    `skyalert ingest` (stage + publish) into a fresh store
 *   kafka         `skyalert simulate --kafka` produces, then `skyalert ingest --kafka` consumes and publishes
 *                 (R consumptions of the same topic, by new consumer groups)
 *
 * Each phase starts after `sync` (the previous phase's writes on disk), and the end-to-end phase after the
 * store of the staging and publication phases is removed. Times are the commands' wall times, process start and
 * exit included.
 *
 * Options: --alerts N (default 100000), --nights K (default 10), --kafka-alerts N (default 20000, 0 to skip),
 * --runs R (default 3; medians reported), --work DIR (default bench-output/ingest).
 *
 * `--survey lsst`: Rubin's stream from Kafka instead (bench/ingest-lsst.ts), with --input (simulated, the default,
 * or real: copies of Fink's 7 real LSST alerts, bench/lsst-real-alerts.ts), --alerts (default 5000 simulated,
 * 2100 real), --nights (default 5; simulated only), --runs (default 2) and --work (default bench-output/ingest-lsst).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { AlertDecoder } from '../ingest/decode/index.js';
import { expandInputs } from '../ingest/run-files.js';
import { runSimulate } from '../ingest/simulate/index.js';
import { readAvroFile } from '../ingest/sources/index.js';
import { startBroker } from '../test/support/kafka-broker.js';
import { benchLsstIngest } from './ingest-lsst.js';
import { median, runCli, succeeded } from './run-cli.js';

const log = pino({ level: 'warn' });

async function decodeOnly(input: string, withAvsc: boolean): Promise<{ alerts: number; seconds: number }> {
  const decoder = new AlertDecoder({ withAvsc });
  const started = performance.now();
  let alerts = 0;
  for (const file of expandInputs([input])) {
    for await (const ev of readAvroFile(file, decoder, 2000)) {
      if (ev.kind !== 'items') continue;
      for (const item of ev.items) if (item.outcome.ok) alerts++;
    }
  }
  return { alerts, seconds: (performance.now() - started) / 1000 };
}

/**
 * Alerts per produce request, all to one partition: ~0.9 MB, as a Kafka broker's fetch returns up to 1 MiB per
 * partition by default; 20,000 alerts then fill 256 partitions with ≤ 2 batches each, under the test broker's
 * ~5 MiB per partition.
 */
const KAFKA_BATCH_ALERTS = 40;

/** Seconds without messages after which the benchmark's consumer stops. */
const KAFKA_IDLE_SECONDS = 3;

/**
 * Kafka: `skyalert simulate --kafka` produces the alerts first, then `skyalert ingest --kafka` consumes them
 * and publishes on exit, `consumptions` times (each a new consumer group reading the topic from its start, into
 * a fresh store; medians reported). The test broker keeps only ~5 MiB per partition, so the topic has 256
 * partitions on 3 brokers (one fetcher each, as a real cluster has several). Rates count from the consumer's
 * group join: to its last alert staged (consumption), and to its exit after publishing the nights (end to end).
 */
async function kafkaRun(
  work: string,
  alerts: number,
  nights: number,
  consumptions: number,
): Promise<Record<string, number | number[] | string>> {
  const broker = await startBroker(['bench:256'], { brokers: 3 });
  const bootstrap = broker.bootstrap;
  const store = path.join(work, 'store-kafka');
  try {
    const producing = performance.now();
    const produced = await runSimulate({
      outDir: path.join(work, 'kafka-sim'),
      nights,
      alertsPerNight: Math.ceil(alerts / nights),
      seed: 7,
      startNight: '2024-05-01',
      // batches of 40 alerts (~0.9 MB), each to one partition: a fetch then carries what a Kafka broker would
      // return (the test broker returns one produced batch per partition and fetch)
      kafka: {
        brokers: bootstrap.split(','),
        topic: 'bench',
        batchSize: KAFKA_BATCH_ALERTS,
        batchPerPartition: true,
      },
      log,
    });
    const producerSeconds = (performance.now() - producing) / 1000;
    const consumeRates: number[] = [];
    const endToEndRates: number[] = [];
    const rss: number[] = [];
    let staged = 0;
    for (let run = 1; run <= consumptions; run++) {
      fs.rmSync(store, { recursive: true, force: true });
      settleDisk();
      let joinedAt = 0;
      let stoppingAt = 0;
      const consumer = await runCli(
        [
          'ingest',
          '--store',
          store,
          '--kafka',
          bootstrap,
          '--topic',
          'bench',
          '--group',
          `bench-${run}`,
          '--publish-on-exit',
          '--publish-cron',
          'off',
          '--exit-when-idle',
          String(KAFKA_IDLE_SECONDS),
          '--session-timeout',
          '3000',
        ],
        { SKYALERT_LOG_LEVEL: 'debug' },
        (t) => {
          if (!joinedAt && (t.includes('joined the group') || t.includes('Consumer has joined')))
            joinedAt = performance.now();
          if (!stoppingAt && t.includes('stopping: finishing the batch')) stoppingAt = performance.now();
        },
      );
      const exitedAt = performance.now();
      succeeded(consumer, 'the Kafka consumer (skyalert ingest --kafka)');
      staged = Number(/(\d+) staged/.exec(consumer.stdout)?.[1] ?? 0);
      if (!joinedAt || !stoppingAt)
        return { skipped: `consumer did not join or stop: ${consumer.stderrTail}` };
      if (staged !== produced.alerts)
        throw new Error(`the Kafka consumer staged ${staged} of ${produced.alerts} alerts`);
      const consumeSeconds = (stoppingAt - joinedAt) / 1000 - KAFKA_IDLE_SECONDS;
      const endToEndSeconds = (exitedAt - joinedAt) / 1000 - KAFKA_IDLE_SECONDS;
      consumeRates.push(staged / consumeSeconds);
      endToEndRates.push(staged / endToEndSeconds);
      rss.push(consumer.peakRssMiB ?? -1);
      console.log(
        `kafka run ${run}: consumption ${Math.round(consumeRates.at(-1) ?? 0)}/s, end to end ${Math.round(endToEndRates.at(-1) ?? 0)}/s`,
      );
    }
    fs.rmSync(store, { recursive: true, force: true });
    return {
      alerts: produced.alerts,
      staged,
      partitions: 256,
      brokers: 3,
      producerRate: Math.round(produced.alerts / producerSeconds),
      consumeRate: Math.round(median(consumeRates)),
      endToEndRate: Math.round(median(endToEndRates)),
      consumeRates: consumeRates.map(Math.round),
      endToEndRates: endToEndRates.map(Math.round),
      peakRssMiB: Math.max(...rss),
    };
  } finally {
    await broker.stop();
  }
}

/**
 * Writes back the dirty pages of the previous phase (`sync`) before a phase starts: each phase writes 2-3 GB,
 * and without this the next phase's fsyncs wait behind the previous phase's writeback, billing one phase for
 * another's I/O.
 */
function settleDisk(): void {
  execFileSync('sync');
}

/** The machine, as the report names it. */
function machineOf(): string {
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}, node ${process.version}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      survey: { type: 'string', default: 'ztf' },
      input: { type: 'string', default: 'simulated' },
      alerts: { type: 'string' },
      nights: { type: 'string' },
      'kafka-alerts': { type: 'string', default: '20000' },
      runs: { type: 'string' },
      work: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run bench:ingest -- [--alerts N (100000)] [--nights K (10)] [--kafka-alerts N (20000, 0 to skip)]\n' +
        '                       [--runs R (3; 0 for Kafka only)] [--work DIR (bench-output/ingest)]\n' +
        'npm run bench:ingest -- --survey lsst [--input simulated|real] [--alerts N (5000; real 2100)]\n' +
        '                       [--nights K (5; simulated only)] [--runs R (2)]\n' +
        '                       [--work DIR (bench-output/ingest-lsst)]',
    );
    return;
  }
  if (values.survey !== 'ztf' && values.survey !== 'lsst')
    throw new Error(`--survey must be ztf or lsst: ${values.survey}`);
  if (values.survey === 'lsst') {
    const lsstWork = path.resolve(values.work ?? path.join('bench-output', 'ingest-lsst'));
    const input = values.input;
    if (input !== 'simulated' && input !== 'real')
      throw new Error(`--input must be simulated or real: ${input}`);
    const report = await benchLsstIngest({
      input,
      alerts: Number(values.alerts ?? (input === 'real' ? 2100 : 5000)),
      nights: Number(values.nights ?? 5),
      runs: Math.max(1, Number(values.runs ?? 2)),
      work: lsstWork,
    });
    const full = { machine: machineOf(), ...report };
    fs.writeFileSync(path.join(lsstWork, 'report.json'), JSON.stringify(full, null, 2));
    console.log(JSON.stringify(full, null, 2));
    return;
  }
  const alerts = Number(values.alerts ?? 100000);
  const nights = Number(values.nights ?? 10);
  const runs = Number(values.runs ?? 3);
  const work = path.resolve(values.work ?? path.join('bench-output', 'ingest'));
  const input = path.join(work, 'input');
  const marker = path.join(work, 'input.json');
  const wanted = JSON.stringify({ alerts, nights, seed: 3 });
  fs.mkdirSync(work, { recursive: true });
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== wanted) {
    fs.rmSync(input, { recursive: true, force: true });
    console.log(`bench:ingest: simulating ${alerts} alerts over ${nights} nights into ${input}`);
    const sim = await runSimulate({
      outDir: input,
      nights,
      alertsPerNight: Math.ceil(alerts / nights),
      seed: 3,
      startNight: '2024-02-01',
      log,
      progress: (done, total) => {
        if (done % 20000 === 0) console.log(`  simulated ${done}/${total}`);
      },
    });
    console.log(
      `  ${sim.alerts} alerts in ${sim.seconds.toFixed(1)} s (${Math.round(sim.alerts / sim.seconds)} alerts/s)`,
    );
    fs.writeFileSync(marker, wanted);
  }
  const bytes = expandInputs([input]).reduce((s, f) => s + fs.statSync(f).size, 0);
  const rates: Record<string, number[]> = {
    decode: [],
    decodeByReader: [],
    staging: [],
    publication: [],
    endToEnd: [],
  };
  const rss: Record<string, number[]> = { staging: [], publication: [], endToEnd: [] };
  let n = 0;
  for (let run = 0; run < runs; run++) {
    const d = await decodeOnly(input, true);
    n = d.alerts;
    rates.decode.push(d.alerts / d.seconds);
    const r = await decodeOnly(input, false);
    if (r.alerts !== n) throw new Error(`the alert reader decoded ${r.alerts} alerts, avsc ${n}`);
    rates.decodeByReader.push(r.alerts / r.seconds);
    const store = path.join(work, 'store');
    fs.rmSync(store, { recursive: true, force: true });
    settleDisk();
    const staging = succeeded(
      await runCli(['ingest', '--store', store, '--ingester', 'bench', '--no-publish', input]),
      'staging (skyalert ingest --no-publish)',
    );
    rates.staging.push(n / staging.seconds);
    rss.staging.push(staging.peakRssMiB ?? -1);
    settleDisk();
    const publication = succeeded(
      await runCli(['publish', '--store', store, '--all']),
      'publication (skyalert publish --all)',
    );
    rates.publication.push(n / publication.seconds);
    rss.publication.push(publication.peakRssMiB ?? -1);
    // the end-to-end phase starts from the state the staging phase started from: no store of an earlier phase on
    // disk or in the page cache (2.6 GB written by those phases)
    fs.rmSync(store, { recursive: true, force: true });
    const store2 = path.join(work, 'store-e2e');
    fs.rmSync(store2, { recursive: true, force: true });
    settleDisk();
    const e2e = succeeded(
      await runCli(['ingest', '--store', store2, '--ingester', 'bench', input]),
      'end to end (skyalert ingest)',
    );
    rates.endToEnd.push(n / e2e.seconds);
    rss.endToEnd.push(e2e.peakRssMiB ?? -1);
    console.log(
      `run ${run + 1}: decode ${Math.round(rates.decode[run])}/s (alert reader ${Math.round(rates.decodeByReader[run])}/s), staging ${Math.round(rates.staging[run])}/s, ` +
        `publication ${Math.round(rates.publication[run])}/s, end to end ${Math.round(rates.endToEnd[run])}/s`,
    );
  }
  const kafkaAlerts = Number(values['kafka-alerts']);
  const kafka =
    kafkaAlerts > 0
      ? await kafkaRun(work, kafkaAlerts, Math.max(1, Math.round(nights / 5)), Math.max(1, runs))
      : { skipped: 'kafka-alerts 0' };
  const report = {
    machine: machineOf(),
    alerts: n,
    inputMiB: Math.round(bytes / 2 ** 20),
    runs,
    medianRatePerSecond: Object.fromEntries(
      Object.entries(rates).map(([k, v]) => [k, Math.round(median(v))]),
    ),
    endToEndOverDecode: Number((median(rates.endToEnd) / median(rates.decode)).toFixed(2)),
    peakRssMiB: Object.fromEntries(Object.entries(rss).map(([k, v]) => [k, Math.max(...v)])),
    kafka,
  };
  fs.writeFileSync(path.join(work, 'report.json'), JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
