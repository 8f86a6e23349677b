// What a batch action on call records acts on: the ticked rows, or every record the filter matches
// once the user chose "all filtered" explicitly; otherwise nothing (null).
import { toFilter } from './query';
import type { CallRecordsState } from './slice';

export function scopeOf(
  s: Pick<CallRecordsState, 'allFiltered' | 'selected' | 'filters'>,
): { ids: number[] } | { filter: ReturnType<typeof toFilter> } | null {
  if (s.allFiltered) return { filter: toFilter(s.filters) };
  if (s.selected.length) return { ids: s.selected };
  return null;
}
