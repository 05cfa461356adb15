/**
 * The LSST ingest path's staging: LsstAlert objects (from any LSST reader, ingest/decode/lsst/) routed to their
 * night's LSST staging file (lsst-night-staging.ts) by the survey-neutral NightRouter, and handed over in batches
 * by the survey-neutral StagingPipeline (durability promise per batch, quarantine of rejections): the same
 * guarantees as ZTF, with the store claimed for LSST before the first alert is staged, and the field docs of
 * each writer schema recorded in the store (data/survey/lsst-field-docs.ts) before its first alert is staged.
 */
import type { Logger } from 'pino';
import {
  claimStoreSurvey,
  type LsstAlert,
  type LsstColumns,
  recordLsstFieldDocs,
  type StoreLayout,
} from '../../data/index.js';
import { StagingPipeline } from '../pipeline.js';
import { LsstNightStaging, type LsstStagedAlert, MAX_TRANSACTION_ROWS } from './lsst-night-staging.js';
import { NightRouter } from './night-router.js';

/** Routes staged LSST alerts to the staging file of their night (Rubin's dayObs) for one ingester. */
export class LsstStager extends NightRouter<LsstStagedAlert> {
  /** `maxTransactionRows`: rows of one staging transaction at most (lsst-night-staging.ts). */
  constructor(
    layout: StoreLayout,
    ingesterId: string,
    log: Logger,
    maxTransactionRows = MAX_TRANSACTION_ROWS,
  ) {
    super(layout, ingesterId, log, {
      survey: 'lsst',
      nightOf: (s) => s.alert.night,
      open: (file, database) => LsstNightStaging.open(file, database, maxTransactionRows),
    });
  }
}

/**
 * Stages decoded LSST alerts and quarantines rejected records: `handOverDecoded(items)` resolves once the batch
 * is handed over, with `durable`, which resolves once it (and every earlier batch) is committed — then the
 * source may commit the batch's positions; `ingestDecoded(items)` waits for durability itself.
 */
export class LsstIngestPipeline extends StagingPipeline<LsstAlert, LsstStagedAlert, LsstStager> {
  constructor(
    layout: StoreLayout,
    ingesterId: string,
    log: Logger,
    options: {
      /** Let the next batches decode while the previous ones are staged (file ingestion; not for Kafka). */
      overlap?: boolean;
      /** Rows of one staging transaction at most (lsst-night-staging.ts, MAX_TRANSACTION_ROWS). */
      maxTransactionRows?: number;
    } = {},
  ) {
    /** The writer schemas whose field docs this pipeline recorded (one LsstColumns object per schema). */
    const recorded = new WeakSet<LsstColumns>();
    super(
      layout,
      new LsstStager(
        layout,
        ingesterId,
        log.child({ component: 'ingest.stage.lsst' }),
        options.maxTransactionRows,
      ),
      (alert, source) => {
        if (!recorded.has(alert.columns)) {
          // the store is claimed first: an LSST schema's docs never land in a ZTF store
          claimStoreSurvey(layout, 'lsst');
          recordLsstFieldDocs(layout.root, alert.columns, alert.schemaVersion);
          recorded.add(alert.columns);
        }
        return { alert, source };
      },
      log,
      options.overlap ?? false,
    );
  }
}
