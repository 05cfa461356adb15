/**
 * An append-only file written around the page cache (Linux `O_DIRECT`) where the file system allows it: the bytes
 * go from one reused, page-aligned buffer straight to the device. Writing the stamps through the page cache cost
 * ~2.2 s of kernel time per GiB on the virtualised machines of docs/benchmarks.md (every new page-cache page is
 * memory the host must first hand to the guest), O_DIRECT ~20 ms. Where O_DIRECT is refused (tmpfs, other
 * systems), the same code writes through the page cache.
 *
 * Direct I/O moves whole 4,096-byte blocks at aligned positions: each write starts at the block holding the
 * current end, rewriting its first bytes (kept in memory) unchanged, and pads its last block with zeros; the file
 * is cut to its true length on close. A crash may leave that padding (and bytes of an unfinished write) after the
 * last durable byte: callers record where their bytes are, and such a tail is never referenced.
 */
import fs from 'node:fs';
import { promisify } from 'node:util';

/** Alignment of positions and lengths of direct writes (the page size; a multiple of every sector size). */
const BLOCK = 4096;
/** Bytes per write: the size of the reused buffer. */
const CHUNK_BYTES = 8 << 20;

/** `fs.write` looked up at each call (so that a test can make the file system refuse a write). */
const writeAsync = (fd: number, buffer: Buffer, offset: number, length: number, position: number) =>
  new Promise<number>((resolve, reject) =>
    fs.write(fd, buffer, offset, length, position, (err, written) => (err ? reject(err) : resolve(written))),
  );
const fdatasyncAsync = promisify(fs.fdatasync);

/** O_DIRECT where Node defines it (Linux), else null. */
const O_DIRECT: number | null = (fs.constants as Record<string, number | undefined>).O_DIRECT ?? null;

/**
 * A page-aligned buffer of at least `bytes` bytes: WebAssembly memory is mapped in whole pages, so its first
 * byte is page-aligned (a plain Buffer's is not; direct I/O requires it).
 */
function pageAlignedBuffer(bytes: number): Buffer {
  const pages = Math.ceil(bytes / 65536);
  return Buffer.from(new WebAssembly.Memory({ initial: pages, maximum: pages }).buffer);
}

function isInvalidArgument(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'EINVAL';
}

function openFd(file: string, direct: boolean): number {
  return fs.openSync(
    file,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | (direct ? (O_DIRECT ?? 0) : 0),
    0o644,
  );
}

/** See the module comment. One writer at a time: await each `append` before the next. */
export class DirectAppendFile {
  /** Whether writes bypass the page cache (false after the system refused O_DIRECT). */
  direct: boolean;
  private readonly buffer = pageAlignedBuffer(CHUNK_BYTES);

  private constructor(
    readonly file: string,
    private fd: number,
    direct: boolean,
    /** Length of the file's content: where the next appended byte goes. */
    private endOffset: number,
    /** The bytes from the last block boundary to `endOffset`, rewritten by the next write. */
    private tail: Buffer,
  ) {
    this.direct = direct;
  }

  /** Opens `file` for appending, creating it if needed; its current length is where appends go. */
  static open(file: string): DirectAppendFile {
    const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
    const tail = Buffer.alloc(size % BLOCK);
    if (tail.length > 0) {
      const reader = fs.openSync(file, 'r');
      try {
        fs.readSync(reader, tail, 0, tail.length, size - tail.length);
      } finally {
        fs.closeSync(reader);
      }
    }
    let direct = O_DIRECT !== null;
    let fd: number;
    try {
      fd = openFd(file, direct);
    } catch (err) {
      if (!direct || !isInvalidArgument(err)) throw err;
      direct = false;
      fd = openFd(file, false);
    }
    return new DirectAppendFile(file, fd, direct, size, tail);
  }

  /** Length of the content written so far: the offset the next appended byte will have. */
  get end(): number {
    return this.endOffset;
  }

  /** Appends the chunks in order (not yet durable: see {@link sync}). */
  async append(chunks: readonly Uint8Array[]): Promise<void> {
    const { buffer } = this;
    let position = this.endOffset - this.tail.length;
    this.tail.copy(buffer, 0);
    let fill = this.tail.length;
    for (const chunk of chunks) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, CHUNK_BYTES - fill);
        buffer.set(chunk.subarray(at, at + n), fill);
        fill += n;
        at += n;
        if (fill === CHUNK_BYTES) {
          await this.writeAt(CHUNK_BYTES, position);
          position += CHUNK_BYTES;
          fill = 0;
        }
      }
    }
    const tailLength = fill % BLOCK;
    if (fill > 0) {
      const padded = fill - tailLength + (tailLength > 0 ? BLOCK : 0);
      buffer.fill(0, fill, padded);
      await this.writeAt(padded, position);
    }
    this.tail = Buffer.from(buffer.subarray(fill - tailLength, fill));
    this.endOffset = position + fill;
  }

  /** Makes every appended byte durable (fdatasync). */
  async sync(): Promise<void> {
    await fdatasyncAsync(this.fd);
  }

  /** Cuts the block padding off the end of the file and closes it. */
  close(): void {
    try {
      fs.ftruncateSync(this.fd, this.endOffset);
    } finally {
      fs.closeSync(this.fd);
    }
  }

  /** Writes the first `length` bytes of the buffer at `position`, falling back to the page cache on EINVAL. */
  private async writeAt(length: number, position: number): Promise<void> {
    let done = 0;
    while (done < length) {
      try {
        done += await writeAsync(this.fd, this.buffer, done, length - done, position + done);
      } catch (err) {
        if (!this.direct || !isInvalidArgument(err)) throw err;
        // the file system accepted O_DIRECT at open but refuses these writes: use the page cache from now on
        fs.closeSync(this.fd);
        this.fd = openFd(this.file, false);
        this.direct = false;
      }
    }
  }
}
