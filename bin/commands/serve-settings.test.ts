/** The server's settings from the environment: the time budget of heavy requests (SKYALERT_REQUEST_BUDGET_S). */
import { describe, expect, it } from 'vitest';
import { readServeSettings } from './serve-settings.js';
import { UsageError } from './usage-error.js';

describe('readServeSettings: SKYALERT_REQUEST_BUDGET_S', () => {
  it('reads seconds as a budget in ms, and leaves the default when unset', () => {
    expect(readServeSettings({ SKYALERT_REQUEST_BUDGET_S: '2.5' }).heavyBudgetMs).toBe(2500);
    expect(readServeSettings({}).heavyBudgetMs).toBeUndefined();
  });

  it('refuses a budget that is not a number of seconds from 0 to 3600', () => {
    for (const bad of ['0', '-1', 'abc', '3601', 'Infinity'])
      expect(() => readServeSettings({ SKYALERT_REQUEST_BUDGET_S: bad }), bad).toThrow(UsageError);
  });
});
