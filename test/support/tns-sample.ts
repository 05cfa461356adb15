/**
 * A TNS table of one object for tests: the header and first row of the real TNS sample
 * (test/data/tns/tns_public_objects_sample.csv, the file `skyalert tns load` reads), renamed and moved to a test
 * object's position, every other field as TNS wrote it.
 */
import fs from 'node:fs';
import { testDataPath } from './test-data.js';

const TNS_SAMPLE = testDataPath('tns', 'tns_public_objects_sample.csv');

/** What is changed in the sample's first row. */
export interface TnsRowChange {
  readonly objid: string;
  /** `AT`, `SN`… */
  readonly prefix: string;
  /** The name without its prefix (`2021co`). */
  readonly name: string;
  readonly raDeg: number;
  readonly decDeg: number;
  /** The survey names TNS lists (a ZTF objectId, …). */
  readonly internalNames: string;
}

/** The CSV text of a TNS table holding the sample's first row with `change` applied. */
export function tnsSampleCsv(change: TnsRowChange): string {
  const [dateLine, header, row] = fs.readFileSync(TNS_SAMPLE, 'utf8').split('\n');
  const names = header.split(',').map((h) => h.replace(/"/g, ''));
  const values = row.split('","').map((v) => v.replace(/"/g, ''));
  const set = (field: string, value: string) => {
    values[names.indexOf(field)] = value;
  };
  set('objid', change.objid);
  set('name_prefix', change.prefix);
  set('name', change.name);
  set('ra', String(change.raDeg));
  set('declination', String(change.decDeg));
  set('internal_names', change.internalNames);
  return [dateLine, header, values.map((v) => `"${v}"`).join(','), ''].join('\n');
}
