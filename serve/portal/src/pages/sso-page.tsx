/**
 * `/sso/<name or number>`: the page of a known asteroid or comet, without an alert id. One heading whatever the
 * URL named it by ("(8467) Benoitcarry" for `/sso/8467`, `/sso/benoitcarry` or `/sso/1981 EE36`...), the orbit
 * card of the orbit catalogue, the Solar System views (light curve, astrometry, phase curve) and every alert.
 */
import { type ApiRow, getJson } from '../lib/api.js';
import { ssoHeading } from '../lib/sso-links.js';
import { useLoad } from '../lib/use-api.js';
import { OrbitCard } from './sso/orbit-card.js';
import { SsoAlerts } from './sso/sso-alerts.js';
import { SsoViews, useSsoRows } from './sso-tab.js';

/** Page of a Solar System object named by its number, name or designation. */
export function SsoPage({ name }: { name: string }) {
  const key = name.trim();
  const orbit = useLoad(`orbit:${key}`, (signal) => getJson<ApiRow[]>('orbits', { n_or_d: key }, signal));
  const rows = useSsoRows(key);
  const record = orbit.state === 'done' ? orbit.value[0] : undefined;
  const first = rows.state === 'done' ? rows.value[0] : undefined;
  const heading = record
    ? ssoHeading(record.number, record.name ?? record.designation, key)
    : first
      ? ssoHeading(first.sso_number, first.sso_name, key)
      : key;
  return (
    <section class="sso-page">
      <h1 data-sso-heading>{heading}</h1>
      {record && typeof record.designation === 'string' && heading.indexOf(record.designation) < 0 ? (
        <p class="subtitle">{record.designation}</p>
      ) : null}
      <div class="grid-2 sso-grid">
        <div>
          <OrbitCard orbit={orbit} fallbackId={key} />
        </div>
        <div>
          <SsoViews name={key} objectId="" rows={rows} />
        </div>
      </div>
      {rows.state === 'done' && rows.value.length > 0 ? <SsoAlerts rows={rows.value} /> : null}
    </section>
  );
}
