/**
 * Pre-rendered alert stamps: three gzipped 63x63 FITS images (science = template + source + noise, template, and
 * difference = source + noise) per (kind of scene, magnitude bin, variant). Rendering and gzipping cost a few ms
 * per set, so alerts share a small pool instead of rendering their own; noise comes from a few pre-drawn fields.
 * A set depends only on (seed, kind, bin, variant), never on the order of requests.
 */
import { gzipSync } from 'node:zlib';
import { writeFitsImage } from '../../../compute/fits/index.js';
import { hashSeed, Prng } from '../../../compute/random/index.js';

/** Stamp side (pix), as ZTF. */
export const STAMP_SIZE_PX = 63;
/** Magnitude zero point of the rendered images (mag for 1 DN). */
export const STAMP_ZERO_POINT_MAG = 26.3;
/** Sky level (DN) and per-pixel noise (DN) of science and difference images; the template is 5x less noisy. */
const SKY_DN = 196;
const NOISE_DN = 8.5;
const TEMPLATE_NOISE_DN = 1.7;
/** Pixel values are rounded to 1/8 DN: invisible under the noise, and it halves the gzipped size. */
const QUANTUM_DN = 0.125;
/** Magnitude bins: below 14, 14-15, ..., 20-21, 21 and fainter. */
const BIN_FIRST_MAG = 14;
const BIN_COUNT = 9;
/** Pre-drawn noise fields per pool (each image uses one at a random offset). */
const NOISE_FIELDS = 12;

/** The scene drawn in a stamp set. */
export type StampKind = 'star' | 'galaxy' | 'bare' | 'bogus' | 'streak';

/** Three gzipped FITS stamps. */
export interface StampSet {
  readonly science: Uint8Array;
  readonly template: Uint8Array;
  readonly difference: Uint8Array;
}

/** Options of a pool. */
export interface StampPoolOptions {
  /** Distinct renderings per (kind, bin); default 3. */
  readonly variants?: number;
  /** gzip level, 1 (fast, default) to 9. */
  readonly gzipLevel?: number;
}

type Image = Float32Array;

function addGaussian(
  img: Image,
  xc: number,
  yc: number,
  fluxDn: number,
  sigmaX: number,
  sigmaY = sigmaX,
  angle = 0,
): void {
  const norm = fluxDn / (2 * Math.PI * sigmaX * sigmaY);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const reach = Math.ceil(5 * Math.max(sigmaX, sigmaY));
  const x0 = Math.max(0, Math.floor(xc - reach));
  const x1 = Math.min(STAMP_SIZE_PX - 1, Math.ceil(xc + reach));
  const y0 = Math.max(0, Math.floor(yc - reach));
  const y1 = Math.min(STAMP_SIZE_PX - 1, Math.ceil(yc + reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x - xc;
      const dy = y - yc;
      const u = (c * dx + s * dy) / sigmaX;
      const v = (-s * dx + c * dy) / sigmaY;
      img[y * STAMP_SIZE_PX + x] += norm * Math.exp(-0.5 * (u * u + v * v));
    }
  }
}

/** Pre-drawn fields of standard normal deviates; an image takes one at a random cyclic offset. */
export type NoiseFields = readonly Float32Array[];

/** Draws `count` fields of STAMP_SIZE_PX^2 standard normal deviates. */
export function drawNoiseFields(rng: Prng, count: number): NoiseFields {
  return Array.from({ length: count }, () => {
    const f = new Float32Array(STAMP_SIZE_PX * STAMP_SIZE_PX);
    for (let i = 0; i < f.length; i++) f[i] = rng.normal();
    return f;
  });
}

function addNoise(img: Image, rng: Prng, sigma: number, noise: NoiseFields): void {
  const field = rng.pick(noise);
  const n = field.length;
  const offset = rng.int(0, n - 1);
  for (let i = 0; i < img.length; i++) img[i] += sigma * field[(i + offset) % n];
}

function quantize(img: Image): Image {
  for (let i = 0; i < img.length; i++) img[i] = Math.round(img[i] / QUANTUM_DN) * QUANTUM_DN;
  return img;
}

function fluxDn(mag: number): number {
  return 10 ** (-0.4 * (mag - STAMP_ZERO_POINT_MAG));
}

/** Magnitude bin index of a magnitude (0..8). */
export function stampBin(mag: number): number {
  if (!Number.isFinite(mag)) return BIN_COUNT - 1;
  return Math.min(BIN_COUNT - 1, Math.max(0, Math.floor(mag) - BIN_FIRST_MAG + 1));
}

/**
 * Renders the three images of a scene: a point source of magnitude `mag` (difference flux) at the centre on top
 * of the kind's static scene. Returns the raw pixels (DN), before FITS encoding.
 */
