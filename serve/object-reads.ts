/**
 * What `objects` and `cutouts` read about the objects matching one id (exact or prefix), from one catalog
 * version. When the in-memory object index gives a block for every part holding them, everything comes from
 * those blocks (a positional read per part, no query); otherwise — a store published before object blocks, or an
 * index that could not be loaded — from the DuckDB queries over the parts the index names. Both give the same
 * rows.
 */
import type { Catalog } from '../data/catalog.js';
import {
  type AlertEpoch,
  type AlertStamps,
  listStampEpochs,
  readStamps,
  type StampKind,
  type StampSelection,
} from '../data/queries/cutouts.js';
import {
  type BlockLocation,
  blockAlertRows,
  blockStampEpochs,
  blockStamps,
  blockUpperlimRows,
  type LocatedAlertText,
  type LocatedBlock,
  readBlockAlertTexts,
  readObjectBlocks,
} from '../data/queries/object-blocks.js';
import {
  partsOfObject,
  type QueryFn,
  readObjectAlerts,
  readObjectUpperlim,
  ZTF_OBJECT_ID,
} from '../data/queries/objects.js';
import type { StoreReader, StoreSnapshot } from './store-reader.js';

type Row = Record<string, unknown>;

/** Reads about the objects matching one id. Rows use storage names, as the parquet parts hold them. */
export interface ObjectReads {
  /** How the reads are served: object blocks, or DuckDB queries. */
  readonly path: 'blocks' | 'duckdb';
  /** Valid alerts, most recent first (catalogue storage names plus `classification`). */
  alerts(): Promise<Row[]>;
  /** Upper limits and bad-quality points, deduplicated, most recent first (columns of the upper-limit files). */
  upperlim(): Promise<Row[]>;
  /** Stamps of one object (an exact id among the matched ones). */
  stamps(objectId: string, which: StampSelection, kinds: readonly StampKind[]): Promise<AlertStamps[]>;
  /** Alerts of one object that have stamps, most recent first. */
  stampEpochs(objectId: string): Promise<AlertEpoch[]>;
  /**
   * Valid alerts with their prepared JSON texts, most recent first; null when the blocks have none (a part
   * written in format 1, or no blocks): use {@link alerts} then.
   */
  alertTexts(): LocatedAlertText[] | null;
}

/**
 * Reads for `id` on the catalog version of `snap`: a full ZTF id is exact, anything shorter a prefix, unless
 * `exactOnly` (cutouts: one object by its exact id). Blocks and DuckDB reads happen when asked.
 */
export async function objectReads(
  reader: StoreReader,
  snap: StoreSnapshot,
  id: string,
  exactOnly = false,
): Promise<ObjectReads> {
  const { catalog, locator } = snap;
  const exact = exactOnly || ZTF_OBJECT_ID.test(id);
  const refs = locator?.find(id, exact) ?? null;
  if (refs?.every((r) => r.block !== null)) {
    const locations: BlockLocation[] = refs.map((r) => ({
      objectId: r.objectId,
      part: r.part,
      offset: r.block!.offset,
      length: r.block!.length,
      format: r.block!.format,
    }));
    let decoded: LocatedBlock[] | null = null;
    const blocks = () => {
      decoded ??= readObjectBlocks(reader.layout, reader.files, locations);
      return decoded;
    };
    const of = (objectId: string) => blocks().filter((b) => b.objectId === objectId);
    return {
      path: 'blocks',
      alerts: async () => blockAlertRows(blocks()),
      upperlim: async () => blockUpperlimRows(blocks()),
      stamps: async (objectId, which, kinds) =>
        blockStamps(reader.layout, catalog, reader.files, of(objectId), which, kinds),
      stampEpochs: async (objectId) => blockStampEpochs(of(objectId)),
      alertTexts: () => readBlockAlertTexts(reader.layout, reader.files, locations),
    };
  }
  const query: QueryFn = (sql, params) => reader.query(sql, params);
  const parts =
    refs !== null
      ? [...new Set(refs.map((r) => r.part))].sort()
      : await partsOfObject(query, reader.layout, catalog, id);
  return duckdbReads(query, reader, catalog, parts, id);
}

function duckdbReads(
  query: QueryFn,
  reader: StoreReader,
  catalog: Catalog,
  parts: readonly string[],
  id: string,
): ObjectReads {
  return {
    path: 'duckdb',
    alerts: () => readObjectAlerts(query, reader.layout, parts, id),
    upperlim: () => readObjectUpperlim(query, reader.layout, parts, id),
    stamps: (objectId, which, kinds) =>
      readStamps(query, reader.layout, catalog, parts, objectId, which, kinds),
    stampEpochs: (objectId) => listStampEpochs(query, reader.layout, catalog, parts, objectId),
    alertTexts: () => null,
  };
}
