/**
 * The prepared JSON text of an alert (data/alert-json.ts) written straight from its row document
 * (data/alert-row-codec.ts): the document's bytes are read column by column and the text's bytes written into
 * one reused buffer, with no decoded row object and no intermediate strings but the numbers' texts: ~2/3 of the
 * time of decoding the document and writing the API row with `encodeJsonFields` (the numbers' texts remain
 * most of it), for the same bytes.
 *
 * Reference: Apache Avro 1.11 specification, "Binary Encoding"; ECMA-404 (JSON string escapes).
 */
import { type AlertVFields, alertVFields } from '../compute/derived/index.js';
import { FLOAT32_FIELDS } from './alert-json.js';
import { readZigzagLong, zigzagLongEnd } from './avro-long.js';
import { ALERT_COLUMNS, COLUMN_INDEX, EARLIER_ROW_COLUMNS } from './columns.js';
import { ByteSink } from './flat-record-writer.js';
import { doubleText, float32Decimal, float32DecimalParts, float32Text } from './json-text.js';

/** How a column's value is read from the document and written as text. */
const Kind = { String: 0, Int: 1, Long: 2, Float: 3, Double: 4, Boolean: 5 } as const;
const KINDS = Uint8Array.from(
  ALERT_COLUMNS.map((c) => Kind[`${c.type[0].toUpperCase()}${c.type.slice(1)}` as keyof typeof Kind]),
);
/** Whether a column's numbers are written in their shortest float32 form (as `encodeJsonFields` chooses). */
const AS_FLOAT32 = ALERT_COLUMNS.map((c) => FLOAT32_FIELDS.has(c.name));
/** `"i:name":` of each column, with the separating comma before all but the first, as bytes. */
const KEYS = ALERT_COLUMNS.map((c, i) => Buffer.from(`${i === 0 ? '' : ','}${JSON.stringify(c.name)}:`));

/** Columns whose values the `v:` fields and the block need. */
const AT = {
  jd: COLUMN_INDEX.get('i_jd'),
  jdstarthist: COLUMN_INDEX.get('i_jdstarthist'),
  ra: COLUMN_INDEX.get('i_ra'),
  dec: COLUMN_INDEX.get('i_dec'),
  fid: COLUMN_INDEX.get('i_fid'),
  magpsf: COLUMN_INDEX.get('i_magpsf'),
  sigmapsf: COLUMN_INDEX.get('i_sigmapsf'),
};

const NULL_TEXT = Buffer.from('null');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The text of an alert and the values a block keeps beside it (one object, rewritten by each call). */
export interface AlertRowTextView {
  /** The text: a view of a reused buffer, valid until the next call (copy it at once). */
  json: Uint8Array;
  fid: number | null;
  magpsf: number | null;
  sigmapsf: number | null;
}

const lastText: AlertRowTextView = { json: new Uint8Array(0), fid: null, magpsf: null, sigmapsf: null };

/** Where the text is written (reused: each text is copied out of it). */
const sink = new ByteSink(16384);
/** Numeric values of the columns of the document being read, and whether each column has one. */
const picked = new Float64Array(ALERT_COLUMNS.length);
const hasPicked = new Uint8Array(ALERT_COLUMNS.length);

function truncated(): RangeError {
  return new RangeError('truncated alert row document');
}

/** The document being read and the position in it. */
let doc: Uint8Array = new Uint8Array(0);
let pos = 0;

/** Reads a zigzag varint long: a number when it has at most 7 bytes (below 2^49), else a bigint. */
function readLong(): number | bigint {
  let z = 0;
  let scale = 1;
  for (let bytes = 0; bytes < 7; bytes++) {
    if (pos >= doc.length) throw truncated();
    const b = doc[pos++];
    z += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    scale *= 128;
  }
  pos -= 7;
  return readBigLong();
}

function readBigLong(): bigint {
  const n = readZigzagLong(doc, pos, doc.length);
  if (zigzagLongEnd.next < 0) throw truncated();
  pos = zigzagLongEnd.next;
  return n;
}

/**
 * The JSON text of an alert in full mode from its row document (data/alert-json.ts): the text `encodeJsonFields`
 * writes for its API row followed by its per-alert `v:` fields; and its fid, magpsf and sigmapsf. The text is a
 * view of a reused buffer and the values are in one reused object, both valid until the next call: the caller
 * copies the text at once (into an object block).
 *
 * @param row the alert's row document (data/alert-row-codec.ts).
 * @param classification its class computed at ingestion (null → `Unknown`).
 * @throws RangeError for a truncated document (one that ends after the earlier columns has the later Fink fields
 *   null: data/alert-row-codec.ts).
 */
