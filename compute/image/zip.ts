/**
 * A minimal ZIP writer: stored or deflated entries, CRC-32, UTF-8 names, no ZIP64 (so at most 65,535 entries
 * and 4 GiB), one central directory. Pure: entries in, archive bytes out.
 */
import { deflateRawSync } from 'node:zlib';
import { crc32 } from './crc32.js';

/** How an entry's bytes are kept: as they are (method 0) or raw-deflated (method 8). */
export type ZipMethod = 'store' | 'deflate';

/** One file of the archive. */
export interface ZipEntry {
  /** Path inside the archive, '/'-separated, no leading '/', 1-65,535 UTF-8 bytes. */
  readonly name: string;
  readonly data: Uint8Array;
  /** 'store' suits bytes that are compressed already (PNG, gzip); default 'deflate'. */
  readonly method?: ZipMethod;
  /** Modification time written in the entry (MS-DOS format: UTC fields, 2 s resolution,
   * clamped to 1980-2107; default 1980-01-01). */
  readonly modifiedAt?: Date;
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;
/** Version 2.0: deflate and stored entries, no ZIP64. */
const ZIP_VERSION = 20;
/** General-purpose flag bit 11: names are UTF-8. */
const FLAG_UTF8 = 0x0800;
const METHOD_CODE: Readonly<Record<ZipMethod, number>> = { store: 0, deflate: 8 };
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
/** 1980-01-01 00:00:00 UTC, the earliest MS-DOS time, used when an entry gives none. */
const DOS_EPOCH = new Date(Date.UTC(1980, 0, 1));
/** The latest MS-DOS time, 2107-12-31 23:59:58 UTC; later times are written as it. */
const DOS_LATEST = new Date(Date.UTC(2107, 11, 31, 23, 59, 58));

function dosDateTime(at: Date): { time: number; date: number } {
  const ms = at.getTime();
  const d = Number.isNaN(ms)
    ? DOS_EPOCH
    : new Date(Math.min(DOS_LATEST.getTime(), Math.max(DOS_EPOCH.getTime(), ms)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/**
 * Writes a ZIP archive holding `entries` in the given order.
 * Returns the archive bytes. Throws RangeError for an empty, absolute or too long name, a repeated name, more
 * than 65,535 entries, or an archive past 4 GiB (ZIP64 is not written).
 * Reference: PKWARE APPNOTE.TXT 6.3.10 (2022), §4.3.7 (local header), §4.3.12 (central directory header),
 * §4.3.16 (end of central directory), §4.4.4 (flag bit 11), §4.4.6 (MS-DOS time).
 */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  if (entries.length > MAX_ENTRIES) throw new RangeError(`ZIP: at most ${MAX_ENTRIES} entries`);
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    if (name.length === 0 || name.length > 0xffff || entry.name.startsWith('/'))
      throw new RangeError(`ZIP: invalid entry name ${JSON.stringify(entry.name)}`);
    if (seen.has(entry.name)) throw new RangeError(`ZIP: repeated entry name ${JSON.stringify(entry.name)}`);
    seen.add(entry.name);
    const method = entry.method ?? 'deflate';
    const body = method === 'deflate' ? new Uint8Array(deflateRawSync(entry.data)) : entry.data;
    const crc = crc32(entry.data);
    const { time, date } = dosDateTime(entry.modifiedAt ?? DOS_EPOCH);

    const local = new Uint8Array(30 + name.length + body.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL_HEADER_SIGNATURE, true);
    lv.setUint16(4, ZIP_VERSION, true);
    lv.setUint16(6, FLAG_UTF8, true);
    lv.setUint16(8, METHOD_CODE[method], true);
    lv.setUint16(10, time, true);
    lv.setUint16(12, date, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, entry.data.length, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, 0, true);
    local.set(name, 30);
    local.set(body, 30 + name.length);

    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, CENTRAL_HEADER_SIGNATURE, true);
    cv.setUint16(4, ZIP_VERSION, true);
    cv.setUint16(6, ZIP_VERSION, true);
    cv.setUint16(8, FLAG_UTF8, true);
    cv.setUint16(10, METHOD_CODE[method], true);
    cv.setUint16(12, time, true);
    cv.setUint16(14, date, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, entry.data.length, true);
    cv.setUint16(28, name.length, true);
    // extra length, comment length, disk number, internal and external attributes stay 0
    cv.setUint32(42, offset, true);
    central.set(name, 46);

    locals.push(local);
    centrals.push(central);
    offset += local.length;
    if (offset > MAX_OFFSET) throw new RangeError('ZIP: archive larger than 4 GiB (ZIP64 is not written)');
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  if (offset + centralSize > MAX_OFFSET)
    throw new RangeError('ZIP: archive larger than 4 GiB (ZIP64 is not written)');
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, END_OF_CENTRAL_DIRECTORY_SIGNATURE, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);

  const out = new Uint8Array(offset + centralSize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
