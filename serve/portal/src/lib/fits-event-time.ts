/**
 * The event time t0 of a sky map, read in the browser from its FITS headers before the upload, so that the page
 * can show the searched window even when no object is found: MJD-OBS when present, else DATE-OBS (UTC), as the
 * API reads them (compute/skymap/skymap-read.ts `skymapT0Jd`, which needs node:zlib and is not bundled).
 * Reference: FITS 4.0 §4.1 (80-character cards in 2880-byte blocks); LIGO/Virgo/KAGRA sky-map headers.
 */

/** Bytes of headers scanned: the primary and the first extension's headers fit well within this. */
const HEADER_BYTES = 2880 * 16;
const MJD_TO_JD = 2400000.5;
const JD_UNIX_EPOCH = 2440587.5;

/** The value text of a header card `KEY     = value / comment` in `text`, or null. */
function cardValue(text: string, key: string): string | null {
  for (let i = 0; i + 80 <= text.length; i += 80) {
    const card = text.slice(i, i + 80);
    if (card.slice(0, 8).trim() !== key || card.slice(8, 10) !== '= ') continue;
    const raw = card.slice(10);
    const quoted = /^\s*'((?:[^']|'')*)'/.exec(raw);
    return quoted ? quoted[1].replace(/''/g, "'").trim() : raw.split('/')[0].trim();
  }
  return null;
}

/**
 * t0 (JD UTC) from the header text of a FITS file: MJD-OBS, else DATE-OBS (ISO, UTC); null without either.
 * @param headerText the file's first bytes as Latin-1 text.
 */
export function eventJdOfHeaders(headerText: string): number | null {
  const mjd = Number(cardValue(headerText, 'MJD-OBS'));
  if (cardValue(headerText, 'MJD-OBS') !== null && Number.isFinite(mjd)) return mjd + MJD_TO_JD;
  const date = cardValue(headerText, 'DATE-OBS');
  if (date === null) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(date) ? date : `${date}Z`);
  return Number.isFinite(ms) ? ms / 86_400_000 + JD_UNIX_EPOCH : null;
}

/** The first HEADER_BYTES of a file, gunzipped when it is gzip (DecompressionStream), as Latin-1 text. */
async function headerText(file: Blob): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  let stream: ReadableStream<Uint8Array> = file.stream();
  if (head[0] === 0x1f && head[1] === 0x8b)
    stream = stream.pipeThrough(
      new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
    );
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < HEADER_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  void reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return new TextDecoder('latin1').decode(bytes.subarray(0, HEADER_BYTES));
}

/** t0 (JD UTC) of a sky-map file; null when its headers give none or cannot be read. */
export async function skymapEventJd(file: Blob): Promise<number | null> {
  try {
    return eventJdOfHeaders(await headerText(file));
  } catch {
    return null;
  }
}
