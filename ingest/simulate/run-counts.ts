/** The counts every simulator run checks before it starts. */

/**
 * Throws RangeError unless nights and alertsPerNight are positive integers and the seed an integer.
 */
export function checkRunCounts(options: {
  readonly nights: number;
  readonly alertsPerNight: number;
  readonly seed: number;
}): void {
  for (const [name, v] of [
    ['nights', options.nights],
    ['alertsPerNight', options.alertsPerNight],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer, got ${v}`);
  }
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
}
