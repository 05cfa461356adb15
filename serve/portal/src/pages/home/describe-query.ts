/** A search in words, for the heading of its results (what was searched, as the portal understood it). */
import { formatDecDms, formatRaHms } from '../../../../../compute/sky/sexagesimal.js';
import type { Query } from '../../lib/query-parse.js';

function radiusText(arcsec: number): string {
  if (arcsec >= 3600) return `${Number((arcsec / 3600).toFixed(4))}°`;
  if (arcsec >= 60) return `${Number((arcsec / 60).toFixed(3))}′`;
  return `${Number(arcsec.toFixed(3))}″`;
}

function windowText(after?: string, before?: string, windowDays?: number): string {
  const parts = [after ? ` after ${after}` : '', before ? ` before ${before}` : ''];
  if (windowDays !== undefined && before === undefined) parts.push(` for ${Number(windowDays.toFixed(6))} d`);
  return parts.join('');
}

/** The heading text of a search. */
export function describeQuery(q: Query): string {
  switch (q.action) {
    case 'objectid':
      return `Object id ${q.objectId}`;
    case 'tracklet':
      return `Tracklet ${q.id}`;
    case 'sso':
      return `Solar System ${q.partial ? 'number prefix' : 'object'} ${q.sso}`;
    case 'class':
      return (
        `Last ${q.last} alerts of ${q.className === 'allclasses' ? 'all classes' : q.className}` +
        windowText(q.after, q.before) +
        (q.trend ? `, ${q.trend}` : '')
      );
    case 'daterange':
      return /^\d{4}-\d{2}-\d{2}$/.test(q.after) && q.windowDays === 1
        ? `The night of ${q.after} (UTC date)`
        : `Alerts from ${q.after} for ${Number(q.windowDays.toFixed(6))} d`;
    case 'conesearch':
      return (
        `Cone ${formatRaHms(q.raDeg, 2)} ${formatDecDms(q.decDeg, 1)}, r = ${radiusText(q.radiusArcsec)}` +
        windowText(q.after, q.before, q.windowDays)
      );
  }
}
