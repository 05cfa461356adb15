/**
 * The identity card of a Rubin diaObject: first and last detection, detections per band, forced sources, position
 * in decimal and sexagesimal, links to catalogues by position, and (children) its counterparts in other surveys.
 */
import type { ComponentChildren } from 'preact';
import { formatDecDms, formatRaHms } from '../../../../../compute/sky/sexagesimal.js';
import type { ApiRow } from '../../lib/api.js';
import { positionLinks } from '../../lib/links.js';
import { countByLsstBand, jdUtcOfMjdTai } from '../../lib/lsst-photometry.js';
import { numberField } from '../../lib/object-rows.js';
import { jdText } from '../../lib/results.js';

/** Summary properties and links of a diaObject. */
export function LsstSummaryCard({
  object,
  sources,
  forced,
  raDeg,
  decDeg,
  children,
}: {
  object: ApiRow | undefined;
  sources: readonly ApiRow[];
  forced: readonly ApiRow[];
  raDeg: number | null;
  decDeg: number | null;
  children?: ComponentChildren;
}) {
  const mjds = sources.map((s) => numberField(s, 'r:midpointMjdTai')).filter((m): m is number => m !== null);
  const first = mjds.length > 0 ? Math.min(...mjds) : null;
  const last = mjds.length > 0 ? Math.max(...mjds) : null;
  const nDiaSources = numberField(object, 'r:nDiaSources');
  return (
    <section class="panel summary-card" aria-label="Summary">
      <dl class="props">
        <dt>First detection</dt>
        <dd>{first === null ? '—' : jdText(jdUtcOfMjdTai(first))}</dd>
        <dt>Last detection</dt>
        <dd>{last === null ? '—' : jdText(jdUtcOfMjdTai(last))}</dd>
        <dt>Duration</dt>
        <dd>{first === null || last === null ? '—' : `${(last - first).toFixed(2)} days`}</dd>
        <dt>diaSources per band</dt>
        <dd>
          {countByLsstBand(sources).map(([band, n]) => (
            <div key={band}>
              <span class={`band band-${band}`}>{band}</span>: {n}
            </div>
          ))}
        </dd>
        <dt>diaSources (diaObject record)</dt>
        <dd>{nDiaSources ?? '—'}</dd>
        <dt>Forced sources</dt>
        <dd>{forced.length}</dd>
        {raDeg !== null && decDeg !== null ? (
          <>
            <dt>RA, Dec (deg)</dt>
            <dd>
              {raDeg.toFixed(6)}, {decDeg >= 0 ? '+' : ''}
              {decDeg.toFixed(6)}
            </dd>
            <dt>RA, Dec (sexagesimal)</dt>
            <dd>
              {formatRaHms(raDeg)} {formatDecDms(decDeg)}
            </dd>
          </>
        ) : null}
      </dl>
      {children}
      {raDeg !== null && decDeg !== null ? (
        <p class="links">
          Catalogues:{' '}
          {positionLinks(raDeg, decDeg).map((l) => (
            <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
            </a>
          ))}
        </p>
      ) : null}
    </section>
  );
}
