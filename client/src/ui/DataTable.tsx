// A compact striped table with one header row; the caller renders the body rows.
import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function DataTable(p: {
  className: string;
  testId: string;
  columns: ReactNode[];
  children: ReactNode;
}) {
  return (
    <HTMLTable compact striped className={p.className} data-testid={p.testId}>
      <thead>
        <tr>
          {p.columns.map((c, i) => (
            <th key={i}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>{p.children}</tbody>
    </HTMLTable>
  );
}
