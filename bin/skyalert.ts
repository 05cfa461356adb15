#!/usr/bin/env node
/** The `skyalert` command: simulate, ingest, publish, compact, orbits, ssocand, ssoft, serve, demo. */
import { parseArgs } from 'node:util';
import { DEMO_HELP, SIMULATE_HELP } from './commands/help-texts.js';
import { INGEST_HELP, runIngestFiles } from './commands/ingest.js';
import { runIngestKafka } from './commands/ingest-kafka.js';
import { ORBITS_HELP, runOrbits } from './commands/orbits.js';
import { COMPACT_HELP, PUBLISH_HELP, runCompact, runPublish, UsageError } from './commands/publish.js';
import { runServe, SERVE_HELP } from './commands/serve.js';
import { runSsoCand, SSOCAND_HELP } from './commands/ssocand.js';
import { runSsoft, SSOFT_HELP } from './commands/ssoft.js';
import { createLogger } from './logger.js';

const MAIN_HELP = `Usage: skyalert <command> [options]

Commands:
  simulate   write simulated Fink-enriched ZTF alerts (Avro files per night, or a Kafka topic)
  ingest     decode and stage alerts from files, tarballs or Kafka; publish the nights
  publish    publish staged nights into the store
  compact    merge past nights' parts per month; remove unused files
  serve      serve the store's REST API
  orbits     load orbit catalogues (MPCORB.DAT, CometEls.txt, JPL SBDB JSON) for Solar System names
  ssoft      build the Solar System parameter tables now, or on a monthly schedule (ssoft build|schedule)
  ssocand    load fink-fat Solar System candidates (ssocand load PATH...)
  demo       simulate 30 nights, ingest, publish and serve them (the quick start)

Run 'skyalert <command> --help' for a command's options.
`;

type Handler = (
  values: Record<string, string | boolean | undefined>,
  positionals: string[],
) => Promise<number>;

interface Command {
  readonly help: string;
  readonly options: Record<string, { type: 'string' | 'boolean' }>;
  readonly run: Handler;
}

const log = createLogger();

const COMMANDS: Record<string, Command> = {
  ingest: {
    help: INGEST_HELP,
    options: {
      store: { type: 'string' },
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
    },
    run: async (v, pos) => {
      if (v.kafka) return runIngestKafka(v, log);
      if (pos.length === 0) throw new UsageError('give files, directories or tarballs to ingest, or --kafka');
      return runIngestFiles(v, pos, log);
    },
  },
  publish: {
    help: PUBLISH_HELP,
    options: { store: { type: 'string' }, night: { type: 'string' }, all: { type: 'boolean' } },
    run: (v) => runPublish(v, log),
  },
  compact: {
    help: COMPACT_HELP,
    options: { store: { type: 'string' } },
    run: (v) => runCompact(v, log),
  },
  orbits: {
    help: ORBITS_HELP,
    options: { store: { type: 'string' } },
    run: (v, pos) => runOrbits(v, pos, log),
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
    run: (v, pos) => runSsoft(v, pos, log),
  },
  ssocand: {
    help: SSOCAND_HELP,
    options: { store: { type: 'string' } },
    run: (v, pos) => runSsoCand(v, pos, log),
  },
  serve: {
    help: SERVE_HELP,
    options: {
      store: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      workers: { type: 'string' },
    },
    run: (v) => runServe(v, log),
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
    },
    run: async (v) => {
      // loaded on use: serving and ingesting never load the simulator
      const { runSimulateCommand } = await import('./commands/simulate.js');
      return runSimulateCommand(v, log);
    },
  },
  demo: {
    help: DEMO_HELP,
    options: { port: { type: 'string' }, store: { type: 'string' } },
    run: async (v) => {
      const { runDemo } = await import('./commands/demo.js');
      return runDemo(v, log);
    },
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
      parsed.values as Record<string, string | boolean | undefined>,
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
