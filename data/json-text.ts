/**
 * JSON output: an array of flat records. 64-bit integers are written as exact JSON integers (never through a JS
 * number); NaN and infinities become null; single-precision values are written with the shortest text that
 * reads back to the same float32 (0.59, not 0.5899999737739563).
 */

const F32 = new Float32Array(1);
const F32_BITS = new Uint32Array(F32.buffer);

/**
 * Texts of recent float32 values, direct-mapped by a hash of their bits: the rows of one answer repeat many
 * values (an object's catalogue cross-match fields are the same in each of its alerts, zero points vary little).
 */
const CACHE_BITS = 14;
const cachedBits = new Uint32Array(1 << CACHE_BITS);
const cachedText: (string | undefined)[] = new Array(1 << CACHE_BITS).fill(undefined);

/** Shortest decimal text of a float32 value (integers and exactly representable values take the fast path). */
export function float32Text(v: number): string {
  F32[0] = v;
  const bits = F32_BITS[0];
  if (F32[0] !== v) return float32TextByArithmetic(v) ?? float32TextBySearch(v);
  const slot = Math.imul(bits, 0x9e3779b1) >>> (32 - CACHE_BITS);
  const known = cachedText[slot];
  if (known !== undefined && cachedBits[slot] === bits) return known;
  const text = float32TextByArithmetic(v) ?? float32TextBySearch(v);
  cachedBits[slot] = bits;
  cachedText[slot] = text;
  return text;
}

const F64 = new Float64Array(1);
const F64_WORDS = new Uint32Array(F64.buffer);
/** Texts of recent double values, direct-mapped by a hash of their bits (as the float32 texts'). */
const DOUBLE_CACHE_BITS = 12;
const cachedDouble = new Float64Array(1 << DOUBLE_CACHE_BITS).fill(Number.NaN);
const cachedDoubleText: string[] = new Array(1 << DOUBLE_CACHE_BITS).fill('');

/**
 * `String(v)` of a finite double, remembered for the values that repeat from one alert to the next (the night's
 * exposure times, reference-image epochs, classifier scores of a few levels): formatting a double is ~0.25 µs.
 */
export function doubleText(v: number): string {
  F64[0] = v;
  const slot = Math.imul(F64_WORDS[0] ^ F64_WORDS[1], 0x9e3779b1) >>> (32 - DOUBLE_CACHE_BITS);
  // equal doubles have equal texts (0 and -0 both write "0"); NaN never equals, so an empty slot never matches
  if (cachedDouble[slot] === v) return cachedDoubleText[slot];
  const text = String(v);
  cachedDouble[slot] = v;
  cachedDoubleText[slot] = text;
  return text;
}

/**
 * Shortest decimal text of a float32 value by binary search on the precision: the shortest p in 1..9 whose
 * `toPrecision` text reads back to the same float32 (a value whose plain text has at most 8 characters is
 * written as is). The reference method: {@link float32Text} gives the same text without string conversions,
 * falling back to this one when double arithmetic cannot decide.
 */
export function float32TextBySearch(v: number): string {
  const plain = String(v);
  if (plain.length <= 8) return plain;
  let lo = 1;
  let hi = 9;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Math.fround(Number(v.toPrecision(mid))) === v) hi = mid;
    else lo = mid + 1;
  }
  return String(Number(v.toPrecision(lo)));
}

/** Relative margin under which a rounding decision is left to the exact method (double error is ~1e-16). */
const TIE_MARGIN = 1e-6;

/** Text of m × 10^k (m a positive integer below 10^10) as JavaScript writes numbers in [1e-6, 1e21). */
function decimalText(m: number, k: number): string {
  while (m % 10 === 0) {
    m /= 10;
    k++;
  }
  const digits = String(m);
  if (k >= 0) return digits + '0'.repeat(k);
  const point = digits.length + k;
  return point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
}

/** Half the float32 ulp of each biased binary exponent (normal values: 2^(exponent - 127 - 24)). */
const HALF_ULP = Float64Array.from({ length: 256 }, (_, b) => 2 ** (b - 127 - 24));

const LOG10_2 = Math.log10(2);

/** Exact powers of ten 10^0 .. 10^22 (every one is a double). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Whether the p-digit rounding of `a` (= m × 10^k, `e` its decimal exponent) lies within `halfUlp` of it:
 * m when it does, 0 when it does not, -1 when double arithmetic cannot tell (near a tie or the edge) or the
 * rounding is exact (the plain-text rule may apply).
 */
function roundingWithin(a: number, e: number, p: number, halfUlp: number): number {
  const k = e - p + 1;
  // q and d are correctly rounded: the powers of ten used are exact doubles
  const q = k >= 0 ? a / POW10[k] : a * POW10[-k];
  if (Math.abs(q - Math.floor(q) - 0.5) < TIE_MARGIN) return -1;
  const m = Math.round(q);
  const d = k >= 0 ? m * POW10[k] : m / POW10[-k];
  const err = Math.abs(d - a);
  if (err === 0 || Math.abs(err - halfUlp) < halfUlp * TIE_MARGIN) return -1;
  return err < halfUlp ? m : 0;
}

