/**
 * Minimal reader for FITS binary tables (BINTABLE extensions), as used by HEALPix sky maps: numeric columns of
 * types B, I, J, K, E and D with any repeat count. Pure: bytes in, column arrays out.
 * Hand-written: fitsjs and fits-reader-js (npm) read FITS but write none; our readers pair with our writers.
 */
import { gunzipSync } from 'node:zlib';
import { FitsError, type FitsHeaderValue, intCard, isGzip, readFitsHeader } from './fits-reader.js';
import { FITS_BLOCK_BYTES } from './fits-writer.js';

/** Binary-table data type codes this reader decodes (FITS 4.0 Table 18). */
export type FitsTableType = 'B' | 'I' | 'J' | 'K' | 'E' | 'D';

/** One decoded column. */
export interface FitsTableColumn {
  /** TTYPEn as written (trimmed). */
  readonly name: string;
  readonly type: FitsTableType;
  /** Values per row (the repeat count r of TFORMn = rT). */
  readonly repeat: number;
  /** TUNITn, or null when absent. */
  readonly unit: string | null;
  /**
   * Values row after row, `values[row * repeat + k]`. Type K (64-bit integers) gives a BigInt64Array, raw
   * (TSCAL/TZERO are not applied to it); the other types give physical values TZERO + TSCAL·stored as
   * Float64Array, integers equal to TNULL becoming NaN.
   */
  readonly values: Float64Array | BigInt64Array;
}

/** A decoded binary table. */
export interface FitsBinTable {
  /** The extension's header cards (the last occurrence of a keyword wins). */
  readonly header: ReadonlyMap<string, FitsHeaderValue>;
  /** NAXIS2. */
  readonly rowCount: number;
  /** The decoded columns, keyed by upper-case TTYPEn. */
  readonly columns: ReadonlyMap<string, FitsTableColumn>;
}

/** Options of {@link readFitsBinTable}. */
export interface ReadBinTableOptions {
  /** Columns to decode (names compared case-insensitively); default all columns of a supported type. */
  readonly columns?: readonly string[];
}

const TYPE_BYTES: Readonly<Record<string, number>> = {
  L: 1,
  X: 1,
  B: 1,
  I: 2,
  J: 4,
  K: 8,
  A: 1,
  E: 4,
  D: 8,
  C: 8,
  M: 16,
  P: 8,
  Q: 16,
};
const TFORM_PATTERN = /^(\d*)([LXBIJKAEDCMPQ])/;

function isReadable(type: string): type is FitsTableType {
  return type === 'B' || type === 'I' || type === 'J' || type === 'K' || type === 'E' || type === 'D';
}

/** Byte length of an HDU's data (unpadded): |BITPIX|/8 · GCOUNT · (PCOUNT + NAXIS1·…·NAXISn). */
function dataBytes(header: ReadonlyMap<string, FitsHeaderValue>): number {
  const naxis = intCard(header, 'NAXIS');
  if (naxis === 0) return 0;
  let n = 1;
  for (let k = 1; k <= naxis; k++) n *= intCard(header, `NAXIS${k}`);
  const pcount = typeof header.get('PCOUNT') === 'number' ? (header.get('PCOUNT') as number) : 0;
  const gcount = typeof header.get('GCOUNT') === 'number' ? (header.get('GCOUNT') as number) : 1;
  return (Math.abs(intCard(header, 'BITPIX')) / 8) * gcount * (pcount + n);
}

function decodeColumn(
  view: DataView,
  rowBytes: number,
  rowCount: number,
  byteInRow: number,
  type: FitsTableType,
  repeat: number,
  scale: { tscal: number; tzero: number; tnull: FitsHeaderValue | undefined },
): Float64Array | BigInt64Array {
  const n = rowCount * repeat;
  const size = TYPE_BYTES[type];
  if (type === 'K') {
    const out = new BigInt64Array(n);
    for (let row = 0; row < rowCount; row++) {
      const base = row * rowBytes + byteInRow;
      for (let k = 0; k < repeat; k++) out[row * repeat + k] = view.getBigInt64(base + k * size, false);
    }
    return out;
  }
  const out = new Float64Array(n);
  const read =
    type === 'D'
      ? (at: number) => view.getFloat64(at, false)
      : type === 'E'
        ? (at: number) => view.getFloat32(at, false)
        : type === 'J'
          ? (at: number) => view.getInt32(at, false)
          : type === 'I'
            ? (at: number) => view.getInt16(at, false)
            : (at: number) => view.getUint8(at);
  for (let row = 0; row < rowCount; row++) {
    const base = row * rowBytes + byteInRow;
    for (let k = 0; k < repeat; k++) out[row * repeat + k] = read(base + k * size);
  }
  const { tscal, tzero, tnull } = scale;
  const isInteger = type !== 'D' && type !== 'E';
  if (tscal !== 1 || tzero !== 0 || (isInteger && typeof tnull === 'number')) {
    for (let i = 0; i < n; i++) out[i] = isInteger && out[i] === tnull ? Number.NaN : tzero + tscal * out[i];
  }
  return out;
}

