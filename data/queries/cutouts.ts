/**
 * Stamps of `/api/v1/cutouts` and `withcutouts`: the kinds, which alerts are asked for, and how one alert's
 * original gzipped FITS stamps are cut out of a night's `stamps.bin` (the object blocks give their offset and
 * lengths: data/queries/object-blocks.ts).
 */

/** Stamp kinds as the API spells them (`b:cutout<Kind>_stampData`). */
export const STAMP_KINDS = ['Science', 'Template', 'Difference'] as const;
export type StampKind = (typeof STAMP_KINDS)[number];

/** Which alerts of an object: one candid, the most recent alert, or every alert. */
export type StampSelection = bigint | 'latest' | 'all';

/** One alert's identity. */
export interface AlertEpoch {
  /** ZTF alert id (64-bit). */
  readonly candid: bigint;
  /** JD UTC of the exposure start. */
  readonly jd: number;
}

/** One alert's stamps: the original gzipped FITS bytes by kind, null when the alert carried none. */
export interface AlertStamps extends AlertEpoch {
  readonly stamps: Readonly<Partial<Record<StampKind, Uint8Array | null>>>;
}

/**
 * The wanted stamps of one alert whose three stamps are contiguous in a stamps file from `offset`, read with one
 * call of `read(offset, length)`.
 *
 * @param lens byte lengths of the science, template and difference stamps (null: the alert carried none).
 * @returns the bytes of each wanted kind, null for a missing stamp.
 */
export function splitStamps(
  read: (offset: number, length: number) => Uint8Array,
  offset: number,
  lens: readonly (number | null)[],
  wanted: readonly StampKind[],
): Partial<Record<StampKind, Uint8Array | null>> {
  const sizes = lens.map((l) => l ?? 0);
  const total = sizes.reduce((a, b) => a + b, 0);
  const bytes = total > 0 ? read(offset, total) : new Uint8Array(0);
  const stamps: Partial<Record<StampKind, Uint8Array | null>> = {};
  let at = 0;
  STAMP_KINDS.forEach((k, i) => {
    if (wanted.includes(k)) stamps[k] = lens[i] === null ? null : bytes.subarray(at, at + sizes[i]);
    at += sizes[i];
  });
  return stamps;
}
