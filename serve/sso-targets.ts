/**
 * What `/api/v1/sso` looks for: each `n_or_d` item resolved to an object — through the store's orbit catalogue
 * when it knows the name (identity, every ZTF `ssnamenr` spelling, orbit), else, when alerts carry the text
 * itself as `ssnamenr` (an object missing from the loaded catalogue, e.g. a recent temporary designation), an
 * object without orbit named by those spellings. Anything else is unknown (the endpoint answers 400).
 * Reference: docs/references.md#sso-name-resolution (resolution, spellings); docs/sso.md (orbits and names).
 */
import { queryKeys, type SsoIdentity, ztfSsnamenrSpellings } from '../compute/sso/catalogue/index.js';
import type { Orbit } from '../compute/sso/index.js';
import { currentOrbitCatalogue } from '../data/index.js';
import { findSsoAlerts, resolveSso } from '../data/queries/index.js';
import { ssoAlertsOf } from './sso-alerts.js';
import type { StoreReader } from './store-reader.js';

/** An object to answer for. */
export interface SsoTarget {
  /** How the object is named in notes: its catalogue id, else the text asked. */
  readonly label: string;
  readonly kind: 'asteroid' | 'comet';
  /** `sso_name` of its rows: the IAU name, else the designation; null when unknown. */
  readonly name: string | null;
  /** `sso_number` of its rows; null when unnumbered. */
  readonly number: number | null;
  /** The ZTF `ssnamenr` values its alerts are stored under. */
  readonly ssnamenrs: readonly string[];
  /** Null when the catalogue has no orbit for it (no ephemerides then). */
  readonly orbit: Orbit | null;
}

/** Comets are named "10P", "C/2020 V2", "P/2019 LD2", "73P-B", ... (docs/references.md#comets). */
const COMET = /^(\d+[PD](-[A-Z]+)?|[CPDXIA]\/.+)$/;

/** The identity a text suggests when no catalogue knows it. */
function guessIdentity(text: string): SsoIdentity {
  const plain = text.replace(/\s+/g, '');
  if (/^\d+$/.test(plain)) return { kind: 'asteroid', number: Number(plain), name: null, designation: null };
  if (COMET.test(plain)) return { kind: 'comet', number: null, name: null, designation: plain };
  if (/^\d{4}[A-Za-z]{2}\d*$/.test(plain))
    return { kind: 'asteroid', number: null, name: null, designation: plain.toUpperCase() };
  return { kind: 'asteroid', number: null, name: plain, designation: null };
}

/**
 * Resolves one `n_or_d` item.
 * @returns the target; null when neither the catalogue nor any alert knows it.
 */
export async function resolveSsoTarget(reader: StoreReader, input: string): Promise<SsoTarget | null> {
  if (queryKeys(input) === null) return null;
  const files = currentOrbitCatalogue(reader.layout);
  const found = files ? resolveSso(files, input) : null;
  if (found) {
    return {
      label: found.id,
      kind: found.kind,
      name: found.name ?? found.designation,
      number: found.number,
      ssnamenrs: found.ztfSsnamenr,
      orbit: found.orbit,
    };
  }
  const guess = guessIdentity(input);
  const spellings = ztfSsnamenrSpellings(guess);
  const catalog = reader.current();
  const seen = await findSsoAlerts(catalog, spellings, 1, ssoAlertsOf(reader, catalog));
  if (seen.length === 0) return null;
  return {
    label: input.trim(),
    kind: guess.kind,
    name: guess.name ?? guess.designation,
    number: guess.number,
    ssnamenrs: spellings,
    orbit: null,
  };
}
