/** The server picks up newly published nights without a restart, and answers from one catalog version. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { publishNight } from '../../ingest/publish/publish-night.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

describe('catalog hot switch', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('answers 503 before the first night, then serves each night as soon as it is published', async () => {
    const datatest = testDataPath('ztf_raw_avro', 'fink-client_datatest');
    await ingestFiles(layout, [path.join(datatest, 'ZTF19acihgng.avro')], { ingesterId: 't', log: testLog });
    const later = await ingestFiles(layout, [path.join(datatest, 'ZTF19acxxwrs.avro')], {
      ingesterId: 't',
      log: testLog,
    });
    const reader = await StoreReader.open(layout, testLog, 50);
    const app = createApp(reader, testLog);
    try {
      const before = await app.request('/api/v1/objects?objectId=ZTF19acihgng');
      expect(before.status).toBe(503);
      expect(((await before.json()) as { status: string }).status).toBe('error');

      await publishNight(layout, 20191127, testLog);
      await new Promise((r) => setTimeout(r, 300));
      const first = (await (await app.request('/api/v1/objects?objectId=ZTF19acihgng')).json()) as unknown[];
      expect(first).toHaveLength(1);
      const other = (await (await app.request('/api/v1/objects?objectId=ZTF19acxxwrs')).json()) as unknown[];
      expect(other).toEqual([]);

      await publishNight(layout, later.nights[0], testLog);
      await new Promise((r) => setTimeout(r, 300));
      const second = (await (await app.request('/api/v1/objects?objectId=ZTF19acxxwrs')).json()) as unknown[];
      expect(second).toHaveLength(1);
      expect(reader.current().version).toBe(2);
      // the in-memory object index switched with the catalog: both objects are found without a query
      const { catalog, locator } = reader.snapshot();
      expect(catalog.version).toBe(2);
      expect(locator?.objectCount).toBe(2);
      expect(locator?.find('ZTF19acxxwrs', true)[0].length).toBeGreaterThan(0);
    } finally {
      reader.close();
    }
  });
});
