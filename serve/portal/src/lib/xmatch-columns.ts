/**
 * The columns of a catalogue to cross-match, read in the browser before sending: the names in the first line of
 * CSV text or the `FIELD` names of a VOTable (parquet is binary: no names), and a first guess of which column is
 * RA, Dec, ID and Time, for the form's column pickers.
 */

/** The column names of CSV or VOTable text (first line / `<FIELD name=…>`); [] when none can be read. */
export function catalogueColumnNames(text: string): string[] {
  if (/<VOTABLE|<FIELD\b/i.test(text)) {
    return [...text.matchAll(/<FIELD\b[^>]*\bname\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);
  }
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '');
  if (first === undefined) return [];
  return first
    .split(',')
    .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
    .filter((s) => s !== '');
}

/** The columns chosen as RA, Dec, ID and (optionally, '' for none) Time. */
export interface CatalogueRoles {
  readonly ra: string;
  readonly dec: string;
  readonly id: string;
  readonly time: string;
}

/** A first guess of the roles from the names (ra…, de…, id or name, time, jd, mjd, date); null without a guess. */
export function guessRoles(names: readonly string[]): CatalogueRoles | null {
  const find = (pattern: RegExp, taken: readonly string[] = []): string =>
    names.find((n) => pattern.test(n) && !taken.includes(n)) ?? '';
  const ra = find(/^(ra|raj2000|ra_?deg|ra_icrs|alpha.*)$/i) || find(/^ra/i);
  const dec = find(/^(dec|decl|dej2000|dec_?deg|de_icrs|delta.*)$/i) || find(/^de/i);
  const id = find(/^(id|name|source_?id|objname|designation)$/i, [ra, dec]) || find(/id|name/i, [ra, dec]);
  const time = find(/^(time|jd|mjd|date|epoch|t0)$/i, [ra, dec, id]);
  if (ra === '' || dec === '' || id === '') return null;
  return { ra, dec, id, time };
}

/** The API's `header` argument of chosen roles: "RA,Dec,ID[,Time]". */
export function headerOfRoles(roles: CatalogueRoles): string {
  return [roles.ra, roles.dec, roles.id, ...(roles.time ? [roles.time] : [])].join(',');
}