export function renderStampImages(
  kind: StampKind,
  mag: number,
  rng: Prng,
  noise: NoiseFields,
): { science: Image; template: Image; difference: Image } {
  const n = STAMP_SIZE_PX * STAMP_SIZE_PX;
  const template = new Float32Array(n).fill(SKY_DN);
  const source = new Float32Array(n);
  const c = (STAMP_SIZE_PX - 1) / 2;
  const sigma = rng.range(1.6, 2.8) / 2.3548;
  const flux = fluxDn(mag);
  const jitter = () => rng.range(-0.4, 0.4);
  // a few faint field stars in every template
  for (let k = rng.int(1, 4); k > 0; k--) {
    addGaussian(template, rng.range(3, 60), rng.range(3, 60), fluxDn(rng.range(18, 21.5)), sigma);
  }
  switch (kind) {
    case 'star':
      addGaussian(template, c, c, fluxDn(mag - rng.range(0.5, 3)), sigma);
      addGaussian(source, c + jitter(), c + jitter(), flux, sigma);
      break;
    case 'galaxy': {
      const angle = rng.range(0, Math.PI);
      const offset = rng.range(1.5, 6);
      const scale = rng.range(2.5, 6);
      addGaussian(
        template,
        c + offset * Math.cos(angle),
        c + offset * Math.sin(angle),
        fluxDn(rng.range(16.5, 19)),
        scale,
        scale * rng.range(0.5, 1),
        angle,
      );
      addGaussian(source, c + jitter(), c + jitter(), flux, sigma);
      break;
    }
    case 'bare':
      addGaussian(source, c + jitter(), c + jitter(), flux, sigma);
      break;
    case 'bogus':
      if (rng.chance(0.5)) {
        // subtraction dipole of a bright star
        addGaussian(template, c, c, fluxDn(mag - 3), sigma);
        addGaussian(source, c + 1.2, c, flux * 1.5, sigma);
        addGaussian(source, c - 1.2, c, -flux * 1.2, sigma);
      } else {
        // cosmic-ray-like sharp hit
        addGaussian(source, c, c, flux, 0.45, 0.35, rng.range(0, Math.PI));
      }
      break;
    case 'streak': {
      const angle = rng.range(0, Math.PI);
      addGaussian(source, c, c, flux * 3, rng.range(8, 20), sigma, angle);
      break;
    }
  }
  const science = new Float32Array(template);
  addNoise(template, rng, TEMPLATE_NOISE_DN, noise);
  addNoise(science, rng, NOISE_DN, noise);
  const difference = new Float32Array(source);
  addNoise(difference, rng, NOISE_DN, noise);
  for (let i = 0; i < n; i++) science[i] += source[i];
  return { science: quantize(science), template: quantize(template), difference: quantize(difference) };
}

/**
 * A lazily filled pool of stamp sets. `get` renders a set on first use and returns the same bytes afterwards.
 */
export class StampPool {
  private readonly sets = new Map<number, StampSet>();
  private readonly variants: number;
  private readonly gzipLevel: number;
  private noise: NoiseFields | null = null;

  /** @param seed run seed; renderings depend only on it and on the key. */
  constructor(
    private readonly seed: number,
    options: StampPoolOptions = {},
  ) {
    this.variants = options.variants ?? 3;
    this.gzipLevel = options.gzipLevel ?? 1;
  }

  /** Number of sets rendered so far. */
  get size(): number {
    return this.sets.size;
  }

  /**
   * The stamp set of a scene kind and a difference magnitude; `pick` (any integer, e.g. a hash of candid) selects
   * the variant.
   */
  get(kind: StampKind, mag: number, pick: number): StampSet {
    const kindIndex = KINDS.indexOf(kind);
    const bin = stampBin(mag);
    const variant = ((pick % this.variants) + this.variants) % this.variants;
    const key = (kindIndex * BIN_COUNT + bin) * this.variants + variant;
    const hit = this.sets.get(key);
    if (hit) return hit;
    this.noise ??= drawNoiseFields(new Prng(hashSeed(this.seed, 'stamp-noise')), NOISE_FIELDS);
    const rng = new Prng(hashSeed(this.seed, 'stamp', kind, bin, variant));
    const binMag = bin === 0 ? 13.5 : BIN_FIRST_MAG + bin - 0.5;
    const images = renderStampImages(kind, binMag, rng, this.noise);
    const encode = (data: Image, imagetyp: string) =>
      new Uint8Array(
        gzipSync(
          writeFitsImage({
            width: STAMP_SIZE_PX,
            height: STAMP_SIZE_PX,
            data,
            cards: [
              { keyword: 'BUNIT', value: 'DN' },
              { keyword: 'IMAGETYP', value: imagetyp },
              { keyword: 'ORIGIN', value: 'skyalert simulator' },
            ],
          }),
          { level: this.gzipLevel },
        ),
      );
    const set: StampSet = {
      science: encode(images.science, 'science'),
      template: encode(images.template, 'template'),
      difference: encode(images.difference, 'difference'),
    };
    this.sets.set(key, set);
    return set;
  }
}

const KINDS: readonly StampKind[] = ['star', 'galaxy', 'bare', 'bogus', 'streak'];
