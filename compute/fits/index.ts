/**
 * FITS: a writer for float32 stamps, a minimal reader for 2-D primary HDUs (gzipped or not), and a reader and
 * writer for numeric binary tables (HEALPix sky maps).
 * Hand-written: npm has no maintained FITS library that writes (fitsjs and fits-reader-js only read).
 */
export {
  FitsError,
  type FitsHeaderValue,
  type FitsImageData,
  imageRows,
  intCard,
  isGzip,
  readFitsHeader,
  readFitsImage,
} from './fits-reader.js';
export {
  type FitsBinTable,
  type FitsTableColumn,
  type FitsTableType,
  type ReadBinTableOptions,
  readFitsBinTable,
} from './fits-table.js';
export { type FitsTableColumnInput, type FitsTableInput, writeFitsBinTable } from './fits-table-writer.js';
export {
  FITS_BLOCK_BYTES,
  type FitsCard,
  type FitsCardValue,
  type FitsImage,
  formatCard,
  writeFitsImage,
  writeFitsImageExtension,
} from './fits-writer.js';
