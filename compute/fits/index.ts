/** FITS images: a writer for float32 stamps and a minimal reader for 2-D primary HDUs (gzipped or not). */
export {
  FitsError,
  type FitsHeaderValue,
  type FitsImageData,
  imageRows,
  isGzip,
  readFitsHeader,
  readFitsImage,
} from './fits-reader.js';
export {
  FITS_BLOCK_BYTES,
  type FitsCard,
  type FitsCardValue,
  type FitsImage,
  formatCard,
  writeFitsImage,
} from './fits-writer.js';
