/**
 * The GW sky-map form: checks the fields and builds the multipart bodies of `/api/v1/skymap` (the map file in
 * the `file` field, credible level, days before and after the event): one request for the objects found
 * (`output-format=json`) and one for the credible region as an IVOA MOC JSON (`output-format=moc-json`).
 * Reference: docs/references.md#api-bayestar (arguments and defaults: 1 day before, 6 after).
 */

/** The multipart field of the uploaded sky map. */
export const GW_FILE_FIELD = 'file';
/** The output format of the credible region as a MOC (JSON: `{"order": [cells]}`). */
export const MOC_FORMAT = 'moc-json';

/** The form's fields as typed. */
export interface GwFields {
  readonly file: Blob | null;
  /** A GraceDB event id (e.g. S200219ac), answered when the operator set SKYALERT_GRACEDB_URL; '' for none. */
  readonly eventName?: string;
  /** The event time t0 (ISO UTC, JD or MJD) overriding the map's DATE-OBS; '' for the map's. */
  readonly t0?: string;
  readonly fileName: string;
  readonly credibleLevel: string;
  readonly nDayBefore: string;
  readonly nDayAfter: string;
}

/** Problems of the fields, as sentences (empty when the form can be sent). */
export function gwProblems(fields: GwFields): string[] {
  const problems: string[] = [];
  const eventName = (fields.eventName ?? '').trim();
  if (fields.file === null && eventName === '')
    problems.push(
      'Choose a sky map (FITS, gzipped or not, e.g. bayestar.fits.gz) or give a GraceDB event name.',
    );
  if (fields.file !== null && eventName !== '')
    problems.push('Give either a sky map file or an event name, not both.');
  if (eventName !== '' && !/^[A-Za-z0-9_-]{3,40}$/.test(eventName))
    problems.push('An event name is a GraceDB id of letters, digits, - and _ (e.g. S200219ac).');
  const level = Number(fields.credibleLevel);
  if (fields.credibleLevel.trim() === '' || !(level > 0) || level > 1)
    problems.push('The credible level is a probability, more than 0 and at most 1 (e.g. 0.9).');
  for (const [value, what] of [
    [fields.nDayBefore, 'before'],
    [fields.nDayAfter, 'after'],
  ] as const) {
    const days = Number(value);
    if (value.trim() === '' || !(days >= 0) || !Number.isFinite(days))
      problems.push(`The days ${what} the event are a number, 0 or more.`);
  }
  return problems;
}

/** The multipart body of one request (fields assumed valid). */
export function gwFormData(fields: GwFields, outputFormat: string): FormData {
  const form = new FormData();
  if (fields.file !== null) form.set(GW_FILE_FIELD, fields.file, fields.fileName || 'skymap.fits.gz');
  else if ((fields.eventName ?? '').trim() !== '') form.set('event_name', (fields.eventName ?? '').trim());
  if ((fields.t0 ?? '').trim() !== '') form.set('t0', (fields.t0 ?? '').trim());
  form.set('credible_level', fields.credibleLevel.trim());
  form.set('n_day_before', fields.nDayBefore.trim());
  form.set('n_day_after', fields.nDayAfter.trim());
  form.set('output-format', outputFormat);
  return form;
}

/** A MOC JSON answer as the sky viewer takes it (`{"order": [cells]}`); null when the answer is not one. */
export function mocOf(answer: unknown): Record<string, number[]> | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  const moc: Record<string, number[]> = {};
  for (const [order, cells] of Object.entries(answer)) {
    if (!/^\d{1,2}$/.test(order) || !Array.isArray(cells)) return null;
    if (!cells.every((c) => Number.isInteger(c) && c >= 0)) return null;
    moc[order] = cells as number[];
  }
  return Object.keys(moc).length > 0 ? moc : null;
}

/** The sky fraction of a MOC: Σ cells / (12 · 4^order), in [0, 1]. */
export function mocSkyFraction(moc: Readonly<Record<string, readonly number[]>>): number {
  let fraction = 0;
  for (const [order, cells] of Object.entries(moc)) fraction += cells.length / (12 * 4 ** Number(order));
  return fraction;
}

/** The area of the whole sky (deg²). */
export const SKY_AREA_DEG2 = 4 * Math.PI * (180 / Math.PI) ** 2;
