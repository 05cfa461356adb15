/**
 * `skyalert ssoft build`: builds the SSOFT tables of a store now; `skyalert ssoft schedule`: stays running and
 * builds them on a node-cron schedule (monthly by default), each run as the month's version.
 */
import cron from 'node-cron';
import type { Logger } from 'pino';
import {
  readStoreSurvey,
  SSOFT_FLAVOR_ALIASES,
  type SsoftFlavor,
  StoreLayout,
  ssoftFlavorsOf,
} from '../../data/index.js';
import {
  buildLsstSsoft,
  buildSsoft,
  DEFAULT_SSOFT_CRON,
  LSST_SSOFT_MIN_DETECTIONS,
  SSOFT_MIN_DETECTIONS,
  type SsoftBuildSummary,
} from '../../data/jobs/index.js';
import { peakRssMiB } from '../resources.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './usage-error.js';

export interface SsoftArgs {
  store?: string;
  version?: string;
  flavor?: string;
  'min-detections'?: string;
  cron?: string;
}

/** The current UTC month as a version. */
export function currentVersion(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}.${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The flavours asked, among those of the store's survey (all of them by default). */
function parseFlavors(text: string | undefined, allowed: readonly SsoftFlavor[]): SsoftFlavor[] {
  if (text === undefined) return [...allowed];
  const asked = text.split(',').map((s) => {
    const name = s.trim().toUpperCase();
    return SSOFT_FLAVOR_ALIASES[name] ?? name;
  });
  const flavors = allowed.filter((f) => asked.includes(f));
  const unknown = asked.filter((a) => !allowed.includes(a as SsoftFlavor));
  if (unknown.length > 0 || flavors.length === 0)
    throw new UsageError(`--flavor takes ${allowed.join(', ')} on this store (got ${text})`);
  return flavors;
}

function describe(s: SsoftBuildSummary, version: string): string {
  const fitted = Object.entries(s.fitted)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');
  return (
    `ssoft ${version}: ${s.objects} objects (fits converged: ${fitted}); ${s.withoutOrbit} with enough ` +
    `detections but no orbit, ${s.tooFewDetections} with too few; ${s.seconds.toFixed(1)} s ` +
    `(${s.objectsPerSecond.toFixed(0)} objects/s), peak RSS ${peakRssMiB()} MiB`
  );
}

export async function runSsoft(
  args: SsoftArgs,
  positionals: readonly string[],
  log: Logger,
): Promise<number> {
  const [action] = positionals;
  const layout = new StoreLayout(resolveStoreDir(args.store));
  // the same command on either survey: an LSST store's table comes from its own job (Rubin's ssSource geometry)
  const isLsst = readStoreSurvey(layout) === 'lsst';
  const build = isLsst ? buildLsstSsoft : buildSsoft;
  const flavors = parseFlavors(args.flavor, ssoftFlavorsOf(isLsst ? 'lsst' : 'ztf'));
  const minText = args['min-detections'];
  const defaultMin = isLsst ? LSST_SSOFT_MIN_DETECTIONS : SSOFT_MIN_DETECTIONS;
  const minDetections = minText === undefined ? defaultMin : Number(minText);
  if (!Number.isInteger(minDetections) || minDetections < 2)
    throw new UsageError(`--min-detections must be an integer >= 2 (got ${minText})`);
  const jobLog = log.child({ component: 'ssoft.build' });
  if (action === 'build') {
    const version = args.version ?? currentVersion();
    if (!/^\d{4}\.(0[1-9]|1[0-2])$/.test(version))
      throw new UsageError(`--version must be YYYY.MM (got ${version})`);
    const summary = await build(layout, { version, flavors, minDetections, log: jobLog });
    console.log(describe(summary, version));
    return 0;
  }
  if (action === 'schedule') {
    const expression = args.cron ?? DEFAULT_SSOFT_CRON;
    if (!cron.validate(expression))
      throw new UsageError(`--cron is not a valid cron expression: ${expression}`);
    let running = false;
    const task = cron.schedule(
      expression,
      async () => {
        if (running) return jobLog.warn('previous SSOFT build still running; this run is skipped');
        running = true;
        const version = currentVersion();
        try {
          console.log(
            describe(await build(layout, { version, flavors, minDetections, log: jobLog }), version),
          );
        } catch (err) {
          jobLog.error({ err, version }, 'ssoft build failed');
        } finally {
          running = false;
        }
      },
      { timezone: 'UTC' },
    );
    console.log(`ssoft: scheduled "${expression}" (UTC) on ${layout.root}; Ctrl-C to stop`);
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        void task.stop();
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  }
  throw new UsageError(`unknown ssoft action: ${action ?? '(none)'}; use 'ssoft build' or 'ssoft schedule'`);
}
