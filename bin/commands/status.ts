/**
 * `skyalert status`: what a store holds (ingest/store-status.ts) as a table, or as JSON with `--json`. Exits 1
 * when an inconsistency is found, so that a supervisor's check can alert on it.
 */
import { type LsstPartFile, StoreLayout } from '../../data/index.js';
import { readStoreStatus, type StoreStatus } from '../../ingest/index.js';
import { resolveStoreDir } from '../store-option.js';

export interface StatusArgs {
  store?: string;
  json?: boolean;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

function nightList(nights: readonly number[]): string {
  if (nights.length === 0) return 'none';
  const shown = nights.slice(0, 10).join(', ');
  return nights.length > 10 ? `${shown}, … (${nights.length} nights)` : shown;
}

/** Labels of the LSST part files' rows (StoreStatus `published.lsstRows`). */
const LSST_ROW_LABELS: Readonly<Record<LsstPartFile, string>> = {
  sources: 'diaSources',
  objects: 'diaObjects',
  fp: 'forced sources',
  sso: 'SSO detections',
  cutouts: 'cutouts',
};

/** The rows the survey's alerts carry beside the alerts: ZTF's upper limits, LSST's part files' rows. */
function surveyRows(p: StoreStatus['published']): [string, string][] {
  if (p.lsstRows === null) return [['upper limits', String(p.upperlim ?? 0)]];
  const rows = p.lsstRows;
  return (Object.keys(LSST_ROW_LABELS) as LsstPartFile[]).map((file) => [
    LSST_ROW_LABELS[file],
    String(rows[file]),
  ]);
}

/** The status as an aligned two-column table (section headers, then `label  value` rows). */
export function formatStatus(s: StoreStatus): string {
  const p = s.published;
  const rows: [string, string][] = [
    ['store', s.store],
    ['survey', s.survey ?? 'none recorded'],
    ['PUBLISHED', ''],
    ['catalog version', p.catalogVersion === 0 ? 'none (nothing published)' : String(p.catalogVersion)],
    ['published at', p.publishedAt ?? '-'],
    ['nights', p.nights === 0 ? '0' : `${p.nights} (${p.firstNight} to ${p.lastNight})`],
    ['parts', String(p.parts)],
    ['alerts', String(p.alerts)],
    ...surveyRows(p),
    ['size on disk', mib(p.bytes)],
    ['STAGED', ''],
    ['nights staged', `${s.staged.nights} (${mib(s.staged.bytes)})`],
    ['not published', nightList(s.staged.unpublishedNights)],
    ['QUARANTINE', ''],
    ['messages', `${s.quarantine.messages} (${mib(s.quarantine.bytes)})`],
    ...s.quarantine.reasons.map((r): [string, string] => [`  ${r.messages}`, r.reason]),
    ['JOBS', ''],
    [
      'last publication',
      s.lastPublication
        ? `${s.lastPublication.startedAt}, ${s.lastPublication.durationSeconds.toFixed(1)} s, ` +
          `nights ${nightList(s.lastPublication.nights)}`
        : 'none recorded',
    ],
    [
      'last compaction',
      s.lastCompaction
        ? `${s.lastCompaction.at} (${s.lastCompaction.part}, ${s.lastCompaction.nights} nights)`
        : 'none (no merged part)',
    ],
    [
      'last SSOFT build',
      s.lastSsoft
        ? `${s.lastSsoft.version} at ${s.lastSsoft.at} (${s.lastSsoft.flavors.join(', ')})`
        : 'none',
    ],
    ['PROBLEMS', s.problems.length === 0 ? 'none' : String(s.problems.length)],
    ...s.problems.map((text): [string, string] => ['  !', text]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows
    .map(([label, value]) =>
      value === '' || label === 'PROBLEMS'
        ? `${label}${value ? ` ${value}` : ''}`
        : `${label.padEnd(width)}  ${value}`,
    )
    .join('\n');
}

export async function runStatus(args: StatusArgs): Promise<number> {
  const status = readStoreStatus(new StoreLayout(resolveStoreDir(args.store)));
  console.log(args.json ? JSON.stringify(status, null, 2) : formatStatus(status));
  return status.problems.length === 0 ? 0 : 1;
}
