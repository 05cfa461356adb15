/**
 * The classification of each alert of an object over time (`v:classification`, the class the API gives each
 * alert), and its runs: consecutive alerts of the same class. Pure, no DOM.
 */
import type { ApiRow } from './api.js';
import { numberField } from './object-rows.js';

/** One alert's class. */
export interface ClassPoint {
  /** JD (UTC) of the alert. */
  readonly jd: number;
  readonly candid: string;
  readonly classification: string;
}

/** Consecutive alerts of one class: first and last JD (UTC) and how many. */
export interface ClassRun {
  readonly classification: string;
  readonly firstJd: number;
  readonly lastJd: number;
  readonly alerts: number;
}

/** The class of each detection (upper limits left out), in time order; a missing class reads "Unknown". */
export function classPoints(rows: readonly ApiRow[]): ClassPoint[] {
  const out: ClassPoint[] = [];
  for (const r of rows) {
    const jd = numberField(r, 'i:jd');
    if (jd === null || r['d:tag'] === 'upperlim' || r['i:candid'] === null || r['i:candid'] === undefined)
      continue;
    const c = r['v:classification'];
    out.push({
      jd,
      candid: String(r['i:candid']),
      classification: typeof c === 'string' && c !== '' ? c : 'Unknown',
    });
  }
  return out.sort((a, b) => a.jd - b.jd);
}

/** The runs of {@link classPoints}: a new run starts whenever the class changes. */
export function classRuns(points: readonly ClassPoint[]): ClassRun[] {
  const runs: ClassRun[] = [];
  for (const p of points) {
    const last = runs[runs.length - 1];
    if (last && last.classification === p.classification) {
      runs[runs.length - 1] = { ...last, lastJd: p.jd, alerts: last.alerts + 1 };
    } else {
      runs.push({ classification: p.classification, firstJd: p.jd, lastJd: p.jd, alerts: 1 });
    }
  }
  return runs;
}