/**
 * Reads the first BINTABLE extension of a FITS file (gzipped input is gunzipped first).
 *
 * @param input the file's bytes, plain or gzip.
 * @param options which columns to decode (default: every column of type B, I, J, K, E or D).
 * @returns the table's header, row count and decoded columns.
 * @throws FitsError when the bytes are not FITS, there is no BINTABLE, the data are truncated, a requested
 *   column is missing or has another type (A, L, X, C, M, P, Q), or a K column is scaled.
 *
 * Reference: FITS Standard 4.0 (IAU FITS Working Group 2016), §7.3 (binary tables: TFORMn Table 18, TSCALn,
 * TZEROn, TNULLn).
 */
export function readFitsBinTable(input: Uint8Array, options: ReadBinTableOptions = {}): FitsBinTable {
  const bytes = isGzip(input) ? new Uint8Array(gunzipSync(input)) : input;
  let start = 0;
  for (;;) {
    if (start >= bytes.length) throw new FitsError('FITS file has no BINTABLE extension');
    const { header, dataOffset } = readFitsHeader(bytes, start);
    const size = dataBytes(header);
    if (start > 0 && header.get('XTENSION') === 'BINTABLE') {
      if (dataOffset + size > bytes.length) {
        throw new FitsError(`FITS binary table truncated: ${size} bytes announced at byte ${dataOffset}`);
      }
      return decodeTable(bytes, header, dataOffset, options);
    }
    start = dataOffset + Math.ceil(size / FITS_BLOCK_BYTES) * FITS_BLOCK_BYTES;
  }
}

function decodeTable(
  bytes: Uint8Array,
  header: Map<string, FitsHeaderValue>,
  dataOffset: number,
  options: ReadBinTableOptions,
): FitsBinTable {
  const rowBytes = intCard(header, 'NAXIS1');
  const rowCount = intCard(header, 'NAXIS2');
  const fieldCount = intCard(header, 'TFIELDS');
  const wanted = options.columns?.map((c) => c.toUpperCase());
  const view = new DataView(bytes.buffer, bytes.byteOffset + dataOffset, rowBytes * rowCount);
  const columns = new Map<string, FitsTableColumn>();
  let byteInRow = 0;
  for (let f = 1; f <= fieldCount; f++) {
    const tform = header.get(`TFORM${f}`);
    const match = typeof tform === 'string' ? TFORM_PATTERN.exec(tform.trim()) : null;
    if (match === null) throw new FitsError(`FITS column ${f}: unreadable TFORM${f} ${String(tform)}`);
    const repeat = match[1] === '' ? 1 : Number(match[1]);
    const type = match[2];
    const width = type === 'X' ? Math.ceil(repeat / 8) : repeat * TYPE_BYTES[type];
    const ttype = header.get(`TTYPE${f}`);
    const name = typeof ttype === 'string' ? ttype.trim() : `COL${f}`;
    const key = name.toUpperCase();
    if (wanted === undefined ? isReadable(type) : wanted.includes(key)) {
      if (!isReadable(type)) throw new FitsError(`FITS column ${name} has unsupported type ${type}`);
      const tscal = header.get(`TSCAL${f}`);
      const tzero = header.get(`TZERO${f}`);
      if (type === 'K' && (tscal !== undefined || tzero !== undefined)) {
        throw new FitsError(`FITS column ${name}: scaled 64-bit integers are not supported`);
      }
      const scale = {
        tscal: typeof tscal === 'number' ? tscal : 1,
        tzero: typeof tzero === 'number' ? tzero : 0,
        tnull: header.get(`TNULL${f}`),
      };
      const unit = header.get(`TUNIT${f}`);
      columns.set(key, {
        name,
        type,
        repeat,
        unit: typeof unit === 'string' ? unit : null,
        values: decodeColumn(view, rowBytes, rowCount, byteInRow, type, repeat, scale),
      });
    }
    byteInRow += width;
  }
  if (byteInRow !== rowBytes) {
    throw new FitsError(`FITS binary table: columns span ${byteInRow} bytes but NAXIS1 is ${rowBytes}`);
  }
  const missing = wanted?.filter((c) => !columns.has(c)) ?? [];
  if (missing.length > 0) throw new FitsError(`FITS binary table has no column ${missing.join(', ')}`);
  return { header, rowCount, columns };
}
