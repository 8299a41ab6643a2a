/**
 * A data table: column headers, rows, an optional caption for screen readers. On a phone the
 * table scrolls sideways inside its card rather than squeezing columns.
 */
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ComponentChildren;
  align?: 'left' | 'right';
  /** Hidden under the phone breakpoint (secondary details). */
  hideOnPhone?: boolean;
}

export function Table<T>({ columns, rows, rowKey, caption }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; caption: string }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div class="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table class="table">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" class={`${c.align === 'right' ? 'num' : ''}${c.hideOnPhone ? ' hide-phone' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} class={`${c.align === 'right' ? 'num' : ''}${c.hideOnPhone ? ' hide-phone' : ''}`}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
