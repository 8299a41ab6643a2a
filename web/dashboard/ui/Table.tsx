/**
 * A data table: column headers, rows, an optional caption for screen readers. On a phone each
 * row stacks into a block (table.css): the first column is its title and every other cell is a
 * line with the column's name as a label, so nothing is cut off at the card's edge.
 */
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ComponentChildren;
  align?: 'left' | 'right';
  /** Hidden under the phone breakpoint (secondary details). */
  hideOnPhone?: boolean;
  /** No label in the stacked phone layout: the cell speaks for itself (row actions). */
  unlabeled?: boolean;
}

function cellClass<T>(c: Column<T>, i: number): string {
  const classes = [
    c.align === 'right' && 'num',
    c.hideOnPhone && 'hide-phone',
    i === 0 && 'cell-title',
    c.unlabeled && 'cell-unlabeled',
  ];
  return classes.filter(Boolean).join(' ');
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption: string;
}) {
  return (
    // Focusable: a wide table scrolls sideways, and a keyboard must be able to scroll it.
    <div class="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table class="table table-stack">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c.key} scope="col" class={cellClass(c, i)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c, i) => (
                <td key={c.key} class={cellClass(c, i)} data-label={c.header}>
                  {/* One box for the value: the stacked layout puts it beside the label. */}
                  <div class="cell">{c.render(r)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
