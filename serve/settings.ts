/**
 * Settings of the server that the operator chooses (docs/api.md, "Settings"). The entry point reads them (from
 * the environment) and passes them down; nothing below it reads `process.env` for these.
 */
import type { WriteToken } from './write-tokens.js';

/** Environment variable: Sesame URL template of `/api/v1/resolver` with `resolver=simbad` (`{name}` replaced). */
export const SIMBAD_URL_ENV = 'SKYALERT_SIMBAD_URL';
/** Environment variable: write tokens, comma-separated (`identity:secret` or a bare secret). */
export const WRITE_TOKENS_ENV = 'SKYALERT_WRITE_TOKENS';
/** Environment variable: a file of write tokens, one per line. */
export const WRITE_TOKENS_FILE_ENV = 'SKYALERT_WRITE_TOKENS_FILE';

/** Environment variable: time budget of one cross-match or sky-map request, in seconds (docs/api.md, "Limits"). */
export const REQUEST_BUDGET_ENV = 'SKYALERT_REQUEST_BUDGET_S';

export interface ServeSettings {
  /**
   * URL template of a Sesame service (CDS name resolver, XML output) with `{name}` where the URL-encoded name goes,
   * e.g. `https://cds.unistra.fr/cgi-bin/nph-sesame/-oxp/~S?{name}`; null: names are not sent anywhere.
   */
  readonly simbadUrl: string | null;
  /** Tokens that may write (`/api/v1/metadata` POST); empty: no writes. */
  readonly writeTokens: readonly WriteToken[];
  /** Time budget of one heavy request (xmatch, skymap) on its thread, in ms; absent: the default (30 s). */
  readonly heavyBudgetMs?: number;
}

/** No upstream resolver, no writes. */
export const DEFAULT_SETTINGS: ServeSettings = { simbadUrl: null, writeTokens: [] };
