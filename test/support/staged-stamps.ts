/** Checks of what a staging file holds for an alert. */
import { expect } from 'vitest';
import type { Alert } from '../../data/index.js';

/**
 * Expects the staged row's stamp lengths (columns stamp_offset, stamp_*_len of a staging `alerts` table)
 * to be the alert's, and the alert's science, template and difference stamps one
 * after the other at the row's offset in `stamps` (the staging stamps file's bytes).
 */
export function expectStagedStamps(
  stamps: Buffer,
  row: Readonly<Record<string, unknown>>,
  alert: Alert,
): void {
  let at = Number(row.stamp_offset);
  for (const [bytes, length] of [
    [alert.cutouts.science, row.stamp_science_len],
    [alert.cutouts.template, row.stamp_template_len],
    [alert.cutouts.difference, row.stamp_difference_len],
  ] as const) {
    expect(length).toBe(bytes?.length ?? null);
    if (!bytes) continue;
    expect(Buffer.compare(stamps.subarray(at, at + bytes.length), bytes)).toBe(0);
    at += bytes.length;
  }
}
