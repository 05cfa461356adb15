/**
 * JSON answers of alert tables in full mode from the alerts' prepared texts (object blocks, data/alert-json.ts):
 * the answer is a concatenation of stored bytes, with the colour and rate fields written after them when asked.
 * The other answers (a `columns` selection, csv, parquet, votable) are written from the decoded rows; the tests
 * check both against the input alerts (test/serve/object-blocks.test.ts).
 */
import { COLOUR_RATE_COLUMNS, type ColourRateFields, computeColourRate } from '../compute/derived/index.js';
import { encodeJsonFields, FLOAT32_FIELDS } from '../data/index.js';
import type { AlertRef, LocatedAlertText } from '../data/queries/index.js';
import { readReferencedAlertTextsInOrder } from './alert-ref-reads.js';
import type { StoreReader } from './store-reader.js';

const COLOUR_KEYS = Object.entries(COLOUR_RATE_COLUMNS) as [keyof ColourRateFields, string][];

/**
 * The colour and rate fields of each alert as JSON text (`"v:g-r":…,…`), computed per object over the given
 * alerts in their order (as addColourRateFields does for API rows).
 */
export function colourRateTexts(alerts: readonly LocatedAlertText[]): string[] {
  const byObject = new Map<string, number[]>();
  alerts.forEach((a, i) => {
    const list = byObject.get(a.objectId);
    if (list) list.push(i);
    else byObject.set(a.objectId, [i]);
  });
  const texts: string[] = new Array(alerts.length);
  for (const indices of byObject.values()) {
    const fields = computeColourRate(
      indices.map((i) => ({
        jd: alerts[i].jd,
        fid: alerts[i].fid ?? 0,
        magpsf: alerts[i].magpsf ?? Number.NaN,
        sigmapsf: alerts[i].sigmapsf ?? Number.NaN,
      })),
    );
    indices.forEach((alertIndex, k) => {
      const record: Record<string, unknown> = {};
      for (const [key, name] of COLOUR_KEYS) record[name] = fields[key][k];
      texts[alertIndex] = encodeJsonFields(record, FLOAT32_FIELDS);
    });
  }
  return texts;
}

const OPEN = Buffer.from('[');
const FIRST = Buffer.from('{');
const NEXT = Buffer.from(',{');
const END = Buffer.from('}');
const CLOSE = Buffer.from(']');

/**
 * The JSON array of the alerts' texts; `extra[i]` (JSON fields without braces, e.g. the colour fields) is
 * written after alert i's own fields.
 */
export function alertTextsJson(texts: readonly Uint8Array[], extra: readonly string[] | null = null): Buffer {
  const chunks: Uint8Array[] = [OPEN];
  texts.forEach((json, i) => {
    chunks.push(i === 0 ? FIRST : NEXT, json);
    const more = extra?.[i];
    chunks.push(more ? Buffer.from(`,${more}}`) : END);
  });
  chunks.push(CLOSE);
  return Buffer.concat(chunks);
}

/** The full-mode JSON answer of referenced alerts (in the order of `refs`) from their prepared texts. */
export async function referencedAlertsJson(reader: StoreReader, refs: readonly AlertRef[]): Promise<Buffer> {
  return alertTextsJson((await readReferencedAlertTextsInOrder(reader, refs)).map((t) => t.json));
}
