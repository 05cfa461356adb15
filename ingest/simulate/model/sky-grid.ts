/**
 * A ZTF-like tiling of the sky for the simulator: fields of about 7 x 7 deg in declination bands, each split into
 * 8 x 8 readout channels (rcid 0..63) of 3072 x 3080 pixels. Maps a sky position to (field, rcid, xpos, ypos) and
 * back. The tiling is synthetic (cells of equal RA extent per band), not the ZTF field list. Pure.
 */

/** Height of a declination band and nominal field size (deg). */
export const FIELD_SIZE_DEG = 7;
/** Readout channels per field side (8 x 8 = 64, rcid 0..63). */
export const CHANNELS_PER_SIDE = 8;
/** Pixels of a readout-channel image along x (NAXIS1). */
export const CHANNEL_WIDTH_PX = 3072;
/** Pixels of a readout-channel image along y (NAXIS2). */
export const CHANNEL_HEIGHT_PX = 3080;
/** Southern limit of the tiling (deg); Palomar reaches about -31 deg. */
export const SOUTH_LIMIT_DEG = -32.5;
/** Identifier of the first field (ZTF primary-grid ids are in the same range). */
export const FIRST_FIELD_ID = 245;

/** One field of the tiling. */
export interface SkyField {
  readonly field: number;
  /** Centre (deg, J2000). */
  readonly raDeg: number;
  readonly decDeg: number;
  /** Edges (deg). */
  readonly raMinDeg: number;
  readonly raMaxDeg: number;
  readonly decMinDeg: number;
  readonly decMaxDeg: number;
}

/** Where a sky position falls: field, readout channel and pixel position on it. */
export interface FieldPosition {
  readonly field: number;
  /** Readout channel 0..63. */
  readonly rcid: number;
  /** Pixel position on the channel image (pix), 0..3072 and 0..3080. */
  readonly xpos: number;
  readonly ypos: number;
}

interface Band {
  readonly decMinDeg: number;
  readonly count: number;
  readonly firstIndex: number;
}

function buildGrid(): { bands: Band[]; fields: SkyField[] } {
  const bands: Band[] = [];
  const fields: SkyField[] = [];
  for (let decMin = SOUTH_LIMIT_DEG; decMin < 90; decMin += FIELD_SIZE_DEG) {
    const decMax = Math.min(90, decMin + FIELD_SIZE_DEG);
    const decMid = (decMin + decMax) / 2;
    const count = Math.max(1, Math.round((360 * Math.cos((decMid * Math.PI) / 180)) / FIELD_SIZE_DEG));
    bands.push({ decMinDeg: decMin, count, firstIndex: fields.length });
    for (let j = 0; j < count; j++) {
      const raMin = (j * 360) / count;
      const raMax = ((j + 1) * 360) / count;
      fields.push({
        field: FIRST_FIELD_ID + fields.length,
        raDeg: (raMin + raMax) / 2,
        decDeg: decMid,
        raMinDeg: raMin,
        raMaxDeg: raMax,
        decMinDeg: decMin,
        decMaxDeg: decMax,
      });
    }
  }
  return { bands, fields };
}

const GRID = buildGrid();

/** Every field of the tiling, ordered by declination band then RA. */
export const SKY_FIELDS: readonly SkyField[] = GRID.fields;

/** The field with this id; undefined when the id is not in the tiling. */
export function skyField(field: number): SkyField | undefined {
  return SKY_FIELDS[field - FIRST_FIELD_ID];
}

/**
 * Locates a sky position on the tiling.
 * @param raDeg right ascension (deg), any value (wrapped to 0..360); @param decDeg declination (deg).
 * @returns field, rcid and pixel position; null south of SOUTH_LIMIT_DEG.
 */
export function locate(raDeg: number, decDeg: number): FieldPosition | null {
  if (decDeg < SOUTH_LIMIT_DEG || decDeg > 90) return null;
  const b = Math.min(GRID.bands.length - 1, Math.floor((decDeg - SOUTH_LIMIT_DEG) / FIELD_SIZE_DEG));
  const band = GRID.bands[b];
  const ra = ((raDeg % 360) + 360) % 360;
  const j = Math.min(band.count - 1, Math.floor((ra * band.count) / 360));
  const f = GRID.fields[band.firstIndex + j];
  const u = (ra - f.raMinDeg) / (f.raMaxDeg - f.raMinDeg);
  const v = (decDeg - f.decMinDeg) / (f.decMaxDeg - f.decMinDeg);
  const col = Math.min(CHANNELS_PER_SIDE - 1, Math.floor(u * CHANNELS_PER_SIDE));
  const row = Math.min(CHANNELS_PER_SIDE - 1, Math.floor(v * CHANNELS_PER_SIDE));
  return {
    field: f.field,
    rcid: row * CHANNELS_PER_SIDE + col,
    xpos: (u * CHANNELS_PER_SIDE - col) * CHANNEL_WIDTH_PX,
    ypos: (v * CHANNELS_PER_SIDE - row) * CHANNEL_HEIGHT_PX,
  };
}

/**
 * Sky position of a point given as fractions of a field's extent.
 * @param u fraction along RA, 0..1; @param v fraction along Dec, 0..1.
 * @returns RA (deg, 0..360) and Dec (deg).
 */
export function pointInField(f: SkyField, u: number, v: number): { raDeg: number; decDeg: number } {
  return {
    raDeg: f.raMinDeg + u * (f.raMaxDeg - f.raMinDeg),
    decDeg: f.decMinDeg + v * (f.decMaxDeg - f.decMinDeg),
  };
}

/** Distance to the nearest edge of the channel image (pix), as ZTF `mindtoedge`. */
export function distanceToEdgePx(xpos: number, ypos: number): number {
  return Math.min(xpos, ypos, CHANNEL_WIDTH_PX - xpos, CHANNEL_HEIGHT_PX - ypos);
}
