/**
 * Nearby sources of an object: the cross-match fields the science modules wrote in its latest alert
 * (SIMBAD, GCVS, VSX, Gaia, Pan-STARRS, Mangrove, MPC, …, whichever exist), and the other objects of this store
 * within 30″ (/api/v1/conesearch).
 */
import { Fragment } from 'preact';
import { ErrorBox, Loading, Notice } from '../../components/status.js';
import { type ApiRow, getJson } from '../../lib/api.js';
import { isBlank, jdText, toResultRows } from '../../lib/results.js';
import { useLoad } from '../../lib/use-api.js';

/** Radius of the search for other objects of the store (arcsec). */
export const NEIGHBOUR_RADIUS_ARCSEC = 30;

/** Cross-match fields shown when present, with their meaning. */
const XMATCH_FIELDS: readonly (readonly [field: string, label: string])[] = [
  ['d:cdsxmatch', 'SIMBAD type (CDS xmatch)'],
  ['d:gcvs', 'GCVS type'],
  ['d:vsx', 'VSX type'],
  ['d:DR3Name', 'Gaia DR3 name'],
  ['d:gaiaClass', 'Gaia DR3 class'],
  ['d:gaiaVarFlag', 'Gaia DR3 variability flag'],
  ['d:Plx', 'Gaia DR3 parallax (mas)'],
  ['d:tns', 'TNS'],
  ['d:spicy_class', 'SPICY class'],
  ['d:x3hsp', '3HSP'],
  ['d:x4lac', '4LAC'],
  ['i:ssnamenr', 'MPC name of the nearest known Solar System object'],
  ['i:ssdistnr', 'Distance to it (″)'],
  ['i:neargaia', 'Distance to the nearest Gaia source (″)'],
  ['i:maggaia', 'Its Gaia G magnitude'],
  ['i:objectidps1', 'Nearest Pan-STARRS1 source'],
  ['i:distpsnr1', 'Distance to it (″)'],
  ['i:sgscore1', 'Its star/galaxy score (1 = star)'],
  ['i:distnr', 'Distance to the nearest ZTF reference source (″)'],
  ['i:magnr', 'Its magnitude'],
];

/** A field worth showing: not blank (null, NaN, `nan`, `None`), not ZTF's -999 "no source" placeholder. */
function present(value: unknown): boolean {
  return !isBlank(value) && !(typeof value === 'number' && value < -900);
}

/** A number with 6 significant digits; ids read exactly (strings, lib/exact-json.ts) are shown as they are. */
function fieldText(value: unknown): string {
  return typeof value === 'number' ? String(Number(value.toPrecision(6))) : String(value);
}

/** The cross-match fields of the latest alert, and other objects nearby. */
export function Neighbourhood({
  objectId,
  latest,
  raDeg,
  decDeg,
}: {
  objectId: string;
  latest: ApiRow;
  raDeg: number;
  decDeg: number;
}) {
  const mangrove = Object.keys(latest)
    .filter((k) => k.startsWith('d:mangrove_'))
    .map((k) => [k, `Mangrove ${k.slice('d:mangrove_'.length)}`] as const);
  const fields = [...XMATCH_FIELDS, ...mangrove].filter(([f]) => present(latest[f]));
  const cone = useLoad(`${objectId}:${raDeg}:${decDeg}`, (signal) =>
    getJson<ApiRow[]>('conesearch', { ra: raDeg, dec: decDeg, radius: NEIGHBOUR_RADIUS_ARCSEC }, signal),
  );
  return (
    <div class="neighbourhood">
      <h3>Catalogue cross-matches (latest alert)</h3>
      {fields.length === 0 ? (
        <Notice>No cross-match field is filled in this alert.</Notice>
      ) : (
        <dl class="props">
          {fields.map(([f, label]) => (
            <Fragment key={f}>
              <dt title={f}>{label}</dt>
              <dd>{fieldText(latest[f])}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      <h3>Other objects within {NEIGHBOUR_RADIUS_ARCSEC}″ in this store</h3>
      {cone.state === 'loading' ? <Loading what="nearby objects" /> : null}
      {cone.state === 'error' ? <ErrorBox title="Cone search failed">{cone.message}</ErrorBox> : null}
      {cone.state === 'done' ? <NeighbourList rows={cone.value} objectId={objectId} /> : null}
    </div>
  );
}

function NeighbourList({ rows, objectId }: { rows: ApiRow[]; objectId: string }) {
  const others = toResultRows(rows).filter((r) => r.objectId !== objectId);
  if (others.length === 0) return <Notice>None.</Notice>;
  return (
    <ul class="neighbours">
      {others.map((r) => (
        <li key={r.objectId}>
          <a href={`/${r.objectId}`}>{r.objectId}</a> — {r.classification ?? 'Unknown'},{' '}
          {r.separationArcsec?.toFixed(1)}″, last alert {jdText(r.lastJd)}
        </li>
      ))}
    </ul>
  );
}
