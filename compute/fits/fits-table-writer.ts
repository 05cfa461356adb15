/**
 * Writes a FITS file holding an empty primary HDU and one BINTABLE extension of numeric columns, the layout of
 * HEALPix sky maps (BAYESTAR writes PROB, DISTMU, … this way). Pure: columns in, bytes out.
 * Hand-written: npm has no maintained FITS library that writes (fitsjs and fits-reader-js only read).
 */

import type { FitsTableType } from './fits-table.js';
import { FITS_BLOCK_BYTES, FITS_CARD_CHARS, type FitsCard, formatCard } from './fits-writer.js';

/** One column to write. */
export interface FitsTableColumnInput {
  /** TTYPEn. */
  readonly name: string;
  readonly type: FitsTableType;
  /** Values per row (default 1). */
  readonly repeat?: number;
  /** TUNITn, omitted when absent. */
  readonly unit?: string;
  /** Values row after row, `rowCount · repeat` of them: bigint for type K, numbers otherwise. */
  readonly values: ArrayLike<number> | ArrayLike<bigint>;
}

/** A binary table to write. */
export interface FitsTableInput {
  readonly columns: readonly FitsTableColumnInput[];
  /** Cards written after the TTYPE/TFORM/TUNIT cards, e.g. ORDERING, NSIDE, DATE-OBS. */
  readonly cards?: readonly FitsCard[];
}

const TYPE_BYTES: Readonly<Record<FitsTableType, number>> = { B: 1, I: 2, J: 4, K: 8, E: 4, D: 8 };

function headerBlock(cards: readonly string[]): string {
  const text = [...cards, 'END'.padEnd(FITS_CARD_CHARS)].join('');
  return text.padEnd(Math.ceil(text.length / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES);
}

function writeValue(view: DataView, at: number, type: FitsTableType, value: number | bigint): void {
  if (type === 'K') view.setBigInt64(at, BigInt(value), false);
  else if (type === 'D') view.setFloat64(at, Number(value), false);
  else if (type === 'E') view.setFloat32(at, Number(value), false);
  else if (type === 'J') view.setInt32(at, Number(value), false);
  else if (type === 'I') view.setInt16(at, Number(value), false);
  else view.setUint8(at, Number(value));
}

/**
 * Builds the bytes of a FITS file: a primary HDU with NAXIS = 0 and EXTEND = T, then a BINTABLE extension
 * with the columns (big-endian, rows padded with zeros to a multiple of 2880 bytes).
 *
 * @param table the columns (all with the same number of rows) and extra header cards.
 * @returns the file's bytes (gzip them for a `.fits.gz`).
 * @throws RangeError when columns have different row counts or an invalid keyword or value is given.
 *
 * Reference: FITS Standard 4.0 (IAU FITS Working Group 2016), §4.4.1 (primary header), §7.3 (binary tables).
 */
export function writeFitsBinTable(table: FitsTableInput): Uint8Array {
  const { columns } = table;
  const repeats = columns.map((c) => c.repeat ?? 1);
  const rowCount = columns.length === 0 ? 0 : columns[0].values.length / repeats[0];
  columns.forEach((c, i) => {
    if (!Number.isInteger(rowCount) || c.values.length !== rowCount * repeats[i]) {
      throw new RangeError(`FITS column ${c.name} has ${c.values.length} values, expected ${rowCount} rows`);
    }
  });
  const rowBytes = columns.reduce((sum, c, i) => sum + repeats[i] * TYPE_BYTES[c.type], 0);
  const primary = headerBlock([
    formatCard('SIMPLE', true, 'conforms to FITS standard'),
    formatCard('BITPIX', 8),
    formatCard('NAXIS', 0),
    formatCard('EXTEND', true),
  ]);
  const extension = headerBlock([
    formatCard('XTENSION', 'BINTABLE', 'binary table extension'),
    formatCard('BITPIX', 8),
    formatCard('NAXIS', 2),
    formatCard('NAXIS1', rowBytes),
    formatCard('NAXIS2', rowCount),
    formatCard('PCOUNT', 0),
    formatCard('GCOUNT', 1),
    formatCard('TFIELDS', columns.length),
    ...columns.flatMap((c, i) => [
      formatCard(`TTYPE${i + 1}`, c.name),
      formatCard(`TFORM${i + 1}`, `${repeats[i] === 1 ? '' : repeats[i]}${c.type}`),
      ...(c.unit === undefined ? [] : [formatCard(`TUNIT${i + 1}`, c.unit)]),
    ]),
    ...(table.cards ?? []).map((c) => formatCard(c.keyword, c.value, c.comment)),
  ]);
  const headers = primary + extension;
  const dataBytes = Math.ceil((rowBytes * rowCount) / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES;
  const out = new Uint8Array(headers.length + dataBytes);
  for (let i = 0; i < headers.length; i++) out[i] = headers.charCodeAt(i);
  const view = new DataView(out.buffer, headers.length);
  let byteInRow = 0;
  columns.forEach((c, i) => {
    const size = TYPE_BYTES[c.type];
    for (let row = 0; row < rowCount; row++) {
      for (let k = 0; k < repeats[i]; k++) {
        writeValue(view, row * rowBytes + byteInRow + k * size, c.type, c.values[row * repeats[i] + k]);
      }
    }
    byteInRow += repeats[i] * size;
  });
  return out;
}
