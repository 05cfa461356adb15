/**
 * The Solar System prefix search of the portal (docs/portal.md, search): a number typed alone also finds the numbered
 * objects whose number starts with it (8467 → 8467, 84673, …). The API matches names exactly, so the portal
 * lists the `i:ssnamenr` values of the store's alerts of class "Solar System MPC" (latests, distinct objects)
 * and keeps those starting with the digits.
 */

/** Most objects one `sso` request takes (the endpoint's limit). */
export const MAX_SSO_MATCHES = 100;

/**
 * The numbered objects whose number starts with `prefix`.
 * @param prefix digits typed; @param ssnamenrs `i:ssnamenr` values (any spelling; only all-digit ones match).
 * @returns distinct numbers, the exact one first, then by increasing number; at most {@link MAX_SSO_MATCHES}.
 */
export function ssoPrefixMatches(prefix: string, ssnamenrs: readonly unknown[]): string[] {
  const found = new Set<string>();
  for (const value of ssnamenrs) {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (/^\d+$/.test(text) && text.startsWith(prefix)) found.add(text);
  }
  return [...found]
    .sort((a, b) => (a === prefix ? -1 : b === prefix ? 1 : Number(a) - Number(b)))
    .slice(0, MAX_SSO_MATCHES);
}
