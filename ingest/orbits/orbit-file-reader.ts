/**
 * Reads an orbit file of any supported format as a stream of parsed lines: MPCORB.DAT and CometEls.txt (plain or
 * gzip, recognised by content, read line by line so a full MPCORB.DAT never sits in memory) and JPL SBDB JSON
 * tables (`{fields, data}`, read whole). Header lines before the first orbit are skipped; after it, any non-blank
 * line that is not an orbit is rejected.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  jplRowParser,
  type LineOutcome,
  parseCometElsLine,
  parseMpcorbCatalogueLine,
} from '../../compute/sso/catalogue/index.js';

/** The formats an orbit file can have. */
export type OrbitFileFormat = 'mpcorb' | 'cometels' | 'jpl-asteroids' | 'jpl-comets';

/** One parsed line (or JSON row) and where it came from (1-based line, or row index in `data`). */
export interface PositionedOutcome {
  readonly line: number;
  readonly outcome: LineOutcome;
}

/** Thrown when a file is not one of the supported formats. */
export class OrbitFileError extends Error {
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`);
    this.name = 'OrbitFileError';
  }
}

/** Lines examined to recognise a line format (MPCORB.DAT has a ~40-line header). */
const SNIFF_LINES = 200;

function isGzip(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return fs.readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

function textStream(file: string): Readable {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  return isGzip(file) ? raw.pipe(zlib.createGunzip()) : raw;
}

async function firstChar(file: string): Promise<string> {
  for await (const chunk of textStream(file)) {
    const text = String(chunk).trimStart();
    if (text !== '') return text[0];
  }
  return '';
}

/** Recognises a line format from the first lines: the first line either parser reads as an orbit decides. */
function sniffLineFormat(lines: readonly string[]): 'mpcorb' | 'cometels' | null {
  for (const line of lines) {
    if (parseMpcorbCatalogueLine(line).kind === 'record') return 'mpcorb';
    if (parseCometElsLine(line).kind === 'record') return 'cometels';
  }
  return null;
}

/**
 * Opens an orbit file and recognises its format.
 * @returns the format and an async iterator over its parsed lines (lines not yet read stay on disk).
 * @throws OrbitFileError when the file is none of the supported formats.
 */
export async function openOrbitFile(
  file: string,
): Promise<{ format: OrbitFileFormat; outcomes: AsyncGenerator<PositionedOutcome> }> {
  if ((await firstChar(file)) === '{') return readJplTable(file);
  const lines = readline.createInterface({ input: textStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const head: string[] = [];
  while (head.length < SNIFF_LINES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  const format = sniffLineFormat(head);
  if (!format) {
    lines.close();
    throw new OrbitFileError(
      file,
      `no MPCORB.DAT or CometEls.txt orbit line in the first ${SNIFF_LINES} lines`,
    );
  }
  const parse = format === 'mpcorb' ? parseMpcorbCatalogueLine : parseCometElsLine;
  async function* outcomes(): AsyncGenerator<PositionedOutcome> {
    let lineNumber = 0;
    let inHeader = true;
    const rest = { [Symbol.asyncIterator]: () => iterator };
    for (const source of [head, rest]) {
      for await (const text of source) {
        lineNumber++;
        const outcome = parse(text);
        if (outcome.kind === 'not-orbit') {
          if (inHeader || text.trim() === '') continue;
          yield { line: lineNumber, outcome: { kind: 'rejected', reason: 'not an orbit line' } };
          continue;
        }
        inHeader = false;
        yield { line: lineNumber, outcome };
      }
    }
  }
  return { format, outcomes: outcomes() };
}

async function readJplTable(file: string): Promise<{
  format: OrbitFileFormat;
  outcomes: AsyncGenerator<PositionedOutcome>;
}> {
  const chunks: Buffer[] = [];
  for await (const chunk of textStream(file)) chunks.push(chunk as Buffer);
  let table: { fields?: unknown; data?: unknown };
  try {
    table = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (err) {
    throw new OrbitFileError(file, `not valid JSON (${(err as Error).message})`);
  }
  const { fields, data } = table;
  if (!Array.isArray(fields) || !Array.isArray(data) || !fields.every((f) => typeof f === 'string')) {
    throw new OrbitFileError(file, 'a JPL SBDB table needs "fields" (strings) and "data" (rows)');
  }
  const parser = jplRowParser(fields);
  if (!parser) throw new OrbitFileError(file, `unknown JPL SBDB field list: ${fields.join(', ')}`);
  async function* outcomes(): AsyncGenerator<PositionedOutcome> {
    for (let i = 0; i < (data as unknown[]).length; i++) {
      const row = (data as unknown[])[i];
      yield {
        line: i + 1,
        outcome: Array.isArray(row)
          ? parser!.parse(row)
          : { kind: 'rejected', reason: 'row is not an array' },
      };
    }
  }
  return { format: parser.kind === 'comet' ? 'jpl-comets' : 'jpl-asteroids', outcomes: outcomes() };
}
