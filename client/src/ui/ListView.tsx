// What a list area shows: a spinner on first load, an empty state without rows, else the table.
import { NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function ListView(p: {
  /** Still loading the first page: nothing to show yet. */
  waiting: boolean;
  empty: boolean;
  emptyIcon: IconName;
  emptyText: string;
  emptyTestId: string;
  children: ReactNode;
}) {
  if (p.waiting) return <Spinner />;
  if (p.empty)
    return <NonIdealState icon={p.emptyIcon} description={p.emptyText} data-testid={p.emptyTestId} />;
  return <>{p.children}</>;
}
