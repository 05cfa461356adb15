/** The server's settings from the environment, read here at the entry point (serve/settings.ts). */
import fs from 'node:fs';
import {
  parseWriteTokens,
  REQUEST_BUDGET_ENV,
  type ServeSettings,
  SIMBAD_URL_ENV,
  WRITE_TOKENS_ENV,
  WRITE_TOKENS_FILE_ENV,
  type WriteToken,
} from '../../serve/index.js';
import { UsageError } from './usage-error.js';

/**
 * Reads SKYALERT_SIMBAD_URL, SKYALERT_WRITE_TOKENS and SKYALERT_WRITE_TOKENS_FILE (both token sources may be
 * given: their tokens add up), and SKYALERT_REQUEST_BUDGET_S.
 * @throws UsageError when a value is malformed or the token file cannot be read.
 */
export function readServeSettings(env: NodeJS.ProcessEnv): ServeSettings {
  const simbad = env[SIMBAD_URL_ENV]?.trim() || null;
  if (simbad !== null && (!/^https?:\/\/\S+$/.test(simbad) || !simbad.includes('{name}')))
    throw new UsageError(
      `${SIMBAD_URL_ENV} must be an http(s) URL with {name} where the name goes: ${simbad}`,
    );
  const tokens: WriteToken[] = [];
  try {
    const list = env[WRITE_TOKENS_ENV];
    if (list) tokens.push(...parseWriteTokens(list, WRITE_TOKENS_ENV));
    const file = env[WRITE_TOKENS_FILE_ENV];
    if (file) tokens.push(...parseWriteTokens(fs.readFileSync(file, 'utf8'), file));
  } catch (err) {
    throw new UsageError(`write tokens: ${(err as Error).message}`);
  }
  const budget = env[REQUEST_BUDGET_ENV]?.trim();
  const budgetS = budget ? Number(budget) : null;
  if (budgetS !== null && !(Number.isFinite(budgetS) && budgetS > 0 && budgetS <= 3600))
    throw new UsageError(`${REQUEST_BUDGET_ENV} must be a number of seconds from 0 to 3600: ${budget}`);
  return {
    simbadUrl: simbad,
    writeTokens: tokens,
    ...(budgetS === null ? {} : { heavyBudgetMs: budgetS * 1000 }),
  };
}
