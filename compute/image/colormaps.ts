/**
 * Colour maps for stamp display, as 256-entry RGB tables. Pure; the tables are computed once, when the module
 * loads, and never change. A name with the suffix `_r` gives the reversed map, as in matplotlib.
 *
 * Sources:
 * - viridis, magma, inferno, plasma (van der Walt & Smith 2015): d3-scale-chromatic's copies of matplotlib's
 *   256-entry listed tables (`_cm_listed.py`), as bytes: exact.
 * - Greys, Blues, Reds: the nine-class sequential ColorBrewer schemes (Brewer, colorbrewer2.org) from
 *   d3-scale-chromatic (`schemeGreys[9]`, ...), evenly spaced and linearly interpolated in RGB, as matplotlib's
 *   `_cm.py` does (d3's own `interpolateBlues` is a B-spline through them, not matplotlib's map).
 * Kept here because d3-scale-chromatic lacks them or gives an approximation (linear interpolation in RGB
 * between control points):
 * - cividis (Nuñez, Anderton & Renslow 2018, PLoS ONE 13(7) e0199239): d3 gives a polynomial fit; here every
 *   16th entry of matplotlib's table plus a few where a channel turns sharply (error < 0.02 per channel).
 * - gray: black to white; hot: matplotlib's segment data (black, red, yellow, white).
 * - coolwarm: Moreland's 33-stop diverging table (Moreland 2009, "Diverging Color Maps for Scientific
 *   Visualization", ISVC 2009, LNCS 5876, 92), which matplotlib interpolates the same way: exact.
 */
import {
  interpolateInferno,
  interpolateMagma,
  interpolatePlasma,
  interpolateViridis,
  schemeBlues,
  schemeGreys,
  schemeReds,
} from 'd3-scale-chromatic';

/** Colour map names accepted by the cutout endpoint (each also with `_r`). */
export const COLORMAPS = [
  'gray',
  'Greys',
  'viridis',
  'magma',
  'inferno',
  'plasma',
  'cividis',
  'Blues',
  'Reds',
  'hot',
  'coolwarm',
] as const;
export type ColormapName = (typeof COLORMAPS)[number];

/** Entries of every table. */
export const COLORMAP_SIZE = 256;

/** A colour map ready for use. */
export interface Colormap {
  /** Canonical name, e.g. 'viridis' or 'viridis_r'. */
  readonly name: string;
  /** RGB bytes of entry i at lut[3i], lut[3i+1], lut[3i+2]; 256 entries. Read-only by contract. */
  readonly lut: Uint8Array;
  /** True when every entry has r = g = b, so an image can be written as greyscale. */
  readonly isGrey: boolean;
}

/** A control point: position in [0, 1] and r, g, b in [0, 1]. */
export type ColormapStop = readonly [number, number, number, number];

/** Control points given as [table index 0-255, r, g, b], for maps defined by 256-entry tables. */
function listed(rows: readonly ColormapStop[]): ColormapStop[] {
  return rows.map(([i, r, g, b]) => [i / 255, r, g, b]);
}

/** Byte table of a map d3-scale-chromatic gives as 256 colours: entry i is its colour at (i + ½) / 256. */
function listedLut(colourAt: (t: number) => string): Uint8Array {
  const lut = new Uint8Array(COLORMAP_SIZE * 3);
  for (let i = 0; i < COLORMAP_SIZE; i++) lut.set(hexBytes(colourAt((i + 0.5) / COLORMAP_SIZE)), i * 3);
  return lut;
}

