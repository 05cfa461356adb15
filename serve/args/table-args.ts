/**
 * Arguments of endpoints that answer alert tables: a bounded count (`n`), the output format, and the
 * `columns` selection checked against the field catalogue before any SQL is written.
 *
 * Reference: docs/references.md#api-output-formats (formats), #api-column-naming (`columns`: comma list, unknown names ignored, `*` = all, no
 * `v:` fields when restricted).
 */
import { z } from 'zod';
import { COLUMN_INDEX, findColumn } from '../../data/index.js';
import { STAMP_KINDS } from '../../data/queries/index.js';
import { ApiError } from '../errors.js';
import { OUTPUT_FORMATS, splitList } from './common.js';

const WHOLE_NUMBER = /^\s*\d+\s*$/;

/**
 * A whole number from 1 to `max`, given as a JSON number or as text.
 *
 * @param max the documented cap; larger values are rejected (never silently lowered).
 */
export function countArg(max: number) {
  const expected = `expected a whole number from 1 to ${max.toLocaleString('en-US')}`;
  return z.union([z.number(), z.string()], { message: expected }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : WHOLE_NUMBER.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > max) {
      ctx.addIssue({ code: 'custom', message: `${expected}, got ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return n;
  });
}

/** Another spelling of `output-format` that Fink's clients send (its conesearch tests do). */
export const OUTPUT_FORMAT_ALIAS = 'output_format';

/** `output-format` without a default (for an endpoint whose default depends on the other arguments). */
export const outputFormatChoice = z
  .enum(OUTPUT_FORMATS, { message: `supported output formats: ${OUTPUT_FORMATS.join(', ')}` })
  .meta({ description: 'json, csv, parquet or votable', aliases: [OUTPUT_FORMAT_ALIAS] });

/** `output-format`: json (default), csv, parquet or votable. */
export const outputFormatArg = outputFormatChoice.optional().default('json');

/** `columns`: comma-separated field names, read by {@link parseColumnSelection}. */
export const columnsArg = z.string().optional().meta({
  description: 'Comma-separated field names (unknown names ignored); v: fields are then only those named',
});

/** `cutout-kind`: which stamp to add as an array (Science, Template or Difference). */
export const stampKindArg = z.enum(STAMP_KINDS, {
  message: 'cutout-kind must be one of Science, Template, Difference',
});

/** The columns a request asked for. */
export interface ColumnSelection {
  /**
   * API names to return, stored columns in catalogue order then derived ones in the endpoint's order; null
   * for every column (full mode: all stored columns and the endpoint's `v:` fields).
   */
  readonly names: readonly string[] | null;
  /** Storage names of the requested stored columns (for the SQL projection); null for every column. */
  readonly stored: readonly string[] | null;
}

/** Every column, as when `columns` is absent, empty or `*`. */
export const ALL_COLUMNS: ColumnSelection = { names: null, stored: null };

/** The stored columns a `columns` selection is checked against: a survey's column catalogue. */
export interface ColumnCatalogue {
  /** The stored column of an API name (its storage name never comes from request text); undefined if unknown. */
  find(name: string): { readonly name: string; readonly storage: string } | undefined;
  /** Rank of a stored column in answers (catalogue order). */
  rank(storage: string): number;
  /** The end of the 400 text when no name is known: where the names are listed, with an example. */
  readonly hint: string;
}

/** The ZTF alert catalogue (data/columns.ts). */
export const ZTF_COLUMN_CATALOGUE: ColumnCatalogue = {
  find: findColumn,
  rank: (storage) => COLUMN_INDEX.get(storage) ?? 0,
  hint: 'See /api/v1/columns for the field names, e.g. columns=i:objectId,i:jd,i:magpsf.',
};

/**
 * Parses `columns` against a column catalogue (default the ZTF alert catalogue): stored columns, plus the `v:`
 * fields this endpoint computes (`derived`), which a client may ask for by name. Unknown names are ignored, as
 * the reference does.
 *
 * @throws ApiError 400 when names were given but none is known (the answer would have no column).
 */
export function parseColumnSelection(
  text: string | undefined,
  derived: readonly string[],
  catalogue: ColumnCatalogue = ZTF_COLUMN_CATALOGUE,
): ColumnSelection {
  const asked = splitList(text ?? '');
  if (asked.length === 0 || asked.includes('*')) return ALL_COLUMNS;
  const wanted = new Set(asked);
  const stored = [...wanted]
    .map((name) => catalogue.find(name))
    .filter((c) => c !== undefined)
    .sort((a, b) => catalogue.rank(a.storage) - catalogue.rank(b.storage));
  const names = [...stored.map((c) => c.name), ...derived.filter((d) => wanted.has(d))];
  if (names.length === 0) {
    const shown =
      asked
        .slice(0, 5)
        .map((n) => n.slice(0, 40))
        .join(', ') + (asked.length > 5 ? ', ...' : '');
    throw new ApiError(400, `None of the requested columns exists (${shown}). ${catalogue.hint}`);
  }
  return { names, stored: stored.map((c) => c.storage) };
}

/**
 * Raw arguments without those sent as empty text (`?startdate=&window=`, as HTML forms send unset fields), so
 * that they take their defaults; names in `keep` stay (for arguments where an empty value means something).
 */
export function withoutEmptyArgs(
  raw: Record<string, unknown>,
  keep: readonly string[] = [],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).filter(([k, v]) => keep.includes(k) || !(typeof v === 'string' && v.trim() === '')),
  );
}
