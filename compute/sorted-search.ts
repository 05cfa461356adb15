/** Binary searches over ascending arrays of numbers or bigints (plain or typed arrays). */

/** Index of the first value ≥ `value` (`sorted.length` when none). */
export function lowerBound<T extends number | bigint>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first value > `value` (`sorted.length` when none). */
export function upperBound<T extends number | bigint>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
