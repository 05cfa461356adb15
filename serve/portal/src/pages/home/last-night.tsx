/**
 * The home page's "last night at a glance", when no search is shown: the latest night of the store (the night of
 * its latest alert), its valid alerts per class (`/api/v1/statistics?date=<night>`, each class linked to its
 * search) and the newest alerts of interesting classes (not Unknown, ambiguous or Solar System) with the
 * thumbnail of their science stamp (`/api/v1/cutouts`, PNG), each linked to its object page. Which of them the
 * store holds stamps of is asked first (`objects?columns=i:candid,v:hasCutouts`): the others say so, unasked.
 */
import { ErrorBox, Loading } from '../../components/status.js';
import { type ApiRow, apiUrl, getJson } from '../../lib/api.js';
import { getRowsExact } from '../../lib/exact-json.js';
import { jdToIsoUtc } from '../../lib/sso-traces.js';
import { classTotals, statsSeries } from '../../lib/stats.js';
import { useLoad } from '../../lib/use-api.js';

/** How many recent alerts are scanned for interesting ones, and how many are shown. */
const SCANNED_ALERTS = 300;
const SHOWN_ALERTS = 6;
/** Classes not worth a thumbnail on the home page. */
const DULL_CLASS = /^(Unknown|Ambiguous|Solar System|Tracklet)/i;

/** What the panel shows. */
interface Glance {
  readonly night: string;
  readonly classes: readonly { readonly label: string; readonly total: number }[];
  readonly valid: number | null;
  readonly newest: readonly ApiRow[];
  /** The candids (exact text) of the newest alerts whose stamps the store holds. */
  readonly withStamps: ReadonlySet<string>;
}

async function loadGlance(signal: AbortSignal): Promise<Glance | null> {
  const recent = await getRowsExact(
    'latests',
    {
      class: 'allclasses',
      n: SCANNED_ALERTS,
      columns: 'i:objectId,i:candid,i:jd,v:classification,i:magpsf,i:fid',
    },
    signal,
  );
  const latestJd = recent.reduce((m, r) => Math.max(m, typeof r['i:jd'] === 'number' ? r['i:jd'] : 0), 0);
  if (latestJd === 0) return null;
  const night = jdToIsoUtc(latestJd).slice(0, 10);
  const stats = await getJson<ApiRow[]>(
    'statistics',
    { date: night.replace(/-/g, ''), 'output-format': 'json' },
    signal,
  );
  const series = statsSeries(stats);
  const seen = new Set<string>();
  const newest = [...recent]
    .sort((a, b) => Number(b['i:jd']) - Number(a['i:jd']))
    .filter((r) => {
      const id = String(r['i:objectId']);
      const label = String(r['v:classification'] ?? 'Unknown');
      if (DULL_CLASS.test(label) || seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, SHOWN_ALERTS);
  const valid = series.basic.sci?.[series.basic.sci.length - 1] ?? null;
  const stamps =
    newest.length === 0
      ? []
      : await getRowsExact(
          'objects',
          {
            objectId: newest.map((r) => String(r['i:objectId'])).join(','),
            columns: 'i:candid,v:hasCutouts',
          },
          signal,
        );
  const withStamps = new Set(
    stamps.filter((r) => r['v:hasCutouts'] === true).map((r) => String(r['i:candid'])),
  );
  return { night, classes: classTotals(series).filter((c) => c.total > 0), valid, newest, withStamps };
}

/** The "last night" panel. */
export function LastNight() {
  const glance = useLoad('last-night', loadGlance);
  if (glance.state === 'loading') return <Loading what="last night" />;
  if (glance.state === 'error')
    return <ErrorBox title="Last night could not be loaded">{glance.message}</ErrorBox>;
  const g = glance.value;
  if (g === null) return null;
  return (
    <section class="panel last-night" aria-label="Last night at a glance">
      <h2>
        Last night: {g.night}
        {g.valid !== null ? ` — ${g.valid.toLocaleString('en-US')} valid alerts` : ''}
      </h2>
      <div class="grid-2">
        <div>
          <h3>Alerts per class</h3>
          <table class="data class-counts" aria-label="Alerts per class last night">
            <tbody>
              {g.classes.map((c) => (
                <tr key={c.label} data-class={c.label} data-count={c.total}>
                  <th scope="row">
                    <a href={`/?action=class&class=${encodeURIComponent(c.label)}&last=100`}>{c.label}</a>
                  </th>
                  <td>{c.total.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3>Newest interesting alerts</h3>
          <ul class="thumbs">
            {g.newest.map((r) => {
              const objectId = String(r['i:objectId']);
              const candid = String(r['i:candid']);
              return (
                <li key={objectId} data-object-id={objectId}>
                  <a href={`/${objectId}`}>
                    {g.withStamps.has(candid) ? (
                      <img
                        src={apiUrl('cutouts', { objectId, candid, kind: 'Science', 'output-format': 'PNG' })}
                        alt={`Science stamp of ${objectId}`}
                        width={96}
                        height={96}
                        loading="lazy"
                      />
                    ) : (
                      <span class="no-thumb">no cutout</span>
                    )}
                    <span class="thumb-id">{objectId}</span>
                    <span class="thumb-class">{String(r['v:classification'] ?? '')}</span>
                    <span class="thumb-time">{jdToIsoUtc(Number(r['i:jd'])).slice(11, 16)} UTC</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
