/**
 * Identifiers of the simulated LSST records: 64-bit ids above 2^53 (BigInt), unique over a run, packed from the
 * visit, the detector and a counter as Rubin packs its own; and Rubin's `ssObjectId`, the packed provisional
 * designation read as ASCII bytes (`K04J12Q` → 21163624394469969, as in real alerts). Pure.
 */

/** Offsets of the id ranges (diaSource and diaForcedSource ids never meet: each range spans < 1e15). */
export const DIA_SOURCE_ID_BASE = 170_000_000_000_000_000n;
export const DIA_FORCED_SOURCE_ID_BASE = 171_000_000_000_000_000n;
/** Detectors of the LSST camera (science CCDs 0-188). */
export const LSST_DETECTORS = 189;
/** Visits a night may hold (sequence numbers below this). */
export const MAX_VISITS_PER_NIGHT = 4096;
/** Sources per visit and detector: 2^12 detections, 2^16 forced measurements. */
const SOURCE_COUNTER_BITS = 12n;
const FORCED_COUNTER_BITS = 16n;
/** Nights a run may span while its ids stay in their ranges. */
export const MAX_RUN_NIGHTS = 10_000;

function visitDetectorKey(nightIndex: number, seqNum: number, detector: number): bigint {
  if (!(nightIndex >= 0 && nightIndex < MAX_RUN_NIGHTS && seqNum > 0 && seqNum < MAX_VISITS_PER_NIGHT)) {
    throw new RangeError(`visit out of the id range: night ${nightIndex}, seqNum ${seqNum}`);
  }
  return (
    (BigInt(nightIndex) * BigInt(MAX_VISITS_PER_NIGHT) + BigInt(seqNum)) * BigInt(LSST_DETECTORS) +
    BigInt(detector)
  );
}

/**
 * The id of the k-th diaSource (0-based) of a visit and detector.
 * @param nightIndex night of the run (0-based); @param seqNum visit sequence number in the night (1-based).
 * Throws RangeError beyond 4096 sources per visit and detector, or outside the run's id range.
 */
export function lsstDiaSourceId(nightIndex: number, seqNum: number, detector: number, k: number): bigint {
  if (!(k >= 0 && k < 1 << Number(SOURCE_COUNTER_BITS)))
    throw new RangeError(`diaSource counter ${k} too large`);
  return (
    DIA_SOURCE_ID_BASE + (visitDetectorKey(nightIndex, seqNum, detector) << SOURCE_COUNTER_BITS) + BigInt(k)
  );
}

/** The id of the k-th forced measurement (0-based) of a visit and detector. Throws RangeError as lsstDiaSourceId. */
export function lsstDiaForcedSourceId(
  nightIndex: number,
  seqNum: number,
  detector: number,
  k: number,
): bigint {
  if (!(k >= 0 && k < 1 << Number(FORCED_COUNTER_BITS)))
    throw new RangeError(`forced counter ${k} too large`);
  return (
    DIA_FORCED_SOURCE_ID_BASE +
    (visitDetectorKey(nightIndex, seqNum, detector) << FORCED_COUNTER_BITS) +
    BigInt(k)
  );
}

/** Rubin's ssObjectId of a packed provisional designation: its ASCII bytes as a big-endian integer. */
export function ssObjectIdOf(packedDesignation: string): bigint {
  let id = 0n;
  for (const ch of packedDesignation) id = (id << 8n) | BigInt(ch.charCodeAt(0) & 0xff);
  return id;
}
