/**
 * A sortable table of rows: click a column header to sort by it, again to reverse. With `paging`, the sorted rows
 * are shown one page at a time, with the range shown and previous / next buttons.
 */
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';

/** One column: a key for sorting, its header, how a row shows in it, and the value it sorts by. */
export interface Column<R> {
  readonly key: string;
  readonly label: string;
  readonly render: (row: R) => ComponentChildren;
  readonly sortValue?: (row: R) => number | string | null;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<R> {
  readonly rows: readonly R[];
  readonly columns: readonly Column<R>[];
  readonly label: string;
  readonly initialSort?: { readonly key: string; readonly descending?: boolean };
  readonly rowKey: (row: R, index: number) => string;
  /** Pages of the sorted rows: the page shown (from 1), its size, and what to do when another is chosen. */
  readonly paging?: {
    readonly page: number;
    readonly pageSize: number;
    readonly onPage: (page: number) => void;
  };
}

function compare(a: number | string | null, b: number | string | null): number {
  if (a === null || (typeof a === 'number' && Number.isNaN(a))) return b === null ? 0 : 1;
  if (b === null || (typeof b === 'number' && Number.isNaN(b))) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Sortable data table (nulls sort last in both directions). */
export function DataTable<R>({ rows, columns, label, initialSort, rowKey, paging }: DataTableProps<R>) {
  const [sort, setSort] = useState(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!column?.sortValue || !sort) return rows;
    const value = column.sortValue;
    const sign = sort.descending ? -1 : 1;
    return [...rows].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null || vb === null) return compare(va, vb);
      return sign * compare(va, vb);
    });
  }, [rows, columns, sort]);
  const pages = paging ? Math.max(1, Math.ceil(sorted.length / paging.pageSize)) : 1;
  const page = paging ? Math.min(Math.max(1, paging.page), pages) : 1;
  const first = paging ? (page - 1) * paging.pageSize : 0;
  const shown = paging ? sorted.slice(first, first + paging.pageSize) : sorted;
  return (
    <>
      {paging && pages > 1 ? (
        <Pager
          page={page}
          pages={pages}
          first={first}
          count={shown.length}
          total={sorted.length}
          onPage={paging.onPage}
        />
      ) : null}
      <div class="table-scroll">
        <table class="data" aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const ariaSort = active ? (sort?.descending ? 'descending' : 'ascending') : undefined;
                return (
                  <th key={c.key} aria-sort={ariaSort} scope="col">
                    {c.sortValue ? (
                      <button
                        type="button"
                        onClick={() =>
                          setSort({ key: c.key, descending: active ? !sort?.descending : false })
                        }
                      >
                        {c.label}
                        {active ? (sort?.descending ? ' ▼' : ' ▲') : ''}
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={rowKey(row, first + i)}>
                {columns.map((c) => (
                  <td key={c.key}>{c.render(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Page navigation: the range of rows shown, the page number, previous and next. */
function Pager({
  page,
  pages,
  first,
  count,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  first: number;
  count: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span aria-live="polite">
        Rows {(first + 1).toLocaleString('en-US')}–{(first + count).toLocaleString('en-US')} of{' '}
        {total.toLocaleString('en-US')} (page {page} of {pages})
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
