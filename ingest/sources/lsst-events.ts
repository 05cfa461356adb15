/**
 * What the LSST file readers yield, the same shape for every format (as the ZTF readers: batches of decoded
 * records with their positions, and an unreadable rest to quarantine), so that one ingestion loop serves them all.
 */
import type { Position } from '../../data/index.js';
import type { LsstDecodeOutcome } from '../decode/index.js';

/** A decoded LSST record with its position (file and index); `raw` gives the bytes to quarantine a rejection. */
export interface LsstDecodedItem {
  readonly outcome: LsstDecodeOutcome;
  readonly position: Position;
  readonly raw: () => Uint8Array;
}

/**
 * A batch of decoded records, or the unreadable rest of a file (a truncated or corrupt container, a file that is
 * not an LSST alert file): its reason, where it starts, and its bytes (at most MAX_QUARANTINED_BYTES).
 */
export type LsstSourceEvent =
  | { readonly kind: 'items'; readonly items: readonly LsstDecodedItem[] }
  | {
      readonly kind: 'bad-tail';
      readonly reason: string;
      readonly position: Position;
      readonly bytes: Uint8Array;
    };

/** Most bytes of an unreadable rest kept for the quarantine (as for ZTF files). */
export const MAX_QUARANTINED_BYTES = 16 * 1024 * 1024;

/** Records per batch by default. */
export const LSST_BATCH_SIZE = 500;

/**
 * Rows of decoded alerts per batch at most (an alert's diaSource, prvDiaSources and prvDiaForcedSources): real
 * Rubin alerts carry hundreds of each, and a batch of 2,000 of them held gigabytes of decoded objects.
 */
export const LSST_BATCH_ROWS = 50_000;

/** Gathers a file's decoded records into batches of at most `batchSize` records and `maxRows` rows. */
export class LsstBatcher {
  private items: LsstDecodedItem[] = [];
  private rows = 0;

  constructor(
    private readonly batchSize: number,
    private readonly maxRows = LSST_BATCH_ROWS,
  ) {}

  /** Adds a record; returns the batch when it is full, else null. */
  add(item: LsstDecodedItem): LsstDecodedItem[] | null {
    this.items.push(item);
    const { outcome } = item;
    this.rows += outcome.ok ? 1 + outcome.alert.history.length + outcome.alert.forced.length : 1;
    return this.items.length >= this.batchSize || this.rows >= this.maxRows ? this.take() : null;
  }

  /** The records gathered since the last batch, null when there are none. */
  rest(): LsstDecodedItem[] | null {
    return this.items.length > 0 ? this.take() : null;
  }

  private take(): LsstDecodedItem[] {
    const batch = this.items;
    this.items = [];
    this.rows = 0;
    return batch;
  }
}
