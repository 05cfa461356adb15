/** The recent searches (kept in the browser), as links that replay them. */
import type { HistoryEntry } from '../../lib/history.js';

/** Recent searches, most recent first; a button clears them. */
export function HistoryList({ entries, onClear }: { entries: readonly HistoryEntry[]; onClear: () => void }) {
  if (entries.length === 0) return null;
  return (
    <details class="history panel">
      <summary>Recent searches ({entries.length})</summary>
      <ul>
        {entries.map((e) => (
          <li key={e.search}>
            <a href={e.search}>{e.text}</a>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClear}>
        Clear history
      </button>
    </details>
  );
}
