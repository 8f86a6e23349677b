// The shared table: a scroll box with a sticky header; optionally the first column (selection or name)
// and the last one (row actions) pinned to the sides, rows opened by a click (the caller's rows carry
// data-row-key), and a comfortable density. The caller renders the body rows.
import { HTMLTable } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import './dataTable.css';
import { rowKeyOfClick } from './rowClick';

export type Density = 'compact' | 'comfortable';

export function DataTable(p: {
  className: string;
  testId: string;
  columns: ReactNode[];
  children: ReactNode;
  /** Keep the first column on screen when scrolling sideways. */
  pinFirst?: boolean;
  /** Keep the last column (the row actions) on screen when scrolling sideways. */
  pinLast?: boolean;
  /** A click (or Enter) on a row outside its controls: the row's data-row-key. */
  onRowClick?(rowKey: string): void;
  density?: Density;
}) {
  const cls = [
    'cp-dt-scroll',
    p.pinFirst ? 'cp-dt-pin-first' : '',
    p.pinLast ? 'cp-dt-pin-last' : '',
    p.onRowClick ? 'cp-dt-clickable' : '',
    p.density === 'comfortable' ? 'cp-dt-comfortable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const click = (e: MouseEvent) => {
    const key = rowKeyOfClick(e.target);
    if (key !== null) p.onRowClick?.(key);
  };
  const key = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    const key = rowKeyOfClick(e.target);
    if (key !== null) p.onRowClick?.(key);
  };
  return (
    <div className={cls} data-testid={`${p.testId}-scroll`}>
      <HTMLTable
        compact
        striped={false}
        interactive={!!p.onRowClick}
        className={p.className}
        data-testid={p.testId}
      >
        <thead>
          <tr>
            {p.columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody onClick={p.onRowClick ? click : undefined} onKeyDown={p.onRowClick ? key : undefined}>
          {p.children}
        </tbody>
      </HTMLTable>
    </div>
  );
}
