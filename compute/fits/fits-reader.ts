/**
 * Minimal FITS reader for 2-D images in the primary HDU, such as ZTF alert stamps (gzipped FITS, 63x63,
 * BITPIX = -32). Supports BITPIX 8, 16, 32, 64, -32 and -64 with BZERO/BSCALE. Pure: bytes in, values out.
 * Hand-written: fitsjs and fits-reader-js (npm) read FITS but write none; our readers pair with our writers.
 */
import { gunzipSync } from 'node:zlib';
import { FITS_BLOCK_BYTES, FITS_CARD_CHARS } from './fits-writer.js';

/** Value of a header card: strings unquoted, T/F as booleans, numbers parsed; null when the value is empty. */
export type FitsHeaderValue = string | number | boolean | null;

/** A decoded image. */
export interface FitsImageData {
  /** Header keywords in file order (the last occurrence wins; COMMENT/HISTORY are skipped). */
  readonly header: ReadonlyMap<string, FitsHeaderValue>;
  readonly bitpix: 8 | 16 | 32 | 64 | -32 | -64;
  /** NAXIS1: pixels per row. */
  readonly width: number;
  /** NAXIS2: number of rows. */
  readonly height: number;
  /** Physical values (BZERO + BSCALE * stored), row-major `data[y * width + x]`, y = 0 is FITS row 1. */
  readonly data: Float64Array;
}

/** Thrown when bytes are not a readable FITS image. */
export class FitsError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FitsError';
  }
}

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

/** True when the bytes start with the gzip magic number. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC_0 && bytes[1] === GZIP_MAGIC_1;
}

function parseValue(text: string): FitsHeaderValue {
  const t = text.trim();
  if (t === '') return null;
  if (t.startsWith("'")) {
    let out = '';
    for (let i = 1; i < t.length; i++) {
      if (t[i] === "'") {
        if (t[i + 1] === "'") {
          out += "'";
          i++;
        } else break;
      } else out += t[i];
    }
    return out.trimEnd();
  }
  const beforeComment = t.split('/')[0].trim();
  if (beforeComment === 'T') return true;
  if (beforeComment === 'F') return false;
  const n = Number(beforeComment.replace(/D/i, 'E'));
  return Number.isFinite(n) ? n : beforeComment;
}

/**
 * Parses the header cards of one HDU up to END: the primary HDU (`start` = 0, first card SIMPLE) or an
 * extension starting at byte `start` (a multiple of 2880, first card XTENSION).
 * Returns the keyword map and the absolute byte offset of the data (a multiple of 2880).
 * Throws FitsError when the first card is wrong or no END comes before the bytes run out.
 * Reference: FITS Standard 4.0 (IAU FITS Working Group 2016), §4.1-4.2, §7.
 */
export function readFitsHeader(
  bytes: Uint8Array,
  start = 0,
): {
  header: Map<string, FitsHeaderValue>;
  dataOffset: number;
} {
  const header = new Map<string, FitsHeaderValue>();
  const decoder = new TextDecoder('latin1');
  const firstKeyword = start === 0 ? 'SIMPLE' : 'XTENSION';
  for (let pos = start; pos + FITS_CARD_CHARS <= bytes.length; pos += FITS_CARD_CHARS) {
    const card = decoder.decode(bytes.subarray(pos, pos + FITS_CARD_CHARS));
    const keyword = card.slice(0, 8).trim();
    if (pos === start && keyword !== firstKeyword) {
      throw new FitsError(`not a FITS HDU at byte ${start}: first card is not ${firstKeyword}`);
    }
    if (keyword === 'END') {
      const dataOffset = Math.ceil((pos + FITS_CARD_CHARS) / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES;
      return { header, dataOffset };
    }
    if (keyword === '' || keyword === 'COMMENT' || keyword === 'HISTORY') continue;
    if (card.slice(8, 10) !== '= ') continue;
    header.set(keyword, parseValue(card.slice(10)));
  }
  throw new FitsError('FITS header has no END card');
}

/** An integer header card; throws FitsError when it is missing or not an integer. */
export function intCard(header: ReadonlyMap<string, FitsHeaderValue>, key: string): number {
  const v = header.get(key);
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw new FitsError(`FITS card ${key} missing or not an integer`);
  return v;
}

function numberCard(header: ReadonlyMap<string, FitsHeaderValue>, key: string, fallback: number): number {
  const v = header.get(key);
  return typeof v === 'number' ? v : fallback;
}

/**
 * Reads the 2-D image of the primary HDU. Gzipped input (stamps) is gunzipped first. Extra axes of length 1
 * (NAXIS3 = 1) are accepted. Integer pixels equal to BLANK become NaN.
 * Throws FitsError for another BITPIX, NAXIS other than 2, or data shorter than the header announces.
 * Reference: FITS Standard 4.0, §4.4.1 (BITPIX, NAXISn), §4.4.2.5 (BZERO, BSCALE, BLANK), §5.2-5.3.
 */
export function readFitsImage(input: Uint8Array): FitsImageData {
  const bytes = isGzip(input) ? new Uint8Array(gunzipSync(input)) : input;
  const { header, dataOffset } = readFitsHeader(bytes);
  const bitpix = intCard(header, 'BITPIX');
  if (![8, 16, 32, 64, -32, -64].includes(bitpix)) throw new FitsError(`unsupported BITPIX ${bitpix}`);
  const naxis = intCard(header, 'NAXIS');
  if (naxis < 2) throw new FitsError(`FITS primary HDU has NAXIS = ${naxis}, expected a 2-D image`);
  for (let k = 3; k <= naxis; k++) {
    if (intCard(header, `NAXIS${k}`) !== 1)
      throw new FitsError(`FITS image has NAXIS = ${naxis}, expected 2`);
  }
  const width = intCard(header, 'NAXIS1');
  const height = intCard(header, 'NAXIS2');
  const bytesPerPixel = Math.abs(bitpix) / 8;
  const n = width * height;
  if (dataOffset + n * bytesPerPixel > bytes.length) {
    throw new FitsError(`FITS data truncated: ${n} pixels of ${bytesPerPixel} bytes announced`);
  }
  const bzero = numberCard(header, 'BZERO', 0);
  const bscale = numberCard(header, 'BSCALE', 1);
  const blank = header.get('BLANK');
  const view = new DataView(bytes.buffer, bytes.byteOffset + dataOffset, n * bytesPerPixel);
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let stored: number;
    switch (bitpix) {
      case 8:
        stored = view.getUint8(i);
        break;
      case 16:
        stored = view.getInt16(i * 2, false);
        break;
      case 32:
        stored = view.getInt32(i * 4, false);
        break;
      case 64:
        stored = Number(view.getBigInt64(i * 8, false));
        break;
      case -32:
        stored = view.getFloat32(i * 4, false);
        break;
      default:
        stored = view.getFloat64(i * 8, false);
    }
    data[i] =
      bitpix > 0 && typeof blank === 'number' && stored === blank ? Number.NaN : bzero + bscale * stored;
  }
  return { header, bitpix: bitpix as FitsImageData['bitpix'], width, height, data };
}

/** The image as rows of numbers, `rows[y][x]`, y = 0 being FITS row 1. */
export function imageRows(image: FitsImageData): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < image.height; y++) {
    rows.push(Array.from(image.data.subarray(y * image.width, (y + 1) * image.width)));
  }
  return rows;
}
