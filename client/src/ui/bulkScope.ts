// What a bulk action acts on: nothing (its buttons are disabled), the selected rows, or — only after
// the user chose it explicitly — every row the filter matches.
export type BulkScope =
  { kind: 'none' } | { kind: 'rows'; count: number } | { kind: 'filtered'; count: number };

export function bulkScopeOf(selected: number, allFiltered: boolean, filteredTotal: number | null): BulkScope {
  if (allFiltered) return { kind: 'filtered', count: filteredTotal ?? 0 };
  if (selected > 0) return { kind: 'rows', count: selected };
  return { kind: 'none' };
}

/** Bulk buttons are enabled only for a non-empty scope. */
export const canAct = (s: BulkScope): boolean => s.kind !== 'none' && s.count > 0;
