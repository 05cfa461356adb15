/**
 * IVOA MOC 2.0 text serialisations of a space MOC: ASCII (`1/1 3-4 9 2/4 12-14 8/`) and JSON
 * (`{"1":[1,3,4,9],"2":[4,12,13,14],"8":[]}`). Written normalised (minimal cells, ascending); read leniently.
 * Hand-written: npm has no maintained library that builds or serialises IVOA MOCs.
 */
import { MAX_ORDER } from '../sky/index.js';
import { type Moc, type MocOrderCells, mocCells, mocFromCells } from './moc.js';

/** Thrown when text is not a readable MOC; the message names the offending token. */
export class MocFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MocFormatError';
  }
}

/**
 * The MOC in MOC 2.0 ASCII: `order/` then pixels, runs of consecutive pixels written `first-last`; orders
 * ascending, separated by a space; the depth closes the text (`8/` when it holds no cell).
 *
 * Reference: IVOA MOC 2.0 (Fernique et al. 2022), §4.3.2 (ASCII serialisation).
 */
export function formatMocAscii(moc: Moc): string {
  return mocCells(moc)
    .map(({ order, pixels }) => {
      const runs: string[] = [];
      for (let i = 0; i < pixels.length; ) {
        let j = i;
        while (j + 1 < pixels.length && pixels[j + 1] === pixels[j] + 1n) j++;
        runs.push(j === i ? `${pixels[i]}` : `${pixels[i]}-${pixels[j]}`);
        i = j + 1;
      }
      return `${order}/${runs.join(' ')}`;
    })
    .join(' ');
}

function parseOrder(text: string): number {
  const order = Number(text);
  if (!/^\d+$/.test(text) || order > MAX_ORDER) throw new MocFormatError(`invalid MOC order "${text}"`);
  return order;
}

/**
 * Reads MOC 2.0 ASCII (spaces, newlines or commas between tokens; pixels and runs in any order).
 *
 * @returns the normalised MOC; its depth is the largest order named.
 * @throws MocFormatError for a token that is not `order/`, a pixel, or a run `a-b` with a ≤ b, or a pixel
 *   before the first order; RangeError for a pixel outside its order.
 * Reference: IVOA MOC 2.0 (2022), §4.3.2.
 */
export function parseMocAscii(text: string): Moc {
  const cells = new Map<number, bigint[]>();
  let current: bigint[] | null = null;
  for (const token of text.split(/[\s,]+/).filter((t) => t !== '')) {
    const slash = token.indexOf('/');
    let rest = token;
    if (slash >= 0) {
      const order = parseOrder(token.slice(0, slash));
      current = cells.get(order) ?? [];
      cells.set(order, current);
      rest = token.slice(slash + 1);
      if (rest === '') continue;
    }
    const run = /^(\d+)(?:-(\d+))?$/.exec(rest);
    if (run === null || current === null) throw new MocFormatError(`invalid MOC token "${token}"`);
    const first = BigInt(run[1]);
    const last = run[2] === undefined ? first : BigInt(run[2]);
    if (last < first) throw new MocFormatError(`invalid MOC run "${token}"`);
    for (let pix = first; pix <= last; pix++) current.push(pix);
  }
  if (cells.size === 0) throw new MocFormatError('empty MOC text: no order given');
  return fromMap(cells);
}

function fromMap(cells: Map<number, bigint[]>): Moc {
  const list: MocOrderCells[] = [...cells.entries()].map(([order, pixels]) => ({ order, pixels }));
  return mocFromCells(list, Math.max(...cells.keys()));
}

/**
 * The MOC in MOC 2.0 JSON: an object whose keys are orders and values arrays of pixels, orders ascending, the
 * depth present (possibly `[]`). Pixels are written exactly, also beyond 2^53.
 *
 * Reference: IVOA MOC 2.0 (2022), §4.3.3 (JSON serialisation).
 */
export function formatMocJson(moc: Moc): string {
  const entries = mocCells(moc).map(({ order, pixels }) => `"${order}":[${pixels.join(',')}]`);
  return `{${entries.join(',')}}`;
}

/**
 * Reads MOC 2.0 JSON (whitespace allowed). Pixels are read as exact integers, so orders up to 29 round-trip.
 *
 * @returns the normalised MOC; its depth is the largest order named.
 * @throws MocFormatError when the text is not an object of `"order": [integers]` entries.
 * Reference: IVOA MOC 2.0 (2022), §4.3.3.
 */
export function parseMocJson(text: string): Moc {
  const body = text.trim();
  if (!body.startsWith('{') || !body.endsWith('}')) throw new MocFormatError('MOC JSON must be an object');
  const inner = body.slice(1, -1).trim();
  const cells = new Map<number, bigint[]>();
  const entry = /\s*"(\d+)"\s*:\s*\[([^\]]*)\]\s*(,|$)/y;
  let at = 0;
  while (at < inner.length) {
    entry.lastIndex = at;
    const match = entry.exec(inner);
    if (match === null) throw new MocFormatError(`invalid MOC JSON near "${inner.slice(at, at + 20)}"`);
    const order = parseOrder(match[1]);
    const values = match[2].trim() === '' ? [] : match[2].split(',').map((v) => v.trim());
    if (values.some((v) => !/^\d+$/.test(v)))
      throw new MocFormatError(`invalid MOC JSON pixels of order ${order}`);
    cells.set(order, [...(cells.get(order) ?? []), ...values.map(BigInt)]);
    at = entry.lastIndex;
  }
  if (cells.size === 0) throw new MocFormatError('empty MOC JSON: no order given');
  return fromMap(cells);
}
