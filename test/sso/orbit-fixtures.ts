/**
 * Small MPCORB.DAT files for the orbit catalogue tests, written with the simulator's MPCORB writer from the real
 * Ceres line (elements reused, designations changed). Objects: (8467) Benoitcarry and (624188) = 2002 MA6 as in
 * docs/references.md#ztf-ssnamenr; (84673), Rubin, Rubincam and 2010 JO69 with numbers chosen for the test.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  formatMpcorbLine,
  type MpcorbRecord,
  packNumber,
  packProvisional,
  parseMpcorbLine,
} from '../../compute/sso/index.js';
import { testDataPath } from '../support/test-data.js';

const CERES = (() => {
  const line = fs.readFileSync(testDataPath('orbits', 'skyfield_MPCORB.excerpt.DAT'), 'utf8').split('\n')[0];
  const parsed = parseMpcorbLine(line);
  if (!parsed) throw new Error('the Ceres line of the MPCORB excerpt did not parse');
  return parsed;
})();

/** One MPCORB line: a numbered object (name or provisional designation) or an unnumbered one. */
export function mpcorbLine(number: number | null, nameOrDesignation: string, hMag = 15.5): string {
  const record: MpcorbRecord = {
    ...CERES,
    hMag,
    packedDesignation: number === null ? packProvisional(nameOrDesignation) : packNumber(number),
    readableDesignation: number === null ? nameOrDesignation : `(${number}) ${nameOrDesignation}`,
  };
  return formatMpcorbLine(record);
}

/** The header MPC puts before the orbits (abridged). */
export const MPCORB_HEADER = [
  'MINOR PLANET CENTER ORBIT DATABASE (MPCORB)',
  '',
  'This file contains published orbital elements for all numbered and unnumbered multi-opposition minor',
  'planets for which it is possible to make reasonable predictions.',
  '',
  `Des'n     H     G   Epoch     M        Peri.      Node       Incl.       e            n           a`,
  '-'.repeat(160),
];

/** Writes lines as a file (gzip when the name ends with .gz); returns the path. */
export function writeLines(file: string, lines: readonly string[]): string {
  const text = `${lines.join('\n')}\n`;
  fs.writeFileSync(file, file.endsWith('.gz') ? zlib.gzipSync(text) : text);
  return file;
}
