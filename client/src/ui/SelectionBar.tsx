// The bar over a selectable table: how many rows the bulk actions will act on — the selected rows, or
// (only when the user picks it explicitly) every row the filter matches — and the actions themselves.
import { Button, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkScope } from './bulkScope';

export function SelectionBar(p: {
  scope: BulkScope;
  /** Rows on the page (what "select all" ticks). */
  loaded: number;
  /** Rows the filter matches (null while unknown: the choice asks the server first). */
  filteredTotal?: number | null;
  /** Offers "all N filtered"; without it (bulk actions that take ids only) the choice is not shown. */
  onSelectAllFiltered?(): void;
  onClear(): void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const s = p.scope;
  return (
    <div
      className="cp-dt-selection"
      data-testid={p.testId}
      data-scope={s.kind}
      data-count={s.kind === 'none' ? 0 : s.count}
    >
      <span data-testid={`${p.testId}-text`}>
        {s.kind === 'none' && t(p.onSelectAllFiltered ? 'selection.none' : 'selection.noneRows')}
        {s.kind === 'rows' && t('selection.rows', { count: s.count })}
        {s.kind === 'filtered' && t('selection.filtered', { count: s.count })}
      </span>
      {s.kind !== 'filtered' && p.onSelectAllFiltered && (
        <Button
          size="small"
          variant="outlined"
          icon="filter"
          text={
            p.filteredTotal == null
              ? t('selection.chooseFilteredUnknown')
              : t('selection.chooseFiltered', { count: p.filteredTotal })
          }
          disabled={p.filteredTotal === 0}
          data-testid={`${p.testId}-all-filtered`}
          onClick={p.onSelectAllFiltered}
        />
      )}
      {s.kind !== 'none' && (
        <Button
          size="small"
          variant="minimal"
          intent={Intent.NONE}
          icon="cross"
          text={t('selection.clear')}
          data-testid={`${p.testId}-clear`}
          onClick={p.onClear}
        />
      )}
      <span className="cp-dt-grow" style={{ flex: 1 }} />
      {p.children}
    </div>
  );
}
