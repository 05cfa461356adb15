/**
 * JSON output: an array of flat records. 64-bit integers are written as exact JSON integers (never through a JS
 * number); NaN and infinities become null; single-precision values are written with the shortest text that
 * reads back to the same float32 (0.59, not 0.5899999737739563).
 */

/** Shortest decimal text of a float32 value (integers and exactly representable values take the fast path). */
export function float32Text(v: number): string {
  const plain = String(v);
  if (plain.length <= 8) return plain;
  // binary search on the precision: the shortest p in 1..9 whose text reads back to the same float32
  let lo = 1;
  let hi = 9;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Math.fround(Number(v.toPrecision(mid))) === v) hi = mid;
    else lo = mid + 1;
  }
  return String(Number(v.toPrecision(lo)));
}

/** Encodes one value; `isFloat32` selects the float32 shortest form. */
export function jsonValue(v: unknown, isFloat32 = false): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'null';
    return isFloat32 ? float32Text(v) : String(v);
  }
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  if (v instanceof Uint8Array) return JSON.stringify(Buffer.from(v).toString('base64'));
  if (Array.isArray(v)) return `[${v.map((x) => jsonValue(x)).join(',')}]`;
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}:${jsonValue(x)}`)
      .join(',')}}`;
  }
  return 'null';
}

/** Encodes records as a JSON array; `float32Columns` names the single-precision columns. */
export function encodeJsonRecords(
  rows: readonly Record<string, unknown>[],
  float32Columns: ReadonlySet<string> = new Set(),
): string {
  const parts: string[] = [];
  for (const row of rows) {
    const fields: string[] = [];
    for (const [k, v] of Object.entries(row))
      fields.push(`${JSON.stringify(k)}:${jsonValue(v, float32Columns.has(k))}`);
    parts.push(`{${fields.join(',')}}`);
  }
  return `[${parts.join(',')}]`;
}
