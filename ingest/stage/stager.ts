/**
 * Routes staged ZTF alerts to the staging file of their night for one ingester (NightRouter with ZTF's night
 * files, night-staging.ts): a night's own file, or for a backfill's small nights the file their month shares
 * (NightRouter.shareSmallNights). The row chunks of closed files are reused for the next ones.
 */
import fs from 'node:fs';
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { type NightFile, NightRouter } from './night-router.js';
import {
  NightStaging,
  newStagingRows,
  type StagedAlert,
  type StagingRows,
  sharedMarkerOf,
} from './night-staging.js';

export class Stager extends NightRouter<StagedAlert> {
  constructor(layout: StoreLayout, ingesterId: string, log: Logger) {
    /** Row chunks of closed files (own files' and shared files'), for the next files to open. */
    const freeRows: StagingRows[] = [];
    const rowsFor = (shared: boolean): StagingRows => {
      const i = freeRows.findIndex((r) => r.shared === shared);
      return i < 0 ? newStagingRows(shared) : freeRows.splice(i, 1)[0];
    };
    const asNightFile = (staging: NightStaging): NightFile<StagedAlert> => ({
      file: staging.file,
      add: (s) => staging.add(s),
      endBatch: () => staging.endBatch(),
      abandonBatch: () => staging.abandonBatch(),
      close: async () => {
        await staging.close();
        freeRows.push(staging.rows);
      },
    });
    super(layout, ingesterId, log, {
      survey: 'ztf',
      nightOf: (s) => s.alert.night,
      open: async (file, database) => asNightFile(await NightStaging.open(file, database, rowsFor(false))),
      shared: {
        holds: (file) => fs.existsSync(sharedMarkerOf(file)),
        open: async (file, fileOf, database) =>
          asNightFile(await NightStaging.openShared(file, fileOf, database, rowsFor(true))),
      },
    });
  }
}
