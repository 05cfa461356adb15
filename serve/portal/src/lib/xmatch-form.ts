/**
 * The cross-match form: checks the fields as `/api/v1/xmatch` will (so most mistakes are caught before the
 * upload) and builds its multipart body. The catalogue is either pasted CSV text (`catalog`, as the reference
 * API) or an uploaded file (CSV, VOTable or parquet) sent in the `file` field.
 * Reference: docs/references.md#api-xmatch (arguments, 18,000″ radius limit, "RA,Dec,ID[,Time]" header).
 */

/** The multipart field of an uploaded catalogue. */
export const XMATCH_FILE_FIELD = 'file';
/** The largest radius the API accepts (arcsec). */
export const MAX_RADIUS_ARCSEC = 18_000;

/** The form's fields as typed (text inputs are strings). */
export interface XmatchFields {
  readonly catalogText: string;
  readonly file: Blob | null;
  readonly fileName: string;
  readonly header: string;
  readonly radiusArcsec: string;
  readonly windowDays: string;
}

/** Problems of the fields, as sentences (empty when the form can be sent). */
export function xmatchProblems(fields: XmatchFields): string[] {
  const problems: string[] = [];
  const hasText = fields.catalogText.trim() !== '';
  if (!hasText && fields.file === null) problems.push('Give a catalogue: paste CSV text or choose a file.');
  if (hasText && fields.file !== null) problems.push('Give either pasted text or a file, not both.');
  const header = fields.header
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (header.length < 3 || header.length > 4)
    problems.push('The header names 3 or 4 columns: RA, Dec, ID and optionally Time (e.g. RA,Dec,ID).');
  const radius = Number(fields.radiusArcsec);
  if (fields.radiusArcsec.trim() === '' || !(radius > 0) || radius > MAX_RADIUS_ARCSEC)
    problems.push(
      `The radius is in arcseconds, more than 0 and at most ${MAX_RADIUS_ARCSEC.toLocaleString('en-US')}.`,
    );
  if (fields.windowDays.trim() !== '') {
    const window = Number(fields.windowDays);
    if (!(window > 0) || !Number.isFinite(window))
      problems.push('The time window is a positive number of days.');
  }
  return problems;
}

/**
 * The multipart body of a request (fields assumed valid), for the answer in `outputFormat`. Catalogue rows
 * without a match are kept in the answer (`unmatched=keep`, empty alert fields), so the page can count them.
 */
export function xmatchFormData(fields: XmatchFields, outputFormat = 'json'): FormData {
  const form = new FormData();
  if (fields.file !== null) form.set(XMATCH_FILE_FIELD, fields.file, fields.fileName || 'catalog.csv');
  else form.set('catalog', fields.catalogText);
  form.set(
    'header',
    fields.header
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .join(','),
  );
  form.set('radius', fields.radiusArcsec.trim());
  if (fields.windowDays.trim() !== '') form.set('window', fields.windowDays.trim());
  form.set('unmatched', 'keep');
  form.set('output-format', outputFormat);
  return form;
}

/**
 * The columns to show of cross-match rows: the catalogue's own columns (no `x:` prefix) first, then the main alert
 * fields present, then the separation.
 */
export function xmatchColumns(rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0]);
  const catalogue = keys.filter((k) => !k.includes(':') && !/separation/i.test(k));
  // the separation is shown in arcsec (SEPARATION_ARCSEC_COLUMN), not in the API's degrees
  const alert = ['i:objectId', 'v:classification', 'i:jd', 'i:magpsf'].filter((k) => keys.includes(k));
  const separation = keys.some((k) => k === 'v:separation_degree') ? [SEPARATION_ARCSEC_COLUMN] : [];
  return [...catalogue, ...alert, ...separation];
}

/** The column of the results table holding the separation in arcsec (from the API's `v:separation_degree`). */
export const SEPARATION_ARCSEC_COLUMN = 'separation (arcsec)';

/** Whether a row of an answer with `unmatched=keep` is a catalogue row without a match (no alert). */
export function isUnmatchedRow(row: Readonly<Record<string, unknown>>): boolean {
  const id = row['i:objectId'];
  return id === null || id === undefined || id === '';
}
