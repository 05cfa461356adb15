/**
 * A truncated parquet file is quarantined like a truncated Avro file: with its reason and its bytes, while the
 * other inputs are ingested and the ingestion ends normally.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { readQuarantine } from '../../ingest/stage/quarantine.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

describe('a truncated parquet file', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('is quarantined with its bytes and the reason; the other files are staged', async () => {
    const whole = fs.readFileSync(
      testDataPath('ztf_enriched', 'fink-utils', 'alert_samples_2022-08-04.parquet'),
    );
    const cut = path.join(layout.root, 'alerts-cut.parquet');
    const head = whole.subarray(0, Math.floor(whole.length / 2));
    fs.writeFileSync(cut, head);
    const good = testDataPath('ztf_raw_avro', 'fink-client_datatest');
    const s = await ingestFiles(layout, [good, cut], { ingesterId: 't', log: testLog, publish: false });
    // 4 one-alert files + avro_multi_alerts_other.avro (3 alerts), as test/data/README.md lists them
    expect(s.staged).toBe(7);
    expect(s.quarantined).toBe(1);
    const [entry] = readQuarantine(layout);
    expect(entry.reason).toMatch(/unreadable table file .*alerts-cut\.parquet after 0 rows/);
    expect(entry.position).toMatchObject({ kind: 'file', file: cut, index: 0 });
    expect(entry.bytes).toBe(head.length);
    const day = fs.readdirSync(path.join(layout.root, 'quarantine'))[0];
    const kept = fs.readFileSync(path.join(layout.root, 'quarantine', day, entry.file));
    expect(kept.equals(head)).toBe(true);
  });
});
