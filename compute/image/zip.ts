/**
 * ZIP archives of stamps, written by fflate (`zipSync`): stored or deflated entries, CRC-32, UTF-8 names, no
 * ZIP64 (so at most 65,535 entries and 4 GiB), one central directory. Pure: entries in, archive bytes out.
 */
import { type ZipOptions, zipSync } from 'fflate';

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
   * clamped to 1980-2099; default 1980-01-01). */
  readonly modifiedAt?: Date;
}

const MAX_ENTRIES = 0xffff;
const MAX_BYTES = 0xffffffff;
/** 1980-01-01 00:00:00 UTC, the earliest MS-DOS time, used when an entry gives none. */
const DOS_EPOCH = new Date(Date.UTC(1980, 0, 1));
/** The latest time fflate writes, 2099-12-31 23:59:58 UTC; later times are written as it. */
const DOS_LATEST = new Date(Date.UTC(2099, 11, 31, 23, 59, 58));

/**
 * The time to give fflate so that the archive holds the UTC fields of `at`: fflate writes the local-time
 * fields of the Date it is given, so this is a Date whose local fields are `at`'s UTC ones.
 */
function dosTimeForFflate(at: Date): Date {
  const ms = at.getTime();
  const d = Number.isNaN(ms)
    ? DOS_EPOCH
    : new Date(Math.min(DOS_LATEST.getTime(), Math.max(DOS_EPOCH.getTime(), ms)));
  return new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
}

/**
 * Writes a ZIP archive holding `entries` in the given order (except that names which are array indices, such as
 * "12", come first: fflate takes the entries as an object's keys).
 * Returns the archive bytes. Throws RangeError for an empty, absolute or too long name, `__proto__`, a repeated name, more
 * than 65,535 entries, or an archive past 4 GiB (ZIP64 is not written).
 * Reference: PKWARE APPNOTE.TXT 6.3.10 (2022), §4.3.7 (local header), §4.3.12 (central directory header),
 * §4.4.4 (flag bit 11), §4.4.6 (MS-DOS time).
 */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  if (entries.length > MAX_ENTRIES) throw new RangeError(`ZIP: at most ${MAX_ENTRIES} entries`);
  const encoder = new TextEncoder();
  const files: Record<string, [Uint8Array, ZipOptions]> = Object.create(null);
  for (const entry of entries) {
    const nameBytes = encoder.encode(entry.name).length;
    // fflate keeps entries in a plain object, where `__proto__` is not a key
    if (nameBytes === 0 || nameBytes > 0xffff || entry.name.startsWith('/') || entry.name === '__proto__')
      throw new RangeError(`ZIP: invalid entry name ${JSON.stringify(entry.name)}`);
    if (Object.hasOwn(files, entry.name))
      throw new RangeError(`ZIP: repeated entry name ${JSON.stringify(entry.name)}`);
    files[entry.name] = [
      entry.data,
      { level: entry.method === 'store' ? 0 : 6, mtime: dosTimeForFflate(entry.modifiedAt ?? DOS_EPOCH) },
    ];
  }
  const out = zipSync(files);
  if (out.length > MAX_BYTES) throw new RangeError('ZIP: archive larger than 4 GiB (ZIP64 is not written)');
  return out;
}
