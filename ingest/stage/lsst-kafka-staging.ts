/**
 * Rubin's Kafka stream into LSST staging (docs/surveys.md, "Rubin's Kafka stream"): each message a Confluent frame
 * (magic byte, schema id, Avro datum) whose writer schema comes from a registry or the operator's schema directory;
 * decoded to LsstAlert and staged as a file's alerts are. A message that cannot be decoded (unknown schema id, bad
 * frame, not an LSST alert) is quarantined with the reason; a schema source that cannot answer fails the batch, so
 * that nothing after it is committed. Runs on the staging worker thread (staging-worker.ts), or on the calling
 * thread when the compiled worker is not there.
 */
import type { Logger } from 'pino';
import type { LsstAlert, StoreLayout } from '../../data/index.js';
import { ConfluentDecoder, type SchemaSource } from '../decode/index.js';
import type { DecodedItem, HandedOver, IngestCounts, RawMessage } from '../pipeline.js';
import { LsstIngestPipeline } from './lsst-stager.js';
import type { StagingPipeline } from './staging-thread.js';

/** The Kafka staging of LSST alerts. */
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

  async ingestMessages(messages: readonly RawMessage[]): Promise<void> {
    const { durable } = await this.handOverMessages(messages);
    await durable;
  }

  /**
   * Resolves the batch's schema ids, then hands its messages to staging, each decoded as staging takes it (one
   * decoded alert alive at a time); resolves once handed over, with the promise of its durability.
   */
  handOverMessages(messages: readonly RawMessage[]): Promise<HandedOver> {
    const handedOver = this.chain.then(async () => {
      await this.decoder.prepare(messages.map((m) => m.bytes));
      return this.pipeline.handOverDecoded(this.decode(messages));
    });
    this.chain = handedOver;
    return handedOver;
  }

  private *decode(messages: readonly RawMessage[]): Generator<DecodedItem<LsstAlert>> {
    for (const m of messages) {
      this.pipeline.counts.bytes += m.bytes.length;
      yield { outcome: this.decoder.decodeLsstFrame(m.bytes), position: m.position, raw: () => m.bytes };
    }
  }

  takeNightsTouched(): number[] {
    const nights = [...this.pipeline.nightsTouched];
    this.pipeline.nightsTouched.clear();
    return nights;
  }

  /** Closes the staging files once the batches handed over are durable (the next batch reopens them). */
  async closeFiles(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.pipeline.flush();
    await this.pipeline.stager.closeAll();
  }

  async close(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.pipeline.close();
  }
}
