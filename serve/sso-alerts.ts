/**
 * The roid = 3 alerts of each published part by `i:ssnamenr` (data/queries/sso.ts), kept in memory per store
 * reader while the part is published (serve/part-memo.ts): `/api/v1/sso` and the name resolution look names up
 * there instead of running a query over every part's ssnamenr index at each request (issue #27 §2). About 290
 * bytes of heap per Solar System alert (measured on 100,000 simulated alerts;
 * ≈ 35 MB for the ≈ 117,000 of 1,000,000).
 */
import type { Catalog, PartEntry } from '../data/index.js';
import { readSsoAlertsOfPart, type SsoAlertsOfPart } from '../data/queries/index.js';
import { keepWarm, PartMemo } from './part-memo.js';
import type { StoreReader } from './store-reader.js';

const memos = new WeakMap<StoreReader, PartMemo<SsoAlertsOfPart>>();

function memoOf(reader: StoreReader): PartMemo<SsoAlertsOfPart> {
  let memo = memos.get(reader);
  if (memo === undefined) {
    memo = new PartMemo((part) =>
      readSsoAlertsOfPart((sql, params) => reader.query(sql, params), reader.layout, part),
    );
    memos.set(reader, memo);
  }
  return memo;
}

/** Reads the roid = 3 alerts of every part of each catalog version `reader` serves, in the background. */
export function keepSsoAlertsWarm(reader: StoreReader): void {
  keepWarm(reader, memoOf(reader));
}

/** The roid = 3 alerts of a part of `catalog` (a version `reader` serves), read once while it is published. */
export function ssoAlertsOf(
  reader: StoreReader,
  catalog: Catalog,
): (part: PartEntry) => Promise<SsoAlertsOfPart> {
  const memo = memoOf(reader);
  return (part) => memo.get(catalog, part);
}
