/**
 * The identity card of an object: classification, first and last detection, alerts per band, position in
 * decimal and sexagesimal, constellation, links to catalogues by position and to other brokers by id.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { icrsToGalactic } from '../../../../../compute/sky/galactic.js';
import { formatDecDms, formatRaHms } from '../../../../../compute/sky/sexagesimal.js';
import type { ApiRow } from '../../lib/api.js';
import { brokerLinks, finkLink, morePositionLinks, positionLinks } from '../../lib/links.js';
import { detectionSpan, meanPosition } from '../../lib/object-rows.js';
import { BAND_NAMES, countByBand } from '../../lib/photometry.js';
import { jdText } from '../../lib/results.js';

const HOURS_PER_DEG = 1 / 15;

/**
 * The constellation of a position: the alerts' `v:constellation` when the API gave it, else astronomy-engine's
 * `Constellation(raHours, decDeg)` loaded on demand (its own chunk).
 */
function useConstellation(given: unknown, raDeg: number | null, decDeg: number | null): string | null {
  const [name, setName] = useState<string | null>(typeof given === 'string' && given !== '' ? given : null);
  useEffect(() => {
    if (name !== null || raDeg === null || decDeg === null) return;
    let live = true;
    import('astronomy-engine').then(
      (engine) => live && setName(engine.Constellation(raDeg * HOURS_PER_DEG, decDeg).name),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [raDeg, decDeg]);
  return name;
}

/** Summary properties and links of an object. */
export function SummaryCard({
  objectId,
  rows,
  latest,
  children,
}: {
  objectId: string;
  rows: readonly ApiRow[];
  latest: ApiRow;
  /** Shown below the properties (the counterparts in other surveys). */
  children?: ComponentChildren;
}) {
  const position = meanPosition(rows);
  const galactic = position ? icrsToGalactic(position.raDeg, position.decDeg) : null;
  const span = detectionSpan(rows);
  const counts = countByBand(rows);
  const constellation = useConstellation(
    latest['v:constellation'],
    position?.raDeg ?? null,
    position?.decDeg ?? null,
  );
  const classification =
    typeof latest['v:classification'] === 'string' ? latest['v:classification'] : 'Unknown';
  return (
    <section class="panel summary-card" aria-label="Summary">
      <p>
        <span class="badge" data-class={classification}>
          {classification}
        </span>
        {typeof latest['d:cdsxmatch'] === 'string' && latest['d:cdsxmatch'] !== 'Unknown' ? (
          <span class="badge badge-simbad">SIMBAD: {latest['d:cdsxmatch']}</span>
        ) : null}
      </p>
      <dl class="props">
        <dt>First detection</dt>
        <dd>{span ? jdText(span.firstJd) : '—'}</dd>
        <dt>Last detection</dt>
        <dd>{span ? jdText(span.lastJd) : '—'}</dd>
        <dt>Duration</dt>
        <dd>{span ? `${(span.lastJd - span.firstJd).toFixed(2)} days` : '—'}</dd>
        <dt>Alerts per band</dt>
        <dd>
          {([1, 2, 3] as const)
            .filter((fid) => counts[fid].valid + counts[fid].badquality + counts[fid].upperlim > 0)
            .map((fid) => (
              <div key={fid}>
                <span class={`band band-${BAND_NAMES[fid]}`}>{BAND_NAMES[fid]}</span>: {counts[fid].valid}{' '}
                valid, {counts[fid].badquality} bad quality, {counts[fid].upperlim} upper limits
              </div>
            ))}
        </dd>
        {position ? (
          <>
            <dt>RA, Dec (deg)</dt>
            <dd>
              {position.raDeg.toFixed(6)}, {position.decDeg >= 0 ? '+' : ''}
              {position.decDeg.toFixed(6)}
            </dd>
            <dt>RA, Dec (sexagesimal)</dt>
            <dd>
              {formatRaHms(position.raDeg)} {formatDecDms(position.decDeg)}
            </dd>
            <dt>Galactic l, b (deg)</dt>
            <dd class="galactic">
              {galactic
                ? `${galactic.lonDeg.toFixed(5)}, ${galactic.latDeg >= 0 ? '+' : ''}${galactic.latDeg.toFixed(5)}`
                : '—'}
            </dd>
          </>
        ) : null}
        <dt>Constellation</dt>
        <dd>{constellation ?? '—'}</dd>
      </dl>
      {children}
      {position ? (
        <p class="links">
          Catalogues:{' '}
          {[
            ...positionLinks(position.raDeg, position.decDeg),
            ...morePositionLinks(position.raDeg, position.decDeg),
          ].map((l) => (
            <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
            </a>
          ))}
        </p>
      ) : null}
      <p class="links">
        Other brokers:{' '}
        {[finkLink(objectId), ...brokerLinks(objectId)].map((l) => (
          <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">
            {l.label}
          </a>
        ))}
      </p>
    </section>
  );
}
