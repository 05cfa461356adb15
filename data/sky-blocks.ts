/**
 * Sky blocks (`sky.bin` of a part): the part's valid alerts as fixed 64-byte records sorted by HEALPix order-29
 * NESTED pixel, with the first pixel of every block of 256 records at the end, so that a cone search reads the
 * few blocks its pixel ranges touch with one positional read each, without a query engine (docs/store.md,
 * "Sky blocks"). The same rows as `idx_sky.parquet`, narrowed to what a cone search needs.
 *
 * Layout (little-endian):
 *   header   "SKYBLK01" (8 bytes) | u32 record bytes (64) | u32 records per block (256) | 16 reserved bytes
 *   records  f64 ra (deg) | f64 dec (deg) | f64 jd | f64 jdstarthist | i64 candid | u8 id length | id (UTF-8, ≤ 23)
 *   keys     i64 first hpix29 of each block
 *   footer   u64 byte offset of the keys | "SKYBLEND"
 */

/** File name in a part directory. */
export const SKY_BLOCKS_FILE = 'sky.bin';
export const SKY_MAGIC = 'SKYBLK01';
export const SKY_FOOTER_MAGIC = 'SKYBLEND';
export const SKY_HEADER_BYTES = 32;
export const SKY_FOOTER_BYTES = 16;
export const SKY_RECORD_BYTES = 64;
export const SKY_RECORDS_PER_BLOCK = 256;
/** Longest objectId a record holds (UTF-8 bytes); a part with a longer one gets no sky blocks. */
export const SKY_MAX_ID_BYTES = 23;

/** Byte offsets of the fields in a record. */
export const SKY_FIELD = {
  ra: 0,
  dec: 8,
  jd: 16,
  jdstarthist: 24,
  candid: 32,
  idLength: 40,
  id: 41,
} as const;

/** One record, as written. */
export interface SkyRecord {
  readonly raDeg: number;
  readonly decDeg: number;
  readonly jd: number;
  readonly jdstarthist: number;
  readonly candid: bigint;
  readonly objectId: string;
}

/** The header of a sky blocks file. */
export function skyHeader(): Buffer {
  const header = Buffer.alloc(SKY_HEADER_BYTES);
  header.write(SKY_MAGIC, 0, 'latin1');
  header.writeUInt32LE(SKY_RECORD_BYTES, 8);
  header.writeUInt32LE(SKY_RECORDS_PER_BLOCK, 12);
  return header;
}

/**
 * Writes `record` at `offset` of `out`.
 * @returns false (nothing written) when the objectId is longer than {@link SKY_MAX_ID_BYTES} UTF-8 bytes.
 */
export function writeSkyRecord(out: Buffer, offset: number, record: SkyRecord): boolean {
  const idLength = Buffer.byteLength(record.objectId, 'utf8');
  if (idLength > SKY_MAX_ID_BYTES) return false;
  out.writeDoubleLE(record.raDeg, offset + SKY_FIELD.ra);
  out.writeDoubleLE(record.decDeg, offset + SKY_FIELD.dec);
  out.writeDoubleLE(record.jd, offset + SKY_FIELD.jd);
  out.writeDoubleLE(record.jdstarthist, offset + SKY_FIELD.jdstarthist);
  out.writeBigInt64LE(record.candid, offset + SKY_FIELD.candid);
  out.writeUInt8(idLength, offset + SKY_FIELD.idLength);
  out.fill(0, offset + SKY_FIELD.id, offset + SKY_RECORD_BYTES);
  out.write(record.objectId, offset + SKY_FIELD.id, 'utf8');
  return true;
}

/** The footer pointing at the block keys. */
export function skyFooter(keysOffset: number): Buffer {
  const footer = Buffer.alloc(SKY_FOOTER_BYTES);
  footer.writeBigUInt64LE(BigInt(keysOffset), 0);
  footer.write(SKY_FOOTER_MAGIC, 8, 'latin1');
  return footer;
}
