/**
 * Writes FITS HDUs holding one 2-D IEEE float image (BITPIX -32 or -64): the primary HDU of ZTF alert stamps
 * (63x63, BITPIX = -32), and IMAGE extensions, which Rubin's stamps add (variance, PSF) after the primary HDU.
 * Pure: pixel values in, bytes out (gzip the result to obtain a ZTF stamp; concatenate HDUs for a multi-HDU file).
 * Hand-written: npm has no maintained FITS library that writes (fitsjs and fits-reader-js only read).
 */

/** Bytes per FITS logical record (header and data are padded to a multiple of it). */
export const FITS_BLOCK_BYTES = 2880;
/** Characters per header card. */
export const FITS_CARD_CHARS = 80;

/** Value of a header card: text is written quoted, booleans as T/F, numbers in free format. */
export type FitsCardValue = string | number | boolean;

/** One extra header card written after the mandatory ones. */
export interface FitsCard {
  /** Keyword, 1-8 characters of A-Z, 0-9, '-' and '_'. */
  readonly keyword: string;
  readonly value: FitsCardValue;
  readonly comment?: string;
}

/** A 2-D image to write. */
export interface FitsImage {
  /** NAXIS1: pixels per row (FITS x axis). */
  readonly width: number;
  /** NAXIS2: number of rows. */
  readonly height: number;
  /** Row-major pixels, `data[y * width + x]`, first row = FITS row 1 (bottom). Length width*height. */
  readonly data: Float32Array | Float64Array | readonly number[];
  /** Cards written after the mandatory ones (SIMPLE or XTENSION … NAXIS2, PCOUNT, GCOUNT), e.g. BUNIT, EXTNAME. */
  readonly cards?: readonly FitsCard[];
  /** -32 (IEEE single precision, the default) or -64 (double precision). */
  readonly bitpix?: -32 | -64;
}

const IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const KEYWORD_PATTERN = /^[A-Z0-9_-]{1,8}$/;

function formatValue(value: FitsCardValue): string {
  if (typeof value === 'boolean') return (value ? 'T' : 'F').padStart(20);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`FITS card value must be finite, got ${value}`);
    let text = Number.isInteger(value) ? String(value) : value.toPrecision(15).replace(/\.?0+$/, '');
    if (text.includes('e')) text = value.toExponential(12).replace('e', 'E');
    return text.padStart(20);
  }
  // Strings: quoted, single quotes doubled, padded to at least 8 characters inside the quotes (FITS 4.0 §4.2.1).
  return `'${value.replace(/'/g, "''").padEnd(8)}'`;
}

/**
 * Formats one 80-character header card `KEYWORD = value / comment`.
 * Throws RangeError for an invalid keyword, a non-ASCII or too long card.
 * Reference: FITS Standard 4.0 (IAU FITS Working Group 2016), §4.1-4.2 (fixed format for mandatory keywords).
 */
export function formatCard(keyword: string, value: FitsCardValue, comment?: string): string {
  if (!KEYWORD_PATTERN.test(keyword)) throw new RangeError(`invalid FITS keyword "${keyword}"`);
  let card = `${keyword.padEnd(8)}= ${formatValue(value)}`;
  if (comment) card += ` / ${comment}`;
  if (card.length > FITS_CARD_CHARS) {
    if (card.length - (comment ? comment.length + 3 : 0) > FITS_CARD_CHARS) {
      throw new RangeError(`FITS card ${keyword} is longer than 80 characters`);
    }
    card = card.slice(0, FITS_CARD_CHARS);
  }
  if (/[^\x20-\x7e]/.test(card)) throw new RangeError(`FITS card ${keyword} holds non-ASCII text`);
  return card.padEnd(FITS_CARD_CHARS);
}

/**
 * Builds the bytes of a FITS file with one primary HDU: header cards SIMPLE, BITPIX, NAXIS = 2, NAXIS1,
 * NAXIS2, the extra cards, END, padded with spaces to 2880 bytes; then the big-endian IEEE pixels, padded
 * with zeros to a multiple of 2880 bytes. A 63x63 float32 image gives 20,160 bytes (header 2,880 + data 17,280).
 * Throws RangeError when the data length is not width*height.
 * Reference: FITS Standard 4.0, §3.3 (primary header), §4.4.1 (mandatory keywords), §5.3 (IEEE floats).
 */
export function writeFitsImage(image: FitsImage): Uint8Array {
  return writeImageHdu(image, false);
}

/**
 * Builds the bytes of one IMAGE extension HDU (to append after a primary HDU): XTENSION = 'IMAGE', BITPIX,
 * NAXIS = 2, NAXIS1, NAXIS2, PCOUNT = 0, GCOUNT = 1, the extra cards (EXTNAME …), END; data as in writeFitsImage.
 * Throws RangeError when the data length is not width*height.
 * Reference: FITS Standard 4.0, §7.1 (IMAGE extension), §4.4.1.2 (mandatory keywords of a conforming extension).
 */
export function writeFitsImageExtension(image: FitsImage): Uint8Array {
  return writeImageHdu(image, true);
}

function writeImageHdu(image: FitsImage, isExtension: boolean): Uint8Array {
  const { width, height, data } = image;
  const bitpix = image.bitpix ?? -32;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`FITS image size must be positive integers, got ${width}x${height}`);
  }
  if (data.length !== width * height) {
    throw new RangeError(`FITS image data has ${data.length} values, expected ${width * height}`);
  }
  const cards = [
    isExtension
      ? formatCard('XTENSION', 'IMAGE', 'Image extension')
      : formatCard('SIMPLE', true, 'conforms to FITS standard'),
    formatCard(
      'BITPIX',
      bitpix,
      bitpix === -32 ? 'IEEE single precision floating point' : 'IEEE double precision floating point',
    ),
    formatCard('NAXIS', 2),
    formatCard('NAXIS1', width),
    formatCard('NAXIS2', height),
    ...(isExtension ? [formatCard('PCOUNT', 0), formatCard('GCOUNT', 1)] : []),
    ...(image.cards ?? []).map((c) => formatCard(c.keyword, c.value, c.comment)),
    'END'.padEnd(FITS_CARD_CHARS),
  ];
  const bytesPerPixel = bitpix === -32 ? 4 : 8;
  const headerBytes = Math.ceil((cards.length * FITS_CARD_CHARS) / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES;
  const dataBytes = Math.ceil((data.length * bytesPerPixel) / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES;
  const out = new Uint8Array(headerBytes + dataBytes);
  out.fill(0x20, 0, headerBytes);
  const text = cards.join('');
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  // IEEE floats, big-endian: copy as native floats, then swap the bytes on little-endian hosts.
  const pixels = Buffer.from((bitpix === -32 ? new Float32Array(data) : new Float64Array(data)).buffer);
  if (IS_LITTLE_ENDIAN) {
    if (bitpix === -32) pixels.swap32();
    else pixels.swap64();
  }
  out.set(pixels, headerBytes);
  return out;
}
