/**
 * Name resolution keys: every string under which an object is found (IAU number, name, provisional designation
 * with or without its space, MPC packed forms, comet forms, ZTF `ssnamenr` spellings), how a user's query string
 * becomes the key it is compared with, and the ZTF spellings of an object. Matching is exact on keys: "Rubin"
 * never finds "Rubincam", "8467" never finds "84673".
 * Reference: docs/references.md#sso-name-resolution (inputs), #ztf-ssnamenr (ZTF spellings and cleaning rule), #mpc-packed-designations (packed forms).
 */
import { packNumber, packProvisional } from '../mpcorb-format.js';
import type { SsoIdentity } from './catalogue-record.js';
import { packCometDesignation } from './comet-designation.js';

/**
 * One key of an object. `folded` keys (numbers, names, readable designations, ZTF spellings) are stored without
 * blanks and lower-cased, and match case-insensitively; `packed` keys (MPC packed forms) are stored without blanks
 * and match case-sensitively, because packing uses both cases ("K07Tf8A" is 2007 TA418, "K07TF8A" 2007 TA158).
 */
export interface NameKey {
  readonly key: string;
  readonly packed: boolean;
}

/** The two forms of a query compared with the keys. */
export interface QueryKeys {
  /** Compared with folded keys: blanks removed, lower-cased. */
  readonly folded: string;
  /** Compared with packed keys: blanks removed, case kept. */
  readonly exact: string;
}

/** Removes every blank (Fink strips spaces from the whole input first, §4.1). */
function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * The key forms of a user query (`n_or_d` item): a JSON integer or a string, surrounding and inner blanks ignored.
 * Null when nothing is left or the text is longer than 64 characters (no designation or name is).
 */
export function queryKeys(input: string | number): QueryKeys | null {
  const exact = compact(String(input));
  if (exact === '' || exact.length > 64) return null;
  return { folded: exact.toLowerCase(), exact };
}

/** Provisional designation ending in its cycle count: "2002 MA6" → ["2002 MA", "6"]; "2023 XY" → ["2023 XY", ""]. */
const PROVISIONAL_PARTS = /^(\d{4} ?[A-Z]{2})(\d*)$/;

/**
 * The ZTF `ssnamenr` spellings of an object: its number; its name (blanks removed); its designation without the
 * space; for a provisional designation also the cycle count zero-padded to two digits as older alerts wrote it
 * ("2002MA6" and "2002MA06"; "2023XY" and "2023XY00", "2023XY0"). Comets: the designation without blanks ("10P",
 * "C/2020V2"). Duplicates removed, order: number, name, designations.
 * Reference: docs/references.md#ztf-ssnamenr.
 */
export function ztfSsnamenrSpellings(id: SsoIdentity): string[] {
  const out: string[] = [];
  if (id.number !== null) out.push(String(id.number));
  if (id.name !== null && id.kind === 'asteroid') out.push(compact(id.name));
  if (id.designation !== null) {
    const plain = compact(id.designation);
    out.push(plain);
    const parts = id.kind === 'asteroid' ? PROVISIONAL_PARTS.exec(plain) : null;
    if (parts && parts[2].length < 2) {
      out.push(`${parts[1]}${parts[2].padStart(2, '0')}`);
      if (parts[2] === '') out.push(`${parts[1]}0`);
    }
  }
  return [...new Set(out)];
}

/**
 * The §4.3 cleaning rule for a ZTF `ssnamenr` before resolution: in a non-numeric value ending with 4 digits, two
 * word characters and digits, the trailing number loses its leading zeros ("2010XY03" → "2010XY3", "2023AB0" →
 * "2023AB", "2023XY00" → "2023XY"). Other values are returned unchanged (blanks removed).
 */
export function cleanSsnamenr(ssnamenr: string): string {
  const t = compact(ssnamenr);
  const m = /^(.*\d{4}[A-Za-z]{2})(\d+)$/.exec(t);
  return m ? `${m[1]}${m[2].replace(/^0+/, '')}` : t;
}

/** MPC packed forms of an identity (asteroid number, provisional designation; comet designation). */
function packedForms(id: SsoIdentity): string[] {
  const out: string[] = [];
  if (id.kind === 'asteroid') {
    if (id.number !== null && id.number <= 15_396_335) out.push(packNumber(id.number));
    if (id.designation !== null && /^(\d{4} [A-Z]{2}\d{0,3}|\d{4} (P-L|T-[123]))$/.test(id.designation)) {
      const year = Number(id.designation.slice(0, 4));
      if (year >= 1800 && year <= 2099 && Number(id.designation.slice(7) || '0') <= 619) {
        out.push(packProvisional(id.designation));
      }
    }
  } else if (id.designation !== null) {
    const packed = packCometDesignation(id.designation);
    if (packed) out.push(packed);
  }
  return out;
}

/**
 * Every key of an object, deduplicated. Folded: number; name (asteroids only: comet names such as "NEOWISE" are
 * shared by dozens of comets); designation; comet designation with its name ("10P/Tempel 2"); the ZTF spellings.
 * Packed: the MPC packed forms ("08467", "K10J69O", "0010P", "CK20V020").
 */
export function identityKeys(id: SsoIdentity): NameKey[] {
  const folded = new Set<string>();
  if (id.number !== null) folded.add(String(id.number));
  if (id.name !== null && id.kind === 'asteroid') folded.add(compact(id.name).toLowerCase());
  if (id.designation !== null) {
    folded.add(compact(id.designation).toLowerCase());
    if (id.kind === 'comet' && id.name !== null && /^\d+[PDI]/.test(id.designation)) {
      folded.add(compact(`${id.designation}/${id.name}`).toLowerCase());
    }
  }
  for (const s of ztfSsnamenrSpellings(id)) folded.add(s.toLowerCase());
  const keys: NameKey[] = [...folded].filter((k) => k !== '').map((key) => ({ key, packed: false }));
  for (const key of new Set(packedForms(id))) keys.push({ key, packed: true });
  return keys;
}

/**
 * The catalogue's id of an object, unique within a catalogue: the number of a numbered asteroid ("8467"), else
 * the designation ("2010 JO69", "10P", "C/2020 V2"). Null when the identity has neither.
 */
export function catalogueId(id: SsoIdentity): string | null {
  if (id.kind === 'asteroid' && id.number !== null) return String(id.number);
  return id.designation;
}
