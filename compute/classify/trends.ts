/**
 * The `trend` of `/api/v1/latests`: which of a class's latest alerts are kept. Fink applies it to the alerts the
 * class search returned (so that fewer than `n` may remain), and so do we.
 *
 * Reference: fink-object-api apps/routes/v1/ztf/latests/utils.py @ 17051ca (`extract_object_from_class`: the
 * trends, their definitions, low_state and new_low_state only for `(CTA) Blazar low state`); fink-filters
 * fink_filters/ztf/filter_blazar_low_state/filter.py (what a low state is).
 */

/** The trends Fink accepts. */
export const TRENDS = ['rising', 'fading', 'low_state', 'new_low_state'] as const;

/** One of {@link TRENDS}. */
export type Trend = (typeof TRENDS)[number];

/** Trends that only the class `(CTA) Blazar low state` accepts. */
export const BLAZAR_LOW_STATE_TRENDS: readonly Trend[] = ['low_state', 'new_low_state'];

/** The alert values a trend reads (null when the alert has none). */
export interface TrendValues {
  /** `d:mag_rate`, magnitude rate of change (mag/day; negative: brightening). */
  readonly magRateMagPerDay: number | null;
  /** `d:blazar_stats_m0` (fink_science < 8.42). */
  readonly blazarM0: number | null;
  /** `d:blazar_stats_instantness_low` (fink_science >= 8.42). */
  readonly blazarInstantnessLow: number | null;
}

/**
 * Whether an alert follows `trend`: rising, `d:mag_rate` < 0; fading, `d:mag_rate` > 0 (an alert without a rate
 * follows neither); low_state, every alert (the class itself is the low state); new_low_state,
 * `d:blazar_stats_m0` >= 1, or `d:blazar_stats_instantness_low` >= 1 for an alert without m0 (Fink tests the
 * first of the two columns present in its answer; we test per alert).
 */
export function followsTrend(trend: Trend, values: TrendValues): boolean {
  const rate = values.magRateMagPerDay;
  switch (trend) {
    case 'rising':
      return rate !== null && rate < 0;
    case 'fading':
      return rate !== null && rate > 0;
    case 'low_state':
      return true;
    case 'new_low_state': {
      const value = values.blazarM0 ?? values.blazarInstantnessLow;
      return value !== null && value >= 1;
    }
  }
}