/** The r, g, b bytes of a `#rrggbb` colour. */
function hexBytes(hex: string): number[] {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Evenly spaced `#rrggbb` colours (ColorBrewer style). */
function evenHex(colours: readonly string[]): ColormapStop[] {
  return colours.map((hex, k) => {
    const n = Number.parseInt(hex.replace(/^#/, ''), 16);
    return [k / (colours.length - 1), ((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  });
}

/** The maps d3-scale-chromatic gives exactly as 256-entry tables. */
const LISTED = {
  viridis: interpolateViridis,
  magma: interpolateMagma,
  inferno: interpolateInferno,
  plasma: interpolatePlasma,
} as const;
type ListedName = keyof typeof LISTED;

function isListed(name: ColormapName): name is ListedName {
  return name in LISTED;
}

const STOPS: Readonly<Record<Exclude<ColormapName, ListedName>, readonly ColormapStop[]>> = {
  gray: [
    [0, 0, 0, 0],
    [1, 1, 1, 1],
  ],
  Greys: evenHex(schemeGreys[9]),
  Blues: evenHex(schemeBlues[9]),
  Reds: evenHex(schemeReds[9]),
  hot: [
    [0, 0.0416, 0, 0],
    [0.365079, 1, 0, 0],
    [0.746032, 1, 1, 0],
    [1, 1, 1, 1],
  ],
  cividis: listed([
    [0, 0, 0.135112, 0.304751],
    [16, 0, 0.178802, 0.414764],
    [20, 0, 0.188769, 0.439563],
    [22, 0, 0.193366, 0.441561],
    [32, 0.103401, 0.220406, 0.43579],
    [48, 0.195057, 0.264372, 0.425924],
    [64, 0.263738, 0.307831, 0.422789],
    [80, 0.32425, 0.351289, 0.42625],
    [96, 0.38083, 0.395164, 0.435653],
    [112, 0.435168, 0.439763, 0.451134],
    [128, 0.488697, 0.485318, 0.471008],
    [144, 0.54784, 0.531895, 0.471704],
    [160, 0.609105, 0.579816, 0.463638],
    [176, 0.671991, 0.629316, 0.448018],
    [192, 0.736488, 0.680629, 0.424028],
    [208, 0.802667, 0.733978, 0.390153],
    [224, 0.870717, 0.789572, 0.343333],
    [240, 0.941147, 0.84753, 0.275815],
    [251, 0.992218, 0.888385, 0.205468],
    [255, 0.995737, 0.909344, 0.217772],
  ]),
  coolwarm: [
    [0, 0.2298057, 0.298717966, 0.753683153],
    [0.03125, 0.26623388, 0.353094838, 0.801466763],
    [0.0625, 0.30386891, 0.406535296, 0.84495867],
    [0.09375, 0.342804478, 0.458757618, 0.883725899],
    [0.125, 0.38301334, 0.50941904, 0.917387822],
    [0.15625, 0.424369608, 0.558148092, 0.945619588],
    [0.1875, 0.46666708, 0.604562568, 0.968154911],
    [0.21875, 0.509635204, 0.648280772, 0.98478814],
    [0.25, 0.552953156, 0.688929332, 0.995375608],
    [0.28125, 0.596262162, 0.726149107, 0.999836203],
    [0.3125, 0.639176211, 0.759599947, 0.998151185],
    [0.34375, 0.681291281, 0.788964712, 0.990363227],
    [0.375, 0.722193294, 0.813952739, 0.976574709],
    [0.40625, 0.761464949, 0.834302879, 0.956945269],
    [0.4375, 0.798691636, 0.849786142, 0.931688648],
    [0.46875, 0.833466556, 0.860207984, 0.901068838],
    [0.5, 0.865395197, 0.86541021, 0.865395561],
    [0.53125, 0.897787179, 0.848937047, 0.820880546],
    [0.5625, 0.924127593, 0.827384882, 0.774508472],
    [0.59375, 0.944468518, 0.800927443, 0.726736146],
    [0.625, 0.958852946, 0.769767752, 0.678007945],
    [0.65625, 0.96732803, 0.734132809, 0.628751763],
    [0.6875, 0.969954137, 0.694266682, 0.579375448],
    [0.71875, 0.966811177, 0.650421156, 0.530263762],
    [0.75, 0.958003065, 0.602842431, 0.481775914],
    [0.78125, 0.943660866, 0.551750968, 0.434243684],
    [0.8125, 0.923944917, 0.49730856, 0.387970225],
    [0.84375, 0.89904617, 0.439559467, 0.343229596],
    [0.875, 0.869186849, 0.378313092, 0.300267182],
    [0.90625, 0.834620542, 0.312874446, 0.259301199],
    [0.9375, 0.795631745, 0.24128379, 0.220525627],
    [0.96875, 0.752534934, 0.157246067, 0.184115123],
    [1, 0.705673158, 0.01555616, 0.150232812],
  ],
};

/**
 * Samples control points into a 256-entry RGB byte table: entry i is the colour at position i / 255, linearly
 * interpolated between the surrounding stops, times 255, rounded. Stops must start at 0, end at 1 and ascend.
 */
export function sampleStops(stops: readonly ColormapStop[]): Uint8Array {
  const lut = new Uint8Array(COLORMAP_SIZE * 3);
  let k = 0;
  for (let i = 0; i < COLORMAP_SIZE; i++) {
    const x = i / (COLORMAP_SIZE - 1);
    while (k < stops.length - 2 && stops[k + 1][0] < x) k++;
    const [x0, ...c0] = stops[k];
    const [x1, ...c1] = stops[k + 1];
    const t = x1 > x0 ? Math.min(1, Math.max(0, (x - x0) / (x1 - x0))) : 0;
    for (let ch = 0; ch < 3; ch++) lut[i * 3 + ch] = Math.round((c0[ch] + t * (c1[ch] - c0[ch])) * 255);
  }
  return lut;
}

function reversed(lut: Uint8Array): Uint8Array {
  const out = new Uint8Array(lut.length);
  for (let i = 0; i < COLORMAP_SIZE; i++)
    out.set(lut.subarray(i * 3, i * 3 + 3), (COLORMAP_SIZE - 1 - i) * 3);
  return out;
}

function isGreyLut(lut: Uint8Array): boolean {
  for (let i = 0; i < lut.length; i += 3) if (lut[i] !== lut[i + 1] || lut[i] !== lut[i + 2]) return false;
  return true;
}

function buildColormaps(): Map<string, Colormap> {
  const out = new Map<string, Colormap>();
  for (const name of COLORMAPS) {
    const lut = isListed(name) ? listedLut(LISTED[name]) : sampleStops(STOPS[name]);
    const rev = reversed(lut);
    out.set(name, { name, lut, isGrey: isGreyLut(lut) });
    out.set(`${name}_r`, { name: `${name}_r`, lut: rev, isGrey: isGreyLut(rev) });
  }
  return out;
}

const BY_NAME: ReadonlyMap<string, Colormap> = buildColormaps();

const BY_LOWER_NAME: ReadonlyMap<string, Colormap> = new Map(
  [...BY_NAME.values()].map((c) => [c.name.toLowerCase(), c]),
);

/**
 * Finds a colour map by name: exact matplotlib spelling ('viridis', 'Greys', 'coolwarm_r'), else the same
 * letters in any case ('greys'). Returns null for an unknown name.
 */
export function findColormap(name: string): Colormap | null {
  return BY_NAME.get(name) ?? BY_LOWER_NAME.get(name.toLowerCase()) ?? null;
}

/**
 * The table index of a display level, as matplotlib: ⌊level × 256⌋ clipped to 0-255.
 * `level` is in [0, 1]; NaN gives 0.
 */
export function colormapIndex(level: number): number {
  if (!(level > 0)) return 0;
  return Math.min(COLORMAP_SIZE - 1, Math.floor(level * COLORMAP_SIZE));
}
