/**
 * Rubin's Kafka stream into LSST staging (docs/surveys.md, "Rubin's Kafka stream"): each message a Confluent frame
 * (magic byte, schema id, Avro datum) whose writer schema comes from a registry or the operator's schema directory;
 * decoded to LsstAlert and staged as a file's alerts are. A message that cannot be decoded (unknown schema id, bad
 * frame, not an LSST alert) is quarantined with the reason; a schema source that cannot answer fails the batch, so
 * that nothing after it is committed.
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { ConfluentDecoder, type LsstDecodeOutcome, type SchemaSource } from '../decode/index.js';
import type { IngestCounts, RawMessage } from '../pipeline.js';
import { LsstIngestPipeline } from './lsst-stager.js';
import type { StagingPipeline } from './staging-thread.js';

/** The Kafka staging of LSST alerts, on the calling thread. */
export class LsstKafkaStaging implements StagingPipeline {
  private readonly decoder: ConfluentDecoder;
  private readonly pipeline: LsstIngestPipeline;
  /** The hand-overs in call order: a failed one fails the later ones. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(layout: StoreLayout, ingesterId: string, log: Logger, schemas: SchemaSource) {
    this.decoder = new ConfluentDecoder(schemas);
    this.pipeline = new LsstIngestPipeline(layout, ingesterId, log);
  }

  get counts(): IngestCounts {
    return this.pipeline.counts;
  }

  ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    const handedOver = this.chain.then(async () => {
      await this.decoder.prepare(messages.map((m) => m.bytes));
      const items = messages.map((m) => ({
        outcome: this.decode(m.bytes),
        position: m.position,
        raw: () => m.bytes,
      }));
      return this.pipeline.handOverDecoded(items);
    });
    this.chain = handedOver;
    return handedOver.then(({ durable }) => durable);
  }

  private decode(bytes: Uint8Array): LsstDecodeOutcome {
    return this.decoder.decodeLsstFrame(bytes);
  }

  takeNightsTouched(): number[] {
    const nights = [...this.pipeline.nightsTouched];
    this.pipeline.nightsTouched.clear();
    return nights;
  }

  closeFiles(): Promise<void> {
    return this.pipeline.stager.closeAll();
  }

  async close(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.pipeline.close();
  }
}
