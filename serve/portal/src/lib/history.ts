/**
 * Recent searches of the home page, kept in the browser (localStorage, last 10 as the reference): the pure list
 * operations, and reading/writing them (failures of storage, e.g. private mode, mean an empty history).
 */

/** How many searches are kept. */
export const HISTORY_SIZE = 10;
const STORAGE_KEY = 'skyalert-search-history';

/** One remembered search: its text and the URL query string that replays it. */
export interface HistoryEntry {
  readonly text: string;
  readonly search: string;
}

/**
 * Puts a search first, removing an earlier copy (same URL), keeping at most `size` entries.
 * @returns a new list; the input is not changed.
 */
export function addToHistory(
  list: readonly HistoryEntry[],
  entry: HistoryEntry,
  size = HISTORY_SIZE,
): HistoryEntry[] {
  return [entry, ...list.filter((e) => e.search !== entry.search)].slice(0, size);
}

/** Keeps the well-formed entries of a stored value (anything else is dropped). */
export function validHistory(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is HistoryEntry =>
        typeof e === 'object' && e !== null && typeof e.text === 'string' && typeof e.search === 'string',
    )
    .slice(0, HISTORY_SIZE);
}

/** The stored history (empty when storage is unavailable or holds something else). */
export function loadHistory(): HistoryEntry[] {
  try {
    return validHistory(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** Stores the history (silently skipped when storage is unavailable). */
export function saveHistory(list: readonly HistoryEntry[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // private mode or full storage: the history lasts for this page only
  }
}
