/**
 * The orbit card of a Solar System object: its record in the server's orbit catalogue (`/api/v1/orbits`):
 * osculating elements (J2000 ecliptic), H and G, the catalogue it came from, and links to the MPC, JPL SBDB and
 * IMCCE. Each value carries the exact number in `data-value`.
 */
import { ErrorBox, Notice } from '../../components/status.js';
import type { ApiRow } from '../../lib/api.js';
import { ssoServiceLinks } from '../../lib/sso-links.js';
import { jdToIsoUtc } from '../../lib/sso-traces.js';
import type { Loaded } from '../../lib/use-api.js';

/** Card rows: API field, label, digits (null: a JD TT shown as a date). */
const FIELDS: readonly (readonly [field: string, label: string, digits: number | null])[] = [
  ['a_au', 'Semi-major axis a (AU)', 5],
  ['e', 'Eccentricity e', 5],
  ['incl_deg', 'Inclination i (deg)', 4],
  ['node_deg', 'Ascending node Ω (deg)', 4],
  ['peri_deg', 'Argument of perihelion ω (deg)', 4],
  ['q_au', 'Perihelion distance q (AU)', 5],
  ['perihelion_jd_tt', 'Perihelion passage (TT)', null],
  ['epoch_jd_tt', 'Epoch of the elements (TT)', null],
  ['h_mag', 'H (mag)', 2],
  ['g_slope', 'G', 2],
];

function shown(value: unknown, digits: number | null): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  if (digits === null) return `${jdToIsoUtc(value).slice(0, 16).replace('T', ' ')} (JD ${value.toFixed(2)})`;
  return value.toFixed(digits);
}

/** The card of the loaded orbit record (an empty answer: the catalogue does not know the object). */
export function OrbitCard({ orbit, fallbackId }: { orbit: Loaded<ApiRow[]>; fallbackId: string }) {
  if (orbit.state === 'loading') return null;
  const record = orbit.state === 'done' ? orbit.value[0] : undefined;
  const id =
    record === undefined
      ? fallbackId
      : typeof record.number === 'number'
        ? String(record.number)
        : String(record.designation ?? record.name ?? fallbackId);
  return (
    <section class="panel orbit-card" aria-label="Orbit">
      <h2>Orbit</h2>
      {orbit.state === 'error' ? (
        <ErrorBox title="No orbit card">{orbit.message}</ErrorBox>
      ) : record === undefined ? (
        <Notice>
          The orbit catalogue of this server does not hold this object: no elements, no ephemerides.
        </Notice>
      ) : (
        <>
          <dl class="facts">
            {FIELDS.map(([field, label, digits]) => (
              <>
                <dt key={`${field}-t`}>{label}</dt>
                <dd
                  key={field}
                  data-field={field}
                  data-value={typeof record[field] === 'number' ? String(record[field]) : undefined}
                >
                  {shown(record[field], digits)}
                </dd>
              </>
            ))}
            <dt>Catalogue</dt>
            <dd data-field="source">
              {String(record.source ?? '')} ({String(record.source_file ?? '')})
            </dd>
          </dl>
          <p class="notice">Osculating heliocentric elements, mean ecliptic and equinox J2000.</p>
        </>
      )}
      <SsoServiceLinks id={id} />
    </section>
  );
}

/** The object's pages at the MPC, JPL SBDB and IMCCE (new tabs). */
export function SsoServiceLinks({ id }: { id: string }) {
  return (
    <p class="links">
      {ssoServiceLinks(id).map((link) => (
        <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      ))}
    </p>
  );
}
