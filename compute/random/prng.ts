/**
 * Seeded pseudo-random numbers, for the alert simulator and for randomised tests: xoshiro128** seeded through
 * splitmix32, plus a string and integer hash to derive independent streams (one per night, per object, per
 * stamp) from the run seed, so that a result never depends on the order in which streams are used.
 */

/** 32-bit mix of an integer (splitmix32 finaliser). */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Hashes a list of integers and strings into an unsigned 32-bit seed. Numbers are truncated to integers; use it
 * with ids, nights (YYYYMMDD) and labels, e.g. `hashSeed(seed, 'night', 20240105)`.
 * Reference: splitmix32 finaliser (Steele, Lea & Flood 2014, OOPSLA, "Fast splittable pseudorandom number
 * generators"), FNV-1a for the characters of strings.
 */
export function hashSeed(...parts: readonly (number | string | bigint)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    if (typeof part === 'string') {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = mix32(h ^ part.length);
    } else if (typeof part === 'bigint') {
      h = mix32(h ^ Number(part & 0xffffffffn));
      h = mix32(h ^ Number((part >> 32n) & 0xffffffffn));
    } else {
      const n = Math.trunc(part);
      h = mix32(h ^ (n >>> 0));
      h = mix32(h ^ Math.floor(n / 4294967296));
    }
  }
  return h >>> 0;
}

/**
 * xoshiro128** generator: 32-bit state words, period 2^128 - 1. Deterministic for a seed; never uses Math.random.
 * Reference: Blackman & Vigna 2021, ACM TOMS 47, 36, "Scrambled linear pseudorandom number generators".
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** @param seed any 32-bit integer (use hashSeed to derive one). */
  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      return mix32(s);
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next unsigned 32-bit integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform number in [0, 1) with 32 bits of resolution. */
  uniform(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform number in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  /** Uniform integer in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.uniform() * (hi - lo + 1));
  }

  /** True with probability p (0..1). */
  chance(p: number): boolean {
    return this.uniform() < p;
  }

  /** Standard normal deviate (Box-Muller, polar form), mean 0 and standard deviation 1. */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        this.spareNormal = v * f;
        return u * f;
      }
    }
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.uniform() * items.length)];
  }

  /** Index drawn with probability proportional to the (non-negative) weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.uniform() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** Integer count with mean `mean` (>= 0): the floor plus one more with the fractional probability. */
  roundRandom(mean: number): number {
    const base = Math.floor(mean);
    return base + (this.uniform() < mean - base ? 1 : 0);
  }

  /** Shuffles an array in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.uniform() * (i + 1));
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
