#!/usr/bin/env node
/** The `skyalert` command: simulate, ingest, publish, compact, status, orbits, ssocand, ssoft, tns, serve, demo. */
import { parseArgs } from 'node:util';
import {
  COMPACT_HELP,
  DEMO_HELP,
  INGEST_HELP,
  ORBITS_HELP,
  PUBLISH_HELP,
  SERVE_HELP,
  SIMULATE_HELP,
  SSOCAND_HELP,
  SSOFT_HELP,
  STATUS_HELP,
  TNS_HELP,
} from './commands/help-texts.js';
import { UsageError } from './commands/usage-error.js';
import { createLogger } from './logger.js';

const MAIN_HELP = `Usage: skyalert <command> [options]

Commands:
  simulate   write simulated ZTF (Fink-enriched) or LSST alerts (Avro files per night, or a Kafka topic)
  ingest     decode and stage alerts from files, tarballs or Kafka; publish the nights
  publish    publish staged nights into the store
  compact    merge past nights' parts per month; remove unused files
  status     what a store holds: published, staged, quarantined, last jobs, inconsistencies
  serve      serve the store's REST API
  orbits     load orbit catalogues (MPCORB.DAT, CometEls.txt, JPL SBDB JSON) for Solar System names
  ssoft      build the Solar System parameter tables now, or on a monthly schedule (ssoft build|schedule)
  ssocand    load fink-fat Solar System candidates (ssocand load PATH...)
  tns        load the Transient Name Server objects table (tns load FILE)
  demo       simulate 30 nights, ingest, publish and serve them (the quick start)

Run 'skyalert <command> --help' for a command's options.
`;

type Handler = (
  values: Record<string, string | string[] | boolean | undefined>,
  positionals: string[],
) => Promise<number>;

/** A command: its help and options, and its handler, which loads the command's module on use (a CLI start
 * then loads only what that command needs: ~200 ms less than loading every command). */
interface Command {
  readonly help: string;
  readonly options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  readonly run: Handler;
}

// serve logs one line per request: written off the event loop (bin/logger.ts)
const log = createLogger(undefined, process.argv[2] === 'serve');

const COMMANDS: Record<string, Command> = {
  ingest: {
    help: INGEST_HELP,
    options: {
      store: { type: 'string' },
      survey: { type: 'string' },
      'schema-registry': { type: 'string' },
      'schema-dir': { type: 'string' },
      ingester: { type: 'string' },
      'no-publish': { type: 'boolean' },
      kafka: { type: 'string' },
      topic: { type: 'string' },
      'topic-pattern': { type: 'string' },
      group: { type: 'string' },
      schema: { type: 'string' },
      'publish-cron': { type: 'string' },
      'publish-on-exit': { type: 'boolean' },
      'exit-when-idle': { type: 'string' },
      'session-timeout': { type: 'string' },
      'metrics-port': { type: 'string' },
    },
    run: async (v, pos) => {
      if (v.kafka) return (await import('./commands/ingest-kafka.js')).runIngestKafka(v, log);
      if (v['metrics-port'] !== undefined) throw new UsageError('--metrics-port goes with --kafka');
      if (pos.length === 0) throw new UsageError('give files, directories or tarballs to ingest, or --kafka');
      return (await import('./commands/ingest.js')).runIngestFiles(v, pos, log);
    },
  },
  publish: {
    help: PUBLISH_HELP,
    options: {
      store: { type: 'string' },
      night: { type: 'string' },
      all: { type: 'boolean' },
      force: { type: 'boolean' },
    },
    run: async (v) => (await import('./commands/publish.js')).runPublish(v, log),
  },
  compact: {
    help: COMPACT_HELP,
    options: { store: { type: 'string' } },
    run: async (v) => (await import('./commands/publish.js')).runCompact(v, log),
  },
  status: {
    help: STATUS_HELP,
    options: { store: { type: 'string' }, json: { type: 'boolean' } },
    run: async (v) => (await import('./commands/status.js')).runStatus(v),
  },
  orbits: {
    help: ORBITS_HELP,
    options: { store: { type: 'string' } },
    run: async (v, pos) => (await import('./commands/orbits.js')).runOrbits(v, pos, log),
  },
  ssoft: {
    help: SSOFT_HELP,
    options: {
      store: { type: 'string' },
      version: { type: 'string' },
      flavor: { type: 'string' },
      'min-detections': { type: 'string' },
      cron: { type: 'string' },
    },
    run: async (v, pos) => (await import('./commands/ssoft.js')).runSsoft(v, pos, log),
  },
  ssocand: {
    help: SSOCAND_HELP,
    options: { store: { type: 'string' } },
    run: async (v, pos) => (await import('./commands/ssocand.js')).runSsoCand(v, pos, log),
  },
  tns: {
    help: TNS_HELP,
    options: { store: { type: 'string' } },
    run: async (v, pos) => (await import('./commands/tns.js')).runTns(v, pos, log),
  },
  serve: {
    help: SERVE_HELP,
    options: {
      store: { type: 'string', multiple: true },
      port: { type: 'string' },
      host: { type: 'string' },
      workers: { type: 'string' },
    },
    run: async (v) => (await import('./commands/serve.js')).runServe(v, log),
  },
  simulate: {
    help: SIMULATE_HELP,
    options: {
      out: { type: 'string' },
      nights: { type: 'string' },
      'alerts-per-night': { type: 'string' },
      seed: { type: 'string' },
      start: { type: 'string' },
      kafka: { type: 'string' },
      topic: { type: 'string' },
      survey: { type: 'string' },
      'schema-registry': { type: 'string' },
      'schema-dir': { type: 'string' },
      'no-stamps': { type: 'boolean' },
    },
    run: async (v) => (await import('./commands/simulate.js')).runSimulateCommand(v, log),
  },
  demo: {
    help: DEMO_HELP,
    options: { port: { type: 'string' }, store: { type: 'string' } },
    run: async (v) => (await import('./commands/demo.js')).runDemo(v, log),
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(MAIN_HELP);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command: ${name}\n\n${MAIN_HELP}`);
    return 2;
  }
  const help = command.help;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${help}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(help);
    return 0;
  }
  try {
    return await command.run(
      parsed.values as Record<string, string | string[] | boolean | undefined>,
      parsed.positionals,
    );
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${help}`);
      return 2;
    }
    log.error({ err }, `${name} failed`);
    console.error(`skyalert ${name}: ${(err as Error).message}`);
    return 1;
  }
}

/** Once a command failed, the longest wait for its leftover handles (a worker, a socket) before the exit. */
const EXIT_AFTER_FAILURE_MS = 2000;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // a failed command ends even if something it started is still open: it never hangs after its message
    if (code !== 0) setTimeout(() => process.exit(code), EXIT_AFTER_FAILURE_MS).unref();
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
