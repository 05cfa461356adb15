/**
 * LSST Solar System page `/<store>/sso/<designation>`: the Rubin detections of one Solar System object (packed or
 * unpacked primary provisional designation), from the store's public `sso`: its light curve (flux or AB magnitude
 * per band), the table of its detections (position, band, flux, heliocentric and topocentric distances, phase
 * angle when the ssSource carries them), the cutouts of a chosen detection (`?diaSourceId=`), the phase curve
 * with the SSOFT's HG / HG1G2 parameters (pages/lsst/sso-phase.tsx) and links to the MPC, JPL and IMCCE.
 */
import { Cutouts } from '../components/cutouts.js';
import { type Column, DataTable } from '../components/data-table.js';
import { Downloads } from '../components/downloads.js';
import { ErrorBox, Loading, Notice } from '../components/status.js';
import type { ApiRow } from '../lib/api.js';
import { getRowsExact, quoteLargeIntegers } from '../lib/exact-json.js';
import { jdUtcOfMjdTai } from '../lib/lsst-photometry.js';
import { numberField } from '../lib/object-rows.js';
import { jdText } from '../lib/results.js';
import { setQuery, useLocation } from '../lib/router.js';
import { type StoreEntry, storeEndpoint } from '../lib/stores.js';
import { useLoad } from '../lib/use-api.js';
import { LsstLightCurve } from './lsst/light-curve.js';
import { LsstSsoPhase } from './lsst/sso-phase.js';
import { SsoServiceLinks } from './sso/orbit-card.js';

const mjdOf = (row: ApiRow): number => numberField(row, 'r:midpointMjdTai') ?? 0;
const fixed = (digits: number) => (value: number | null) => (value === null ? '' : value.toFixed(digits));

function numberColumn(field: string, label: string, digits: number): Column<ApiRow> {
  return {
    key: field,
    label,
    render: (r) => fixed(digits)(numberField(r, field)),
    sortValue: (r) => numberField(r, field),
  };
}

/** The detections table; ssSource columns only when the rows carry them. */
function columns(rows: readonly ApiRow[], onPick: (id: string) => void): Column<ApiRow>[] {
  const has = (field: string): boolean => rows.some((r) => numberField(r, field) !== null);
  return [
    {
      key: 'date',
      label: 'Date (UTC)',
      render: (r) => jdText(jdUtcOfMjdTai(mjdOf(r))),
      sortValue: mjdOf,
    },
    {
      key: 'id',
      label: 'diaSourceId',
      render: (r) => (
        <button type="button" class="link" onClick={() => onPick(String(r['r:diaSourceId']))}>
          {String(r['r:diaSourceId'])}
        </button>
      ),
    },
    { key: 'band', label: 'Band', render: (r) => String(r['r:band'] ?? '') },
    numberColumn('r:psfFlux', 'PSF flux (nJy)', 1),
    numberColumn('r:psfFluxErr', 'σ (nJy)', 1),
    numberColumn('r:ra', 'RA (deg)', 5),
    numberColumn('r:dec', 'Dec (deg)', 5),
    ...[
      ['r:helioRange', 'r (au)', 4],
      ['r:topoRange', 'Δ (au)', 4],
      ['r:phaseAngle', 'Phase angle (deg)', 2],
    ]
      .filter(([field]) => has(String(field)))
      .map(([field, label, digits]) => numberColumn(String(field), String(label), Number(digits))),
  ];
}

/** The LSST Solar System page of a store. */
export function LsstSsoPage({ store, name }: { store: StoreEntry; name: string }) {
  const { search } = useLocation();
  const rows = useLoad(`${store.name}:${name}`, (signal) =>
    getRowsExact(storeEndpoint(store, 'sso'), { n_or_d: name }, signal, quoteLargeIntegers),
  );
  if (rows.state === 'loading') return <Loading what={name} />;
  if (rows.state === 'error')
    return <ErrorBox title={`${name}: the API answered an error`}>{rows.message}</ErrorBox>;
  const detections = [...rows.value].sort((a, b) => mjdOf(b) - mjdOf(a));
  const first = detections[0];
  if (first === undefined)
    return (
      <ErrorBox title={`${name} not found`}>
        No Rubin detection of this designation in the LSST store (a packed or unpacked primary provisional
        designation: K01S97B, 2001 SB97).
      </ErrorBox>
    );
  const title = typeof first['f:sso_name'] === 'string' ? first['f:sso_name'] : name;
  const chosen =
    detections.find((d) => String(d['r:diaSourceId']) === search.get('diaSourceId')) ?? detections[0];
  const diaSourceId = String(chosen['r:diaSourceId']);
  return (
    <section class="sso-page">
      <h1>{title}</h1>
      <p class="subtitle">
        Rubin (LSST) Solar System object · packed designation{' '}
        {String(first['r:packed_primary_provisional_designation'] ?? '—')} · {detections.length} detection
        {detections.length === 1 ? '' : 's'}
      </p>
      <LsstLightCurve sources={detections} forced={[]} />
      <LsstSsoPhase store={store} designation={title} rows={detections} />
      <section class="panel orbit-card" aria-label="Orbit">
        <h2>Orbit</h2>
        <Notice>
          The LSST API of this server answers no orbital elements (the alerts' mpc_orbits record is not
          served): see the object at the MPC, JPL and IMCCE.
        </Notice>
        <SsoServiceLinks id={title} />
      </section>
      <section class="panel">
        <h2>Cutouts of {diaSourceId}</h2>
        <Cutouts endpoint={storeEndpoint(store, 'cutouts')} alert={{ diaSourceId }} />
      </section>
      <section class="panel">
        <h2>Detections</h2>
        {detections.length === 0 ? <Notice>No detection.</Notice> : null}
        <DataTable
          rows={detections}
          columns={columns(detections, (id) => setQuery({ diaSourceId: id }))}
          label="Detections"
          rowKey={(r, i) => String(r['r:diaSourceId'] ?? i)}
          initialSort={{ key: 'date', descending: true }}
        />
        <Downloads
          endpoint={storeEndpoint(store, 'sso')}
          args={{ n_or_d: name }}
          fileName={`lsst_sso_${name}`}
        />
      </section>
    </section>
  );
}
