/**
 * The files a published part holds, per survey, from each survey's own declarations of them (ZTF: PART_FILES and
 * the object blocks; LSST: LSST_PART_FILES, its sky index and its object blocks). A night's stamps (`stamps.bin`,
 * STAMPS_FILE, and the cutouts file locating each alert's stamps in it) stay in the part first published with it:
 * a merged part (compaction, or a part rewritten without a night published again) writes neither and names, in
 * its `cutouts` entries, the parts that hold its nights' stamps.
 */
import { PART_FILES } from './catalog.js';
import { OBJECT_BLOCKS_FILE, OBJECT_BLOCKS_INDEX_FILE } from './object-blocks.js';
import { LSST_BLOCK_FILES, LSST_PART_FILES, LSST_SKY_INDEX_FILE, type Survey } from './survey/index.js';

/** The files of one survey's parts, relative to a part directory. */
export interface PartLayout {
  /** Files every published part holds, merged or not (optional files, such as ZTF's `sky.bin`, left out). */
  readonly files: readonly string[];
  /** The cutouts file, beside `stamps.bin` in a part holding stamps (one that a `cutouts` entry names). */
  readonly cutoutsFile: string;
  /** The object blocks' files, among `files` (docs/store.md, "Object blocks"). */
  readonly blockFiles: readonly string[];
  /**
   * The object blocks' locator, one of `blockFiles`: one row per object of the part (`objectId`, `block_offset`,
   * `block_length`), the rows the catalog's object index is built from (ingest/publish/object-index.ts).
   */
  readonly blockIndexFile: string;
}

const ZTF_BLOCK_FILES = [OBJECT_BLOCKS_FILE, OBJECT_BLOCKS_INDEX_FILE];
const LSST_BLOCKS = Object.values(LSST_BLOCK_FILES);

/** The files of each survey's parts (docs/store.md, "Publication"; docs/surveys.md, "The LSST store"). */
export const PART_LAYOUTS: Readonly<Record<Survey, PartLayout>> = {
  ztf: {
    files: [...Object.values(PART_FILES).filter((f) => f !== PART_FILES.cutouts), ...ZTF_BLOCK_FILES],
    cutoutsFile: PART_FILES.cutouts,
    blockFiles: ZTF_BLOCK_FILES,
    blockIndexFile: OBJECT_BLOCKS_INDEX_FILE,
  },
  lsst: {
    files: [
      ...Object.values(LSST_PART_FILES).filter((f) => f !== LSST_PART_FILES.cutouts),
      LSST_SKY_INDEX_FILE,
      ...LSST_BLOCKS,
    ],
    cutoutsFile: LSST_PART_FILES.cutouts,
    blockFiles: LSST_BLOCKS,
    blockIndexFile: LSST_BLOCK_FILES.index,
  },
};
