/**
 * What `objects`, `cutouts` and `sso` (withcutouts) read about the objects matching one id (exact or prefix),
 * from one catalog version: the in-memory object index names the block of each part holding them, and
 * everything comes from those blocks (a positional read per part, no query). A catalog version whose object
 * index could not be loaded answers 503.
 */
import type { AlertEpoch, AlertStamps, StampKind, StampSelection } from '../data/queries/index.js';
import {
  type BlockLocation,
  blockAlertRows,
  blockStampEpochs,
  blockStamps,
  blockUpperlimRows,
  candidsWithStamps,
  type LocatedAlertText,
  type LocatedBlock,
  readBlockAlertTexts,
  readObjectBlocks,
  ZTF_OBJECT_ID,
} from '../data/queries/index.js';
import { ApiError } from './errors.js';
import type { ObjectLocator } from './object-locator.js';
import type { StoreReader, StoreSnapshot } from './store-reader.js';

type Row = Record<string, unknown>;

/** Reads about the objects matching one id. Rows use storage names, as the parquet parts hold them. */
export interface ObjectReads {
  /** Valid alerts, most recent first (catalogue storage names plus `classification`). */
  alerts(): Row[];
  /** Upper limits and bad-quality points, deduplicated, most recent first (columns of the upper-limit files). */
  upperlim(): Row[];
  /** Stamps of one object (an exact id among the matched ones). */
  stamps(objectId: string, which: StampSelection, kinds: readonly StampKind[]): AlertStamps[];
  /** Alerts of one object that have stamps, most recent first. */
  stampEpochs(objectId: string): AlertEpoch[];
  /** Valid alerts with their prepared JSON texts, most recent first. */
  alertTexts(): LocatedAlertText[];
  /** Candids of the matched objects' alerts whose three stamps the store holds. */
  candidsWithStamps(): ReadonlySet<bigint>;
}

/**
 * The object index of `snap`.
 *
 * @throws ApiError 503 when it could not be loaded (a damaged or incomplete store).
 */
export function objectLocator(snap: StoreSnapshot): ObjectLocator {
  if (snap.locator === null) {
    throw new ApiError(
      503,
      snap.locatorError ?? `The object index of catalog version ${snap.catalog.version} is not loaded.`,
    );
  }
  return snap.locator;
}

/**
 * Reads for `id` on the catalog version of `snap`: a full ZTF id is exact, anything shorter a prefix, unless
 * `exactOnly` (cutouts: one object by its exact id). Blocks are read when first asked, once.
 *
 * @throws ApiError 503 when the version's object index could not be loaded.
 */
export function objectReads(
  reader: StoreReader,
  snap: StoreSnapshot,
  id: string,
  exactOnly = false,
): ObjectReads {
  const exact = exactOnly || ZTF_OBJECT_ID.test(id);
  const locations: BlockLocation[] = objectLocator(snap).find(id, exact);
  let decoded: LocatedBlock[] | null = null;
  const blocks = () => {
    decoded ??= readObjectBlocks(reader.layout, reader.files, locations);
    return decoded;
  };
  const of = (objectId: string) => blocks().filter((b) => b.objectId === objectId);
  return {
    alerts: () => blockAlertRows(blocks()),
    upperlim: () => blockUpperlimRows(blocks()),
    stamps: (objectId, which, kinds) =>
      blockStamps(reader.layout, snap.catalog, reader.files, of(objectId), which, kinds),
    stampEpochs: (objectId) => blockStampEpochs(of(objectId)),
    alertTexts: () => readBlockAlertTexts(reader.layout, reader.files, locations),
    candidsWithStamps: () => candidsWithStamps(blocks().flatMap((b) => b.block.stamps)),
  };
}
