/**
 * A FITS primary-image reader written for the tests from the FITS Standard 4.0 alone (IAU FITS Working Group
 * 2016), apart from compute/fits: 2880-byte blocks of 80-character header cards ending at END (§3.3, §4.1), the
 * mandatory keywords SIMPLE, BITPIX, NAXIS, NAXISn (§4.4.1), big-endian data padded to a whole block (§3.3.2,
 * §5). It lists every HDU of the file so that a test can check there is exactly one, as astropy's
 * `fits.open(...)` followed by `len(hdul)` would.
 */

/** Bytes per FITS block (§3.1). */
const BLOCK = 2880;
/** Characters per header card (§4.1.1). */
const CARD = 80;

/** One HDU: its header cards (keyword → value text) and, for a 2-D float image, its pixels. */
export interface OracleHdu {
  readonly cards: ReadonlyMap<string, string>;
  readonly bitpix: number;
  /** NAXIS1, NAXIS2, ... */
  readonly axes: readonly number[];
  /** Byte offset of the data in the file. */
  readonly dataStart: number;
  /** Data bytes (|BITPIX|/8 × ΠNAXISn), before padding. */
  readonly dataBytes: number;
}

/** A FITS file read by the oracle: its HDUs, and whether its length is a whole number of blocks. */
export interface OracleFits {
  readonly hdus: readonly OracleHdu[];
  readonly wholeBlocks: boolean;
}

function cardValue(card: string): string {
  const value = card.slice(10).split('/')[0].trim();
  return value.startsWith("'") ? value.slice(1, value.lastIndexOf("'")).trimEnd() : value;
}

function integer(cards: ReadonlyMap<string, string>, key: string): number {
  const text = cards.get(key);
  if (text === undefined || !/^[+-]?\d+$/.test(text))
    throw new Error(`FITS card ${key} missing or not an integer`);
  return Number(text);
}

/**
 * Reads every HDU of `bytes` (a primary HDU then XTENSION HDUs). Throws when a header has no END, its first
 * card is not SIMPLE = T (primary) or XTENSION, or the data run past the end of the file.
 */
export function readFitsOracle(bytes: Uint8Array): OracleFits {
  const text = new TextDecoder('latin1');
  const hdus: OracleHdu[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const cards = new Map<string, string>();
    let end = -1;
    for (let at = pos; at + CARD <= bytes.length; at += CARD) {
      const card = text.decode(bytes.subarray(at, at + CARD));
      const keyword = card.slice(0, 8).trimEnd();
      if (at === pos) {
        const isPrimary = hdus.length === 0;
        if (isPrimary && !(keyword === 'SIMPLE' && cardValue(card) === 'T'))
          throw new Error('the first card of a FITS file must be SIMPLE = T');
        if (!isPrimary && keyword !== 'XTENSION')
          throw new Error(`byte ${pos}: an HDU must start with XTENSION`);
      }
      if (keyword === 'END') {
        end = at + CARD;
        break;
      }
      if (card.slice(8, 10) === '= ') cards.set(keyword, cardValue(card));
    }
    if (end < 0) throw new Error(`the header at byte ${pos} has no END card`);
    const bitpix = integer(cards, 'BITPIX');
    const naxis = integer(cards, 'NAXIS');
    const axes = Array.from({ length: naxis }, (_, k) => integer(cards, `NAXIS${k + 1}`));
    const dataBytes = naxis === 0 ? 0 : (Math.abs(bitpix) / 8) * axes.reduce((a, b) => a * b, 1);
    const dataStart = Math.ceil(end / BLOCK) * BLOCK;
    if (dataStart + dataBytes > bytes.length)
      throw new Error(`the data of the HDU at byte ${pos} are truncated`);
    hdus.push({ cards, bitpix, axes, dataStart, dataBytes });
    pos = dataStart + Math.ceil(dataBytes / BLOCK) * BLOCK;
  }
  return { hdus, wholeBlocks: bytes.length % BLOCK === 0 };
}

/**
 * The pixels of a 2-D BITPIX = -32 image HDU (IEEE 754 big-endian single precision, §5.3) as rows,
 * `rows[y][x]` with y = 0 the first row of the file (FITS row 1).
 */
export function float32Rows(bytes: Uint8Array, hdu: OracleHdu): number[][] {
  if (hdu.bitpix !== -32 || hdu.axes.length !== 2) throw new Error('expected a 2-D BITPIX = -32 image');
  const [width, height] = hdu.axes;
  const view = new DataView(bytes.buffer, bytes.byteOffset + hdu.dataStart, hdu.dataBytes);
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => view.getFloat32((y * width + x) * 4, false)),
  );
}
