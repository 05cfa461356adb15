/**
 * Every field of one alert as a two-column table (name, value), grouped by prefix in the survey's order (ZTF
 * `i:`, `d:`, `v:`; LSST `r:`, `f:`, `v:`).
 */
import type { ApiRow } from '../../lib/api.js';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields of an alert, sorted by name within each family. */
export function AlertTable({
  alert,
  families = ['i:', 'd:', 'v:'],
}: {
  alert: ApiRow;
  /** Field prefixes in display order; other fields come last. */
  families?: readonly string[];
}) {
  const names = Object.keys(alert).sort((a, b) => {
    const order = (n: string): number => families.indexOf(n.slice(0, 2)) + 1 || 9;
    return order(a) - order(b) || a.localeCompare(b);
  });
  return (
    <div class="table-scroll alert-table">
      <table class="data" aria-label="Alert content">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {names.map((n) => (
            <tr key={n}>
              <td>
                <code>{n}</code>
              </td>
              <td>{show(alert[n])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
