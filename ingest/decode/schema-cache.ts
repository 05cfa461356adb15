/**
 * Compiles Avro schemas once and caches them by schema text: ZTF embeds the schema in every message, and
 * compiling it costs ~15x the decoding of the alert itself (DESIGN.md, measured ceilings).
 */
import avro from 'avsc';
import { bigintLongType } from './avro-long.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Removes union defaults that do not match the union's first branch. The ZTF 3.2/3.3 schemas declare
 * `{"type": ["float", "null"], "default": null}`, which the Avro spec forbids and avsc rejects; a default is only
 * used when reading data written without the field, which never happens for these schemas.
 */
export function dropInvalidUnionDefaults(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(dropInvalidUnionDefaults);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(schema)) out[key] = dropInvalidUnionDefaults(value);
  if (Array.isArray(out.type) && 'default' in out) {
    const first = out.type[0];
    const firstIsNull = first === 'null';
    const defaultIsNull = out.default === null;
    if (firstIsNull !== defaultIsNull) delete out.default;
  }
  return out;
}

/** A compiled schema and the text it came from. */
export interface CompiledSchema {
  readonly type: avro.Type;
  readonly text: string;
}

/** Caches compiled Avro types by schema text (bounded: schemas change rarely). */
export class SchemaCache {
  private readonly byText = new Map<string, CompiledSchema>();
  private readonly maxEntries: number;

  constructor(maxEntries = 64) {
    this.maxEntries = maxEntries;
  }

  /** Returns the compiled type for a schema given as JSON text; compiles and caches it on first use. */
  get(text: string): CompiledSchema {
    const hit = this.byText.get(text);
    if (hit) return hit;
    const parsed = dropInvalidUnionDefaults(JSON.parse(text) as Json);
    const type = avro.Type.forSchema(parsed as avro.Schema, { registry: { long: bigintLongType } });
    const compiled = { type, text };
    if (this.byText.size >= this.maxEntries) {
      const oldest = this.byText.keys().next().value;
      if (oldest !== undefined) this.byText.delete(oldest);
    }
    this.byText.set(text, compiled);
    return compiled;
  }
}
