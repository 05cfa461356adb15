/**
 * An alert as the API's JSON answers write it in full mode, prepared once at publication (data/alert-row-json.ts
 * writes it from the alert's row document): the text of every catalogue field (`i:`, `d:` ...) then the per-alert
 * `v:` fields, without the enclosing braces. An answer in full mode is then a concatenation of these texts (plus
 * the colour and rate fields, which depend on the other alerts of the object), byte for byte what writing the
 * rows field by field (`encodeJsonFields`) gives.
 */
import { ALL_FIELDS } from './derived-columns.js';

/** API names of the single-precision fields (JSON writes them in their shortest float32 form). */
export const FLOAT32_FIELDS: ReadonlySet<string> = new Set(
  ALL_FIELDS.filter((c) => c.type === 'float').map((c) => c.name),
);
