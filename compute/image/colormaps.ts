/**
 * Colour maps for stamp display, as 256-entry RGB tables built from compact control points by linear
 * interpolation in RGB. Pure; the tables are computed once, when the module loads, and never change.
 *
 * Sources of the control points (matplotlib's colour maps, which are public-domain or BSD-licensed data):
 * - viridis, magma, inferno, plasma (van der Walt & Smith 2015) and cividis (Nuñez, Anderton & Renslow 2018,
 *   PLoS ONE 13(7) e0199239): every 16th entry of matplotlib's 256-entry listed tables (`_cm_listed.py`),
 *   plus a few extra entries where a channel turns sharply; between them the error is < 0.02 per channel.
 * - Greys, Blues, Reds: the nine-class sequential ColorBrewer schemes (Brewer, colorbrewer2.org), evenly spaced,
 *   as matplotlib's `_cm.py`.
 * - gray: black to white; hot: matplotlib's segment data (black, red, yellow, white).
 * - coolwarm: Moreland's 33-stop diverging table (Moreland 2009, "Diverging Color Maps for Scientific
 *   Visualization", ISVC 2009, LNCS 5876, 92), which matplotlib interpolates the same way: exact.
 * A name with the suffix `_r` gives the reversed map, as in matplotlib.
 */

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

/** Evenly spaced hex colours (ColorBrewer style). */
function evenHex(colours: readonly string[]): ColormapStop[] {
  return colours.map((hex, k) => {
    const n = Number.parseInt(hex, 16);
    return [k / (colours.length - 1), ((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  });
}

const STOPS: Readonly<Record<ColormapName, readonly ColormapStop[]>> = {
  gray: [
    [0, 0, 0, 0],
    [1, 1, 1, 1],
  ],
  Greys: evenHex(['ffffff', 'f0f0f0', 'd9d9d9', 'bdbdbd', '969696', '737373', '525252', '252525', '000000']),
  Blues: evenHex(['f7fbff', 'deebf7', 'c6dbef', '9ecae1', '6baed6', '4292c6', '2171b5', '08519c', '08306b']),
  Reds: evenHex(['fff5f0', 'fee0d2', 'fcbba1', 'fc9272', 'fb6a4a', 'ef3b2c', 'cb181d', 'a50f15', '67000d']),
  hot: [
    [0, 0.0416, 0, 0],
    [0.365079, 1, 0, 0],
    [0.746032, 1, 1, 0],
    [1, 1, 1, 1],
  ],
  viridis: listed([
    [0, 0.267004, 0.004874, 0.329415],
    [16, 0.282327, 0.094955, 0.417331],
    [32, 0.278826, 0.17549, 0.483397],
    [48, 0.258965, 0.251537, 0.524736],
    [64, 0.229739, 0.322361, 0.545706],
    [80, 0.19943, 0.387607, 0.554642],
    [96, 0.172719, 0.448791, 0.557885],
    [112, 0.149039, 0.508051, 0.55725],
    [128, 0.127568, 0.566949, 0.550556],
    [144, 0.120638, 0.625828, 0.533488],
    [160, 0.157851, 0.683765, 0.501686],
    [176, 0.24607, 0.73891, 0.452024],
    [192, 0.369214, 0.788888, 0.382914],
    [208, 0.515992, 0.831158, 0.294279],
    [224, 0.678489, 0.863742, 0.189503],
    [240, 0.845561, 0.887322, 0.099702],
    [255, 0.993248, 0.906157, 0.143936],
  ]),
  magma: listed([
    [0, 0.001462, 0.000466, 0.013866],
    [16, 0.039608, 0.03109, 0.133515],
    [32, 0.113094, 0.065492, 0.276784],
    [48, 0.211718, 0.061992, 0.418647],
    [64, 0.316654, 0.07169, 0.48538],
    [80, 0.414709, 0.110431, 0.504662],
    [96, 0.512831, 0.148179, 0.507648],
    [112, 0.613617, 0.181811, 0.498536],
    [128, 0.716387, 0.214982, 0.47529],
    [144, 0.816914, 0.255895, 0.436461],
    [160, 0.904281, 0.31961, 0.388137],
    [176, 0.960949, 0.418323, 0.35963],
    [192, 0.9867, 0.535582, 0.38221],
    [208, 0.996096, 0.653659, 0.446213],
    [224, 0.996898, 0.769591, 0.534892],
    [240, 0.99244, 0.88433, 0.640099],
    [255, 0.987053, 0.991438, 0.749504],
  ]),
  inferno: listed([
    [0, 0.001462, 0.000466, 0.013866],
    [16, 0.042253, 0.028139, 0.141141],
    [32, 0.129285, 0.047293, 0.290788],
    [48, 0.238273, 0.036621, 0.396353],
    [64, 0.3415, 0.062325, 0.429425],
    [80, 0.441207, 0.099338, 0.431594],
    [96, 0.54092, 0.134729, 0.415123],
    [112, 0.640135, 0.171438, 0.381065],
    [128, 0.735683, 0.215906, 0.330245],
    [144, 0.822386, 0.275197, 0.266085],
    [160, 0.894305, 0.353399, 0.193584],
    [176, 0.946965, 0.449191, 0.115272],
    [192, 0.978422, 0.557937, 0.034931],
    [198, 0.984591, 0.601122, 0.023606],
    [208, 0.987874, 0.675267, 0.065257],
    [224, 0.974638, 0.797692, 0.206332],
    [240, 0.947594, 0.917399, 0.410665],
    [255, 0.988362, 0.998364, 0.644924],
  ]),
  plasma: listed([
    [0, 0.050383, 0.029803, 0.527975],
    [16, 0.193374, 0.018354, 0.59033],
    [32, 0.299855, 0.009561, 0.631624],
    [48, 0.399411, 0.000859, 0.656133],
    [64, 0.494877, 0.01199, 0.657865],
    [80, 0.584391, 0.068579, 0.632812],
    [96, 0.665129, 0.138566, 0.585582],
    [112, 0.736019, 0.209439, 0.527908],
    [128, 0.798216, 0.280197, 0.469538],
    [144, 0.853319, 0.351553, 0.413734],
    [160, 0.901807, 0.425087, 0.359688],
    [176, 0.942598, 0.502639, 0.305816],
    [192, 0.973416, 0.585761, 0.25154],
    [208, 0.991365, 0.675355, 0.198453],
    [224, 0.993033, 0.77172, 0.154808],
    [240, 0.974443, 0.874622, 0.144061],
    [255, 0.940015, 0.975158, 0.131326],
  ]),
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
    const lut = sampleStops(STOPS[name]);
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
