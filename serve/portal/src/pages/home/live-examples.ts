/**
 * Examples of the home search taken from the store itself (an object id, a position, a date, a class, a Solar
 * System number and a tracklet of the latest alerts; for Fink's syntax the id in lower case and the latest night),
 * so each example finds something on any deployment.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDecDms, formatRaHms } from '../../../../../compute/sky/sexagesimal.js';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { type ApiRow, getJson } from '../../lib/api.js';
import type { QueryType } from '../../lib/query-parse.js';

/** Example texts per query type (empty until loaded, or when the store has none). */
export type LiveExamples = Partial<Record<QueryType, string[]>>;

async function latest(className: string, columns: string, signal: AbortSignal): Promise<ApiRow | null> {
  try {
    const rows = await getJson<ApiRow[]>('latests', { class: className, n: 1, columns }, signal);
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** Loads the examples once per page. */
export function useLiveExamples(): LiveExamples {
  const [examples, setExamples] = useState<LiveExamples>({});
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      latest('allclasses', 'i:objectId,i:jd,i:ra,i:dec,v:classification', signal),
      latest('Solar System MPC', 'i:ssnamenr', signal),
      latest('Tracklet', 'd:tracklet', signal),
    ]).then(([any, sso, tracklet]) => {
      if (signal.aborted) return;
      const out: LiveExamples = {};
      const id = any?.['i:objectId'];
      if (typeof id === 'string') out.objectid = [id, id.slice(0, 8)];
      const jd = any?.['i:jd'];
      if (typeof jd === 'number') out.daterange = [`${jdToIsoText(jd - 1 / 48).slice(0, 16)}, 0.0417`];
      // Fink's syntax on this store: an id in lower case, the latest night, the latest alert's class, the latest alerts
      out.auto = [
        ...(typeof id === 'string' ? [id.toLowerCase()] : []),
        ...(typeof jd === 'number' ? [jdToIsoText(jd).slice(0, 10)] : []),
        ...(typeof any?.['v:classification'] === 'string'
          ? [`class="${any['v:classification']}" last=20`]
          : []),
        'last=50',
      ];
      const [ra, dec] = [any?.['i:ra'], any?.['i:dec']];
      if (typeof ra === 'number' && typeof dec === 'number')
        out.conesearch = [
          `${ra.toFixed(5)} ${dec.toFixed(5)} 5`,
          `${formatRaHms(ra, 2)} ${formatDecDms(dec, 1)} 1m`,
        ];
      const className = any?.['v:classification'];
      if (typeof className === 'string') out.class = [className, `${className}, 20`, 'allclasses, 50'];
      const name = sso?.['i:ssnamenr'];
      if (typeof name === 'string' || typeof name === 'number') {
        const text = String(name);
        out.sso = /^\d+$/.test(text) ? [text.slice(0, -1), `sso=${text}`] : [text];
      }
      const trck = tracklet?.['d:tracklet'];
      if (typeof trck === 'string') out.tracklet = [trck, trck.slice(0, 13)];
      setExamples(out);
    });
    return () => controller.abort();
  }, []);
  return examples;
}
