/**
 * What the object page derives from the object's rows (`objects` with `withupperlim=true`, most recent first):
 * the detections, the latest alert, the mean position, first and last detection, and the alert chosen in the
 * URL. Pure functions, no DOM.
 */
import type { ApiRow } from './api.js';

/** A number field of a row, or null. */
export function numberField(row: ApiRow | undefined, name: string): number | null {
  const value = row?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The detections (rows tagged valid or badquality, i.e. with an alert id), most recent first. */
export function detections(rows: readonly ApiRow[]): ApiRow[] {
  return rows
    .filter((r) => r['d:tag'] !== 'upperlim' && r['i:candid'] !== null && r['i:candid'] !== undefined)
    .sort((a, b) => (numberField(b, 'i:jd') ?? 0) - (numberField(a, 'i:jd') ?? 0));
}

/** The latest valid alert (else the latest detection); undefined when there is none. */
export function latestAlert(rows: readonly ApiRow[]): ApiRow | undefined {
  const found = detections(rows);
  return found.find((r) => r['d:tag'] !== 'badquality') ?? found[0];
}

/**
 * The mean position of the valid detections (deg); RA averaged on the circle, so objects near RA 0 are right.
 * @returns null when no detection has a position.
 */
export function meanPosition(rows: readonly ApiRow[]): { raDeg: number; decDeg: number } | null {
  let x = 0;
  let y = 0;
  let dec = 0;
  let n = 0;
  for (const row of detections(rows)) {
    const ra = numberField(row, 'i:ra');
    const d = numberField(row, 'i:dec');
    if (ra === null || d === null || row['d:tag'] === 'badquality') continue;
    x += Math.cos((ra * Math.PI) / 180);
    y += Math.sin((ra * Math.PI) / 180);
    dec += d;
    n += 1;
  }
  if (n === 0) return null;
  const raDeg = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return { raDeg, decDeg: dec / n };
}

/**
 * First and last detection (JD, UTC): the alert history's `jdstarthist` when known (detections older than the
 * alerts held), else the earliest detection; the last is the latest detection.
 */
export function detectionSpan(rows: readonly ApiRow[]): { firstJd: number; lastJd: number } | null {
  const found = detections(rows);
  if (found.length === 0) return null;
  const jds = found.map((r) => numberField(r, 'i:jd')).filter((v): v is number => v !== null);
  const starts = found.map((r) => numberField(r, 'i:jdstarthist')).filter((v): v is number => v !== null);
  if (jds.length === 0) return null;
  return { firstJd: Math.min(...jds, ...starts), lastJd: Math.max(...jds) };
}

/** The alert of a candid (exact digits), else the latest alert. */
export function chosenAlert(rows: readonly ApiRow[], candid: string | null): ApiRow | undefined {
  if (candid !== null) {
    const found = rows.find((r) => String(r['i:candid']) === candid);
    if (found) return found;
  }
  return latestAlert(rows);
}
