/**
 * The tabs of a page (object pages, the Solar System views): one button per tab, the chosen one `aria-selected`,
 * and the chosen tab's panel (the children) labelled by its tab. Operable from the keyboard as the WAI-ARIA tabs
 * pattern: the chosen tab is the one Tab stop, ←/→ choose the previous/next tab (wrapping), Home/End the
 * first/last, and focus follows the choice.
 * Reference: WAI-ARIA Authoring Practices 1.2, "Tabs" (automatic activation).
 */
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';

/** Props of {@link TabBar}: the tabs in order, their labels, the chosen one, and what choosing one does. */
export interface TabBarProps<T extends string> {
  readonly tabs: readonly T[];
  readonly labels: Readonly<Record<T, string>>;
  readonly current: T;
  readonly onChoose: (tab: T) => void;
  /** Accessible name of the tab list (e.g. "Solar System views"). */
  readonly label?: string;
  /** The chosen tab's content. */
  readonly children?: ComponentChildren;
}

/** The tab a key press moves to from `index` among `count` tabs; null for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A `role="tablist"` row of tab buttons above the `role="tabpanel"` of the chosen tab. */
export function TabBar<T extends string>({
  tabs,
  labels,
  current,
  onChoose,
  label,
  children,
}: TabBarProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (t: T): string => `${id}-tab-${t}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (event: KeyboardEvent): void => {
    const next = tabAfterKey(event.key, Math.max(0, tabs.indexOf(current)), tabs.length);
    if (next === null) return;
    event.preventDefault();
    onChoose(tabs[next]);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(tabs[next]))}`)?.focus();
  };
  return (
    <>
      <div class="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            class="tab"
            aria-selected={current === t}
            aria-controls={panelId}
            tabIndex={current === t ? 0 : -1}
            onClick={() => onChoose(t)}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current)}>
        {children}
      </div>
    </>
  );
}
