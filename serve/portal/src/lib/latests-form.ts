/**
 * The latest-alerts page's state: the class and the number of alerts, read from and written to the URL query
 * (`class`, `n`, `distinct`), and the class list of `/api/v1/classes` as option groups.
 * Reference: docs/references.md#api-latests (`latests` arguments), #api-classes (`classes` answer).
 */

/** Default and largest number of alerts the page asks for (the API allows more; a page table stays readable). */
export const DEFAULT_N = 10;
export const MAX_N = 1000;

/** The page's request: a class (empty until chosen), a count and the one-row-per-object switch. */
export interface LatestsRequest {
  readonly className: string;
  readonly n: number;
  readonly distinct: boolean;
}

/** The request of a URL query; a missing or invalid `n` is the default, clamped to [1, MAX_N]. */
export function latestsRequestOf(search: URLSearchParams): LatestsRequest {
  const n = Number(search.get('n'));
  return {
    className: (search.get('class') ?? '').trim(),
    n: Number.isInteger(n) && n > 0 ? Math.min(n, MAX_N) : DEFAULT_N,
    distinct: search.get('distinct') === 'true',
  };
}

/** The API arguments of a request (null before a class is chosen). */
export function latestsArgs(request: LatestsRequest): Record<string, string | number> | null {
  if (request.className === '') return null;
  return {
    class: request.className,
    n: request.n,
    ...(request.distinct ? { distinct: 'true' } : {}),
  };
}

/** Option groups of the class picker: group label and class names, `allclasses` first. */
export function classGroups(answer: unknown): { label: string; classes: string[] }[] {
  const names =
    typeof answer === 'object' && answer !== null && 'classnames' in answer
      ? (answer as { classnames: unknown }).classnames
      : answer;
  const groups: { label: string; classes: string[] }[] = [{ label: 'All', classes: ['allclasses'] }];
  if (typeof names !== 'object' || names === null) return groups;
  for (const [label, list] of Object.entries(names)) {
    if (Array.isArray(list))
      groups.push({ label: label.replace(/\s*\(see .*\)$/, ''), classes: list.map(String) });
  }
  return groups;
}
