import type { KeyboardEvent, ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Hidden under the sm breakpoint so a phone shows the columns that matter without sideways scrolling. */
  hideOnPhone?: boolean;
  /** Stays in view at the right edge while a wide table scrolls sideways in its box (the row's actions). */
  stickyEnd?: boolean;
  /** Only on wide screens (2xl); below that the table shows its content elsewhere (e.g. under the row's name). */
  wideOnly?: boolean;
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Makes rows open something: clickable and reachable with the keyboard (Enter). */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  empty?: ReactNode;
  /** Narrower cell padding from lg up: a table of many columns fits a 1280 px screen beside the sidebar. */
  dense?: boolean;
}

const STICKY = 'sticky right-0 bg-white shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.25)]';

/** A real <table> with a caption for screen readers; rows optionally open a detail. */
export function Table<T>({ caption, columns, rows, rowKey, onRowClick, rowLabel, empty, dense }: Props<T>) {
  const pad = dense ? 'px-4 lg:px-2' : 'px-4';
  const shown = (c: Column<T>) => (c.wideOnly ? 'hidden 2xl:table-cell' : c.hideOnPhone ? 'hidden sm:table-cell' : '');
  if (rows.length === 0 && empty) return <div className="px-4 py-10 text-center text-sm text-slate-500">{empty}</div>;
  const onKey = (row: T) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick?.(row);
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`${pad} py-3 ${shown(c)} ${c.stickyEnd ? STICKY : ''} ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? onKey(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
              className={onRowClick ? 'cursor-pointer outline-none hover:bg-blue-50/60 focus-visible:bg-blue-50' : ''}
            >
              {columns.map((c) => (
                <td key={c.header} className={`${pad} py-3 align-middle ${shown(c)} ${c.stickyEnd ? STICKY : ''} ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
