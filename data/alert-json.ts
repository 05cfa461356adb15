/**
 * An alert as the API's JSON answers write it in full mode, prepared once at publication: the text of every
 * catalogue field (`i:`, `d:` ...) then the per-alert `v:` fields, without the enclosing braces. An answer in
 * full mode is then a concatenation of these texts (plus the colour and rate fields, which depend on the other
 * alerts of the object), byte for byte what writing the rows field by field gives.
 */
import { alertVFields } from '../compute/derived/alert-fields.js';
import { ALERT_COLUMNS } from './columns.js';
import { ALL_FIELDS } from './derived-columns.js';
import { encodeJsonFields, float32Text, jsonValue } from './json-text.js';

/** API names of the single-precision fields (JSON writes them in their shortest float32 form). */
export const FLOAT32_FIELDS: ReadonlySet<string> = new Set(
  ALL_FIELDS.filter((c) => c.type === 'float').map((c) => c.name),
);

/** JSON text of a single-precision field's value (as encodeJsonFields writes it). */
function float32Field(v: unknown): string {
  return typeof v === 'number' ? (Number.isFinite(v) ? float32Text(v) : 'null') : jsonValue(v, true);
}

/** JSON text of any other field's value (as encodeJsonFields writes it). */
function valueField(v: unknown): string {
  return typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'null') : jsonValue(v, false);
}

/**
 * The catalogue fields of a stored row as JSON text, in catalogue order: one expression generated once from the
 * catalogue's names and types (constants), ~2x faster than building the API row and walking its keys.
 */
const catalogueFieldsText = new Function(
  'r',
  'f32',
  'val',
  `return ${ALERT_COLUMNS.map(
    (c, i) =>
      `${JSON.stringify(`${i === 0 ? '' : ','}${JSON.stringify(c.name)}:`)} + ${FLOAT32_FIELDS.has(c.name) ? 'f32' : 'val'}(r[${JSON.stringify(c.storage)}])`,
  ).join(' + ')};`,
) as (row: Record<string, unknown>, f32: typeof float32Field, val: typeof valueField) => string;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * JSON text (UTF-8, no braces) of one alert in full mode: its catalogue fields then its per-alert `v:` fields —
 * the text encodeJsonFields writes for the API row of the alert with those fields.
 *
 * @param stored the alert's stored row (storage names, as decoded from its row document).
 * @param classification its class computed at ingestion (null → `Unknown`).
 */
export function alertJsonText(stored: Record<string, unknown>, classification: string | null): Buffer {
  const v = alertVFields(
    num(stored.i_jd),
    num(stored.i_jdstarthist),
    num(stored.i_ra),
    num(stored.i_dec),
    classification,
  );
  const text = `${catalogueFieldsText(stored, float32Field, valueField)},${encodeJsonFields(v, FLOAT32_FIELDS)}`;
  return Buffer.from(text, 'utf8');
}
