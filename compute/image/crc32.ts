/**
 * CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as PNG chunks and ZIP entries require. Table-driven,
 * one byte at a time. Pure.
 */

/** The reflected CRC-32 polynomial of PNG, ZIP and gzip. */
const CRC32_POLYNOMIAL = 0xedb88320;

function makeTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? CRC32_POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

const TABLE = makeTable();

/**
 * Updates a running CRC-32 with more bytes.
 * `crc` is the value returned for the bytes before (0 for none). Returns an unsigned 32-bit integer.
 * Reference: PNG Specification, 2nd edition (W3C 2003), §5.5 and Annex D; ZIP APPNOTE 6.3.10, §4.4.7.
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
