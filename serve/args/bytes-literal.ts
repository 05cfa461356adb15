/**
 * Python bytes literals as data: the reference's clients send a sky map as `str(open(f, 'rb').read())`, the
 * text `b'\x1f\x8b...'`. The literal is decoded by its escape rules, never evaluated.
 *
 * Reference: Python Language Reference §2.4.1 (string and bytes literals, escape sequences); docs/references.md#api-bayestar.
 */

/** Single-character escapes of bytes literals and the byte each stands for. */
const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  '\\': 0x5c,
  "'": 0x27,
  '"': 0x22,
  a: 0x07,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
};

const HEX_DIGIT = /^[0-9a-fA-F]$/;
const OCTAL_DIGIT = /^[0-7]$/;

/** Decoded bytes, or what is wrong with the text. */
export type BytesLiteral = { readonly bytes: Uint8Array } | { readonly error: string };

/**
 * Decodes a Python bytes literal (`b'...'` or `b"..."`, prefix `b` or `B`, optionally raw `rb`/`br`).
 *
 * @param text the literal, possibly surrounded by white space.
 * @returns the bytes, or an error naming the first problem and its character offset. Never throws.
 */
export function parseBytesLiteral(text: string): BytesLiteral {
  const literal = text.trim();
  const prefix = /^([bB][rR]?|[rR][bB])(['"])/.exec(literal);
  if (!prefix) return { error: 'is not a Python bytes literal (text starting with b\' or b")' };
  const raw = /r/i.test(prefix[1]);
  const quote = prefix[2];
  const start = prefix[0].length;
  if (literal.length < start + 1 || literal[literal.length - 1] !== quote)
    return { error: `does not end with the closing quote ${quote}` };
  const body = literal.slice(start, -1);
  const out = new Uint8Array(body.length);
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    const code = ch.charCodeAt(0);
    if (code > 0x7f) return { error: `holds a non-ASCII character at offset ${start + i}` };
    if (ch === quote) return { error: `holds an unescaped quote at offset ${start + i}` };
    if (ch !== '\\' || raw) {
      out[n++] = code;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return { error: 'ends with a lone backslash' };
    if (next in SIMPLE_ESCAPES) {
      out[n++] = SIMPLE_ESCAPES[next];
      i += 1;
    } else if (next === '\n') {
      i += 1; // line continuation
    } else if (next === 'x') {
      const hex = body.slice(i + 2, i + 4);
      if (hex.length !== 2 || !HEX_DIGIT.test(hex[0]) || !HEX_DIGIT.test(hex[1]))
        return { error: `has an incomplete \\x escape at offset ${start + i}` };
      out[n++] = Number.parseInt(hex, 16);
      i += 3;
    } else if (OCTAL_DIGIT.test(next)) {
      let digits = next;
      while (digits.length < 3 && OCTAL_DIGIT.test(body[i + 1 + digits.length] ?? ''))
        digits += body[i + 1 + digits.length];
      out[n++] = Number.parseInt(digits, 8) & 0xff;
      i += digits.length;
    } else {
      // Python keeps unknown escapes as they are: the backslash and the character
      out[n++] = 0x5c;
    }
  }
  return { bytes: out.slice(0, n) };
}
