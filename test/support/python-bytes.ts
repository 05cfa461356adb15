/** Python's text form of bytes, as Fink's sky-map clients send a map (`str(open(f, 'rb').read())`). */

/** The text Python's `str(bytes)` gives: b'...' with \\, \', \t, \n, \r and \xHH escapes. */
export function pythonBytesRepr(bytes: Uint8Array): string {
  let out = "b'";
  for (const b of bytes) {
    if (b === 0x5c) out += '\\\\';
    else if (b === 0x27) out += "\\'";
    else if (b === 0x09) out += '\\t';
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `${out}'`;
}
