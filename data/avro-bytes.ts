/**
 * An Avro `bytes` type that reads values as views of the buffer being decoded, for the registry of
 * `avro.Type.forSchema` (`registry: { bytes: viewBytesType }`), as `bigintLongType` is for `long`.
 *
 * avsc copies every `bytes` value out of the input: values up to 4 KiB into a shared slab, larger ones into a
 * new zero-filled Buffer (`Buffer.alloc`). An alert's three stamps (4-8 KiB each) are above that size: the zero-fill
 * and the copy were ~9 % of staging. A view shares the decoded buffer's memory: it keeps that buffer alive as
 * long as the value is (one Avro block of a file, one Kafka message), and must not be written to. The server's
 * object blocks keep copying: a cone search holds the texts of hundreds of blocks at once, and views would keep
 * every whole block alive with them (measured: +50 MiB at a 5° cone, and peaks near 600 MB under load).
 *
 * This overrides avsc's `BytesType#_read`, which reads the length (a zigzag long) then the bytes through its
 * `Tap` (`buf`, `pos`, `readLong`); avsc 5.x, checked by the round-trip tests of the decoders.
 */
import avro from 'avsc';

/** The `Tap` members the reader uses (avsc lib/utils.js). */
interface AvscTap {
  buf: Buffer;
  pos: number;
  readLong(): number;
}

/** avsc's `bytes` type with a reader returning views. */
class ViewBytesType extends avro.types.BytesType {
  _read(tap: AvscTap): Buffer | undefined {
    const length = tap.readLong();
    const start = tap.pos;
    tap.pos += length;
    // a negative or overrunning length leaves the tap invalid, as avsc's own reader does; the decoder then throws
    if (length < 0 || tap.pos > tap.buf.length) {
      tap.pos = tap.buf.length + 1;
      return undefined;
    }
    return tap.buf.subarray(start, tap.pos);
  }
}

/** The `bytes` type reading views (see the module doc). */
export const viewBytesType: avro.Type = new ViewBytesType();
