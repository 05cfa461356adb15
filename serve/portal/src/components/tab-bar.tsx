/** The tab bar of a page with tabs (object pages): one button per tab, the chosen one `aria-selected`. */

/** Props of {@link TabBar}: the tabs in order, their labels, the chosen one, and what choosing one does. */
export interface TabBarProps<T extends string> {
  readonly tabs: readonly T[];
  readonly labels: Readonly<Record<T, string>>;
  readonly current: T;
  readonly onChoose: (tab: T) => void;
}

/** A `role="tablist"` row of tab buttons. */
export function TabBar<T extends string>({ tabs, labels, current, onChoose }: TabBarProps<T>) {
  return (
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
  );
}
