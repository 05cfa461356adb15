/**
 * The tabs of a page (object pages): one button per tab, the chosen one `aria-selected`, and the chosen tab's panel
 * (the children) labelled with its name.
 */
import type { ComponentChildren } from 'preact';

/** Props of {@link TabBar}: the tabs in order, their labels, the chosen one, and what choosing one does. */
export interface TabBarProps<T extends string> {
  readonly tabs: readonly T[];
  readonly labels: Readonly<Record<T, string>>;
  readonly current: T;
  readonly onChoose: (tab: T) => void;
  /** The chosen tab's content. */
  readonly children?: ComponentChildren;
}

/** A `role="tablist"` row of tab buttons above the `role="tabpanel"` of the chosen tab. */
export function TabBar<T extends string>({ tabs, labels, current, onChoose, children }: TabBarProps<T>) {
  return (
    <>
      <div class="tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            class="tab"
            aria-selected={current === t}
            onClick={() => onChoose(t)}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={labels[current]}>
        {children}
      </div>
    </>
  );
}