/** The result of {@link float32Decimal}: |v| = m × 10^k, m a positive integer below 10^9 without trailing zeros. */
export const float32DecimalParts = { m: 0, k: 0 };

/**
 * The digits of {@link float32TextBySearch}'s text computed with double arithmetic, into
 * {@link float32DecimalParts}: the shortest p whose p-digit rounding m × 10^k of |v| lies within half a float32
 * ulp of v (searched down from 8 digits). Returns false when unsure: near a decimal rounding tie or the ulp
 * interval's edge, for a power of two (asymmetric interval), for a value that is exactly a short decimal (the
 * plain-text rule applies), or outside [1e-6, 1e20).
 */
export function float32Decimal(v: number): boolean {
  const a = Math.abs(v);
  if (!(a >= 1e-6 && a < 1e20)) return false;
  F32[0] = a;
  const bits = F32_BITS[0];
  if ((bits & 0x7fffff) === 0 || F32[0] !== a) return false;
  const biased = (bits >>> 23) & 0xff;
  const halfUlp = HALF_ULP[biased];
  // a lies in [2^b, 2^(b+1)) with b = biased - 127: its decimal exponent is floor(b log10 2) or one more
  let e = Math.floor((biased - 127) * LOG10_2);
  if (e >= 0 ? POW10[e] > a : 1 / POW10[-e] > a) e--;
  else if (e + 1 >= 0 ? POW10[e + 1] <= a : 1 / POW10[-e - 1] <= a) e++;
  // a value that is exactly a decimal of at most 8 digits may have a plain text of at most 8 characters
  const k8 = e - 7;
  const q8 = k8 >= 0 ? a / POW10[k8] : a * POW10[-k8];
  if (q8 === Math.round(q8)) return false;
  // most alert values need 7 or 8 digits: search down from 8 (a p-digit rounding within the interval implies
  // the (p + 1)-digit one is too, so the first that is not ends the search)
  let p = 8;
  let best = roundingWithin(a, e, 8, halfUlp);
  if (best < 0) return false;
  if (best === 0) {
    p = 9;
    best = roundingWithin(a, e, 9, halfUlp);
    if (best <= 0) return false;
  } else {
    for (let q = 7; q >= 1; q--) {
      const m = roundingWithin(a, e, q, halfUlp);
      if (m < 0) return false;
      if (m === 0) break;
      best = m;
      p = q;
    }
  }
  let k = e - p + 1;
  while (best % 10 === 0) {
    best /= 10;
    k++;
  }
  float32DecimalParts.m = best;
  float32DecimalParts.k = k;
  return true;
}

/** {@link float32Decimal} as a text; null when it is unsure. */
function float32TextByArithmetic(v: number): string | null {
  if (!float32Decimal(v)) return null;
  return (v < 0 ? '-' : '') + decimalText(float32DecimalParts.m, float32DecimalParts.k);
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

/** How a field is written: its `"key":` text and whether its numbers are single precision. */
interface FieldText {
  readonly key: string;
  readonly float32: boolean;
}

const FIELD_TEXTS = new WeakMap<ReadonlySet<string>, Map<string, FieldText>>();
/** Most field names remembered per float32 set (field names come from the catalogue; this bounds the rest). */
const MAX_FIELD_TEXTS = 10_000;

function fieldTextsOf(float32Columns: ReadonlySet<string>): Map<string, FieldText> {
  let texts = FIELD_TEXTS.get(float32Columns);
  if (texts === undefined) {
    texts = new Map();
    FIELD_TEXTS.set(float32Columns, texts);
  }
  return texts;
}

/**
 * The fields of one record as JSON text without the braces (`"k":v,"k":v`); `float32Columns` names the
 * single-precision columns. Fields are written in the record's key order.
 */
export function encodeJsonFields(
  row: Readonly<Record<string, unknown>>,
  float32Columns: ReadonlySet<string> = new Set(),
): string {
  const texts = fieldTextsOf(float32Columns);
  let out = '';
  let sep = '';
  for (const k in row) {
    if (!Object.hasOwn(row, k)) continue;
    let field = texts.get(k);
    if (field === undefined) {
      field = { key: `${JSON.stringify(k)}:`, float32: float32Columns.has(k) };
      if (texts.size < MAX_FIELD_TEXTS) texts.set(k, field);
    }
    const v = row[k];
    const value =
      typeof v === 'number'
        ? Number.isFinite(v)
          ? field.float32
            ? float32Text(v)
            : String(v)
          : 'null'
        : jsonValue(v, field.float32);
    out += sep + field.key + value;
    sep = ',';
  }
  return out;
}

/** Encodes records as a JSON array; `float32Columns` names the single-precision columns. */
export function encodeJsonRecords(
  rows: readonly Record<string, unknown>[],
  float32Columns: ReadonlySet<string> = new Set(),
): string {
  let out = '[';
  for (let i = 0; i < rows.length; i++) {
    out += `${i === 0 ? '{' : ',{'}${encodeJsonFields(rows[i], float32Columns)}}`;
  }
  return `${out}]`;
}
