/**
 * The line under an object page's heading for an alert of a known Solar System object: the asteroid's number and
 * name from the orbit catalogue (`/api/v1/orbits`), linked to its Solar System page; the ZTF name alone when the
 * catalogue does not know it.
 */
import { type ApiRow, getJson } from '../../lib/api.js';
import { ssoHeading } from '../../lib/sso-links.js';
import { useLoad } from '../../lib/use-api.js';

/** "Solar System object (8467) Benoitcarry", linked to `/sso/8467`. */
export function SsoObjectName({ ssnamenr }: { ssnamenr: string }) {
  const orbit = useLoad(`orbit:${ssnamenr}`, (signal) =>
    getJson<ApiRow[]>('orbits', { n_or_d: ssnamenr }, signal),
  );
  const record = orbit.state === 'done' ? orbit.value[0] : undefined;
  const heading = record ? ssoHeading(record.number, record.name ?? record.designation, ssnamenr) : ssnamenr;
  const target = record ? String(record.id) : ssnamenr;
  return (
    <p class="subtitle sso-object-name" data-sso-heading={heading}>
      Solar System object <a href={`/sso/${encodeURIComponent(target)}`}>{heading}</a>
    </p>
  );
}
