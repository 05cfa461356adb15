import { describe, expect, it } from 'vitest';
import { Prng } from '../compute/random/index.js';
import { ByteSink, FlatRecordWriter } from './flat-record-writer.js';
import { BLOCK_STAMP_RECORD, BLOCK_UPPERLIM_RECORD, ObjectBlockStream } from './object-block-stream.js';
import {
  type BlockAlert,
  type BlockStampRef,
  type BlockUpperlim,
  decodeObjectBlock,
  type ObjectBlock,
  ObjectBlockEncoder,
} from './object-blocks.js';

/** A random block: alerts with texts, upper limits and stamp references, with nulls and 64-bit values. */
function randomBlock(rng: Prng): ObjectBlock {
  const maybe = <T>(v: T): T | null => (rng.chance(0.3) ? null : v);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => rng.int(0, 255));
  const candid = () => BigInt(rng.int(0, 2 ** 30)) * 2n ** 32n + BigInt(rng.int(0, 2 ** 32 - 1));
  const alerts: BlockAlert[] = Array.from({ length: rng.int(0, 4) }, () => ({
    classification: maybe(rng.chance(0.5) ? 'SN candidate' : 'Étoile (Ω)'),
    row: bytes(rng.int(0, 300)),
    text: {
      candid: candid(),
      jd: 2460000.5 + rng.uniform() * 100,
      fid: maybe(rng.int(1, 3)),
      magpsf: maybe(Math.fround(rng.range(12, 22))),
      sigmapsf: maybe(Math.fround(rng.range(0, 1))),
      json: bytes(rng.int(0, 4000)),
    },
  }));
  const upperlim: BlockUpperlim[] = Array.from({ length: rng.int(0, 40) }, () => ({
    jd: 2460000.5 + rng.uniform() * 100,
    fid: maybe(rng.int(1, 3)),
    magpsf: maybe(Math.fround(rng.range(12, 22))),
    sigmapsf: maybe(Math.fround(rng.range(0, 1))),
    diffmaglim: maybe(Math.fround(rng.range(18, 21))),
    magnr: maybe(Math.fround(rng.range(12, 22))),
    sigmagnr: maybe(Math.fround(rng.range(0, 1))),
    isdiffpos: maybe(rng.chance(0.5) ? 't' : 'f'),
    distnr: maybe(Math.fround(rng.range(0, 30))),
    rb: maybe(Math.fround(rng.uniform())),
    nbad: maybe(rng.int(0, 5)),
    tag: rng.chance(0.5) ? 'upperlim' : 'badquality',
  }));
  const stamps: BlockStampRef[] = Array.from({ length: rng.int(0, 4) }, () => ({
    candid: candid(),
    jd: 2460000.5 + rng.uniform() * 100,
    night: 20240000 + rng.int(101, 1231),
    offset: BigInt(rng.int(0, 2 ** 20)) * 2n ** 20n,
    scienceLen: maybe(rng.int(0, 100_000)),
    templateLen: maybe(rng.int(0, 100_000)),
    differenceLen: maybe(rng.int(0, 100_000)),
  }));
  return { alerts, upperlim, stamps };
}

/** Records encoded one after another, as a publication's query rows are: their bytes and count. */
function encoded(
  fields: FlatRecordWriter['fields'],
  items: readonly object[],
): [Uint8Array, number, number, number] {
  const sink = new ByteSink(64);
  const writer = new FlatRecordWriter(fields);
  for (const item of items) writer.write(item as Record<string, unknown>, sink);
  return [sink.view(), 0, sink.pos, items.length];
}

/** Adds a block to the stream alert by alert, its upper limits and stamps as encoded records. */
function addTo(stream: ObjectBlockStream, block: ObjectBlock): number {
  for (const a of block.alerts) {
    if (a.text === null) throw new Error('the stream writes alerts with texts');
    stream.alert(a.classification, a.row, a.text.candid, a.text.jd, a.text);
  }
  stream.upperlims(...encoded(BLOCK_UPPERLIM_RECORD, block.upperlim));
  stream.stamps(...encoded(BLOCK_STAMP_RECORD, block.stamps));
  return stream.endBlock();
}

describe('object block stream', () => {
  it('writes the bytes the avsc encoder writes, block after block', () => {
    const rng = new Prng(20241126);
    const blocks = [
      { alerts: [], upperlim: [], stamps: [] },
      ...Array.from({ length: 300 }, () => randomBlock(rng)),
    ];
    // a small initial buffer: the stream grows past it and keeps what it holds
    const stream = new ObjectBlockStream(256);
    const encoder = new ObjectBlockEncoder(256);
    const lengths = blocks.map((b) => addTo(stream, b));
    expect(lengths).toEqual(blocks.map((b) => encoder.add(b)));
    expect(stream.size).toBe(encoder.size);
    expect(Buffer.compare(Buffer.from(stream.bytes()), encoder.bytes())).toBe(0);
    // and the blocks read back
    let at = 0;
    for (let i = 0; i < blocks.length; i++) {
      const back = decodeObjectBlock(stream.bytes().subarray(at, at + lengths[i]));
      expect(back.upperlim).toEqual(blocks[i].upperlim);
      expect(back.stamps).toEqual(blocks[i].stamps);
      expect(back.alerts.map((a) => a.text?.candid)).toEqual(blocks[i].alerts.map((a) => a.text?.candid));
      at += lengths[i];
    }
  });

  it('keeps the open block across a reset of the ended ones', () => {
    const rng = new Prng(7);
    const [first, second] = [randomBlock(rng), randomBlock(rng)];
    const stream = new ObjectBlockStream();
    addTo(stream, first);
    // the second block is half added when the first is flushed
    const half = second.upperlim.length >> 1;
    for (const a of second.alerts)
      if (a.text) stream.alert(a.classification, a.row, a.text.candid, a.text.jd, a.text);
    stream.upperlims(...encoded(BLOCK_UPPERLIM_RECORD, second.upperlim.slice(0, half)));
    stream.reset();
    expect(stream.size).toBe(0);
    stream.upperlims(...encoded(BLOCK_UPPERLIM_RECORD, second.upperlim.slice(half)));
    stream.stamps(...encoded(BLOCK_STAMP_RECORD, second.stamps));
    const length = stream.endBlock();
    const encoder = new ObjectBlockEncoder();
    expect(length).toBe(encoder.add(second));
    expect(Buffer.compare(Buffer.from(stream.bytes()), encoder.bytes())).toBe(0);
  });
});
