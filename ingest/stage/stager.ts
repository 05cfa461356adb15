/**
 * Routes staged ZTF alerts to the staging file of their night for one ingester (NightRouter with ZTF's night
 * files, night-staging.ts), reusing the row chunks of closed files for the next ones.
 */
import type { Logger } from 'pino';
import type { StoreLayout } from '../../data/index.js';
import { NightRouter } from './night-router.js';
import { NightStaging, type StagedAlert, type StagingRows } from './night-staging.js';

export class Stager extends NightRouter<StagedAlert> {
  constructor(layout: StoreLayout, ingesterId: string, log: Logger) {
    /** Row chunks of closed files, for the next files to open. */
    const freeRows: StagingRows[] = [];
    super(layout, ingesterId, log, {
      survey: 'ztf',
      nightOf: (s) => s.alert.night,
      open: async (file, database) => {
        const staging = await NightStaging.open(file, database, freeRows.pop());
        return {
          file: staging.file,
          add: (s) => staging.add(s),
          endBatch: () => staging.endBatch(),
          abandonBatch: () => staging.abandonBatch(),
          close: async () => {
            await staging.close();
            freeRows.push(staging.rows);
          },
        };
      },
    });
  }
}