export function alertRowJsonTextView(row: Uint8Array, classification: string | null): AlertRowTextView {
  // a text left unfinished by a truncated document is dropped
  sink.pos = 0;
  doc = row;
  pos = 0;
  const view = new DataView(row.buffer, row.byteOffset, row.byteLength);
  for (let i = 0; i < KINDS.length; i++) {
    const key = KEYS[i];
    sink.rawRange(key, 0, key.length);
    hasPicked[i] = 0;
    if (pos >= row.length) {
      // a document written before the later Fink fields ends here: they are null (alert-row-codec.ts)
      if (i !== EARLIER_ROW_COLUMNS || pos > row.length) throw truncated();
      sink.rawRange(NULL_TEXT, 0, 4);
      for (let k = i + 1; k < KINDS.length; k++) {
        sink.rawRange(KEYS[k], 0, KEYS[k].length);
        sink.rawRange(NULL_TEXT, 0, 4);
        hasPicked[k] = 0;
      }
      break;
    }
    const branch = row[pos++];
    if (branch === 0) {
      sink.rawRange(NULL_TEXT, 0, 4);
      continue;
    }
    if (branch !== 2) throw new RangeError(`bad union branch ${branch} in an alert row document`);
    let value: number;
    switch (KINDS[i]) {
      case Kind.String: {
        const length = Number(readLong());
        const end = pos + length;
        if (length < 0 || end > row.length) throw truncated();
        writeString(row, pos, end);
        pos = end;
        continue;
      }
      case Kind.Boolean:
        if (pos >= row.length) throw truncated();
        sink.ascii(row[pos++] === 0 ? 'false' : 'true');
        continue;
      case Kind.Long: {
        const n = readLong();
        if (typeof n === 'bigint') {
          sink.ascii(n.toString());
          continue;
        }
        value = n;
        break;
      }
      case Kind.Int:
        value = Number(readLong());
        break;
      case Kind.Float:
        if (pos + 4 > row.length) throw truncated();
        value = view.getFloat32(pos, true);
        pos += 4;
        break;
      default:
        if (pos + 8 > row.length) throw truncated();
        value = view.getFloat64(pos, true);
        pos += 8;
    }
    picked[i] = value;
    hasPicked[i] = 1;
    if (!Number.isFinite(value)) sink.rawRange(NULL_TEXT, 0, 4);
    else if (AS_FLOAT32[i]) {
      // the float32 digits written as bytes; float32Text for the values double arithmetic leaves undecided
      if (float32Decimal(value)) sink.decimal(value < 0, float32DecimalParts.m, float32DecimalParts.k);
      else sink.ascii(float32Text(value));
    } else if ((value | 0) === value) sink.int32(value);
    else sink.ascii(doubleText(value));
  }
  const pick = (i: number | undefined): number | null =>
    i === undefined || hasPicked[i] === 0 ? null : picked[i];
  writeVFields(alertVFields(pick(AT.jd), pick(AT.jdstarthist), pick(AT.ra), pick(AT.dec), classification));
  lastText.fid = pick(AT.fid);
  lastText.magpsf = pick(AT.magpsf);
  lastText.sigmapsf = pick(AT.sigmapsf);
  lastText.json = sink.takeView();
  return lastText;
}

/** `,"v:…":` before each per-alert `v:` field, in the order of AlertVFields, as bytes. */
const V_KEYS = {
  classification: Buffer.from(',"v:classification":'),
  lastdate: Buffer.from(',"v:lastdate":'),
  firstdate: Buffer.from(',"v:firstdate":'),
  lapse: Buffer.from(',"v:lapse":'),
  constellation: Buffer.from(',"v:constellation":'),
};

const LAPSE_IS_FLOAT32 = FLOAT32_FIELDS.has('v:lapse');

function writeKey(key: Buffer): void {
  sink.rawRange(key, 0, key.length);
}

/** A string as JSON.stringify writes it, or null: printable ASCII without quote or backslash as it is. */
function writeJsonString(text: string | null): void {
  if (text === null) {
    sink.rawRange(NULL_TEXT, 0, 4);
    return;
  }
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 || c >= 0x7f || c === QUOTE || c === BACKSLASH) {
      sink.utf8(JSON.stringify(text));
      return;
    }
  }
  sink.byte(QUOTE);
  sink.ascii(text);
  sink.byte(QUOTE);
}

/**
 * The per-alert `v:` fields after the catalogue fields, as `encodeJsonFields` writes them.
 */
function writeVFields(v: AlertVFields): void {
  writeKey(V_KEYS.classification);
  writeJsonString(v['v:classification']);
  writeKey(V_KEYS.lastdate);
  writeJsonString(v['v:lastdate']);
  writeKey(V_KEYS.firstdate);
  writeJsonString(v['v:firstdate']);
  writeKey(V_KEYS.lapse);
  const lapse = v['v:lapse'];
  if (lapse === null || !Number.isFinite(lapse)) sink.rawRange(NULL_TEXT, 0, 4);
  else sink.ascii(LAPSE_IS_FLOAT32 ? float32Text(lapse) : doubleText(lapse));
  writeKey(V_KEYS.constellation);
  writeJsonString(v['v:constellation']);
}

/**
 * Writes the JSON string of UTF-8 bytes: copied between quotes when no byte needs an escape or is non-ASCII;
 * otherwise decoded and written as JSON.stringify writes it.
 */
function writeString(bytes: Uint8Array, start: number, end: number): void {
  for (let k = start; k < end; k++) {
    const b = bytes[k];
    if (b < 0x20 || b >= 0x7f || b === QUOTE || b === BACKSLASH) {
      sink.utf8(
        JSON.stringify(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8')),
      );
      return;
    }
  }
  sink.byte(QUOTE);
  sink.rawRange(bytes, start, end);
  sink.byte(QUOTE);
}
