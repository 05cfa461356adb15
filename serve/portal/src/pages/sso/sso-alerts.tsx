/** The alerts of a Solar System object (its `/api/v1/sso` rows), each linked to its object page, newest first. */
import { useState } from 'preact/hooks';
import { type Column, DataTable } from '../../components/data-table.js';
import type { ApiRow } from '../../lib/api.js';
import { BAND_NAMES } from '../../lib/sso-points.js';
import { jdToIsoUtc } from '../../lib/sso-traces.js';

const num = (row: ApiRow, key: string): number | null => {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

const COLUMNS: readonly Column<ApiRow>[] = [
  {
    key: 'objectId',
    label: 'Object',
    render: (r) => <a href={`/${String(r['i:objectId'])}`}>{String(r['i:objectId'])}</a>,
    sortValue: (r) => String(r['i:objectId']),
  },
  {
    key: 'jd',
    label: 'Date (UTC)',
    render: (r) => {
      const jd = num(r, 'i:jd');
      return jd === null ? '—' : jdToIsoUtc(jd).slice(0, 19).replace('T', ' ');
    },
    sortValue: (r) => num(r, 'i:jd'),
  },
  {
    key: 'fid',
    label: 'Band',
    render: (r) => BAND_NAMES[num(r, 'i:fid') ?? 0] ?? String(r['i:fid']),
    sortValue: (r) => num(r, 'i:fid'),
  },
  {
    key: 'magpsf',
    label: 'Magnitude',
    render: (r) => {
      const m = num(r, 'i:magpsf');
      const s = num(r, 'i:sigmapsf');
      return m === null ? '—' : `${m.toFixed(2)}${s === null ? '' : ` ± ${s.toFixed(2)}`}`;
    },
    sortValue: (r) => num(r, 'i:magpsf'),
  },
  {
    key: 'phase',
    label: 'Phase (deg)',
    render: (r) => num(r, 'Phase')?.toFixed(2) ?? '—',
    sortValue: (r) => num(r, 'Phase'),
  },
];

/** Sortable, paged table of the object's alerts. */
export function SsoAlerts({ rows }: { rows: readonly ApiRow[] }) {
  const [page, setPage] = useState(1);
  return (
    <section class="panel sso-alerts" aria-label="Alerts of this object">
      <h2>Alerts ({rows.length})</h2>
      <DataTable
        rows={rows}
        columns={COLUMNS}
        label="Alerts of this object"
        initialSort={{ key: 'jd', descending: true }}
        rowKey={(r, i) => `${String(r['i:objectId'])}-${i}`}
        paging={{ page, pageSize: 50, onPage: setPage }}
      />
    </section>
  );
}
