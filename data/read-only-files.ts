/**
 * Positional reads of immutable store files through a bounded set of open descriptors. Every call is
 * synchronous, so a descriptor is never closed between another caller's open and read (no reuse race), and
 * reads of a few kilobytes from the page cache cost microseconds.
 */
import fs from 'node:fs';

/** Default number of descriptors kept open. */
export const DEFAULT_OPEN_FILES = 256;

/** Open descriptors of read-only files, least recently used closed first. */
export class ReadOnlyFiles {
  private readonly open = new Map<string, number>();
  /** The buffer of {@link readTransient}, grown as needed. */
  private scratch: Buffer = Buffer.allocUnsafeSlow(1 << 16);

  constructor(private readonly maxOpen = DEFAULT_OPEN_FILES) {}

  private fdOf(file: string): number {
    const known = this.open.get(file);
    if (known !== undefined) {
      // most recently used last
      this.open.delete(file);
      this.open.set(file, known);
      return known;
    }
    const fd = fs.openSync(file, 'r');
    this.open.set(file, fd);
    if (this.open.size > this.maxOpen) {
      const [oldest, oldFd] = this.open.entries().next().value as [string, number];
      this.open.delete(oldest);
      fs.closeSync(oldFd);
    }
    return fd;
  }

  /**
   * Reads `length` bytes of `file` at byte `offset`.
   *
   * @throws Error when the file cannot be opened or holds fewer bytes than asked (a truncated file).
   */
  read(file: string, offset: number, length: number): Buffer {
    return this.readInto(Buffer.allocUnsafe(length), file, offset, length);
  }

  /**
   * Reads `length` bytes of `file` at byte `offset` into a buffer this object reuses, and returns what `use`
   * makes of them. `use` must not keep the bytes (nor views of them): the next read overwrites them. For reads
   * that are decoded at once (object blocks), so that answering does not allocate a buffer per block read.
   *
   * @throws Error as {@link read}.
   */
  readTransient<T>(file: string, offset: number, length: number, use: (bytes: Buffer) => T): T {
    if (this.scratch.length < length)
      this.scratch = Buffer.allocUnsafeSlow(Math.max(length, 2 * this.scratch.length));
    return use(this.readInto(this.scratch, file, offset, length).subarray(0, length));
  }

  private readInto(bytes: Buffer, file: string, offset: number, length: number): Buffer {
    const fd = this.fdOf(file);
    let at = 0;
    while (at < length) {
      const n = fs.readSync(fd, bytes, at, length - at, offset + at);
      if (n === 0) throw new Error(`${file} ends before byte ${offset + length}`);
      at += n;
    }
    return bytes;
  }

  /** Closes the descriptors of files for which `keep` is false (e.g. parts that left the catalog). */
  closeUnless(keep: (file: string) => boolean): void {
    for (const [file, fd] of [...this.open]) {
      if (keep(file)) continue;
      this.open.delete(file);
      fs.closeSync(fd);
    }
  }

  /** Closes every descriptor. */
  closeAll(): void {
    this.closeUnless(() => false);
  }
}
