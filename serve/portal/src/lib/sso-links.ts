/**
 * Links and titles of a Solar System object: its pages at the Minor Planet Center, JPL's Small-Body Database and
 * IMCCE's SsODNet (ssoCard), and the one heading its pages show whatever name, number or designation the URL
 * gave. Pure text building.
 */
import type { ExternalLink } from './links.js';

/**
 * The heading of an object: "(8467) Benoitcarry" for a numbered asteroid with a name, "(8467)" plus the
 * designation for one without, the designation alone for an unnumbered one; `fallback` when nothing is known.
 */
export function ssoHeading(number: unknown, name: unknown, fallback: string): string {
  const n = typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
  const label = typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
  if (n !== null) return label !== null && label !== String(n) ? `(${n}) ${label}` : `(${n})`;
  return label ?? fallback;
}

/**
 * The object at the MPC, JPL SBDB and IMCCE ssoCard, by its number (when numbered) or its designation or name.
 * @param id a number ("8467"), designation ("2010 JO69", "10P") or name; blanks are encoded.
 */
export function ssoServiceLinks(id: string): ExternalLink[] {
  const q = encodeURIComponent(id.trim());
  return [
    { label: 'MPC', href: `https://minorplanetcenter.net/db_search/show_object?object_id=${q}` },
    { label: 'JPL SBDB', href: `https://ssd.jpl.nasa.gov/tools/sbdb_lookup.html#/?sstr=${q}` },
    { label: 'IMCCE ssoCard', href: `https://api.ssodnet.imcce.fr/ssocard/${q}` },
  ];
}
