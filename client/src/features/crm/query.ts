// Query strings of the list endpoints, built from the slices' filters (empty filters are left out).
import type { RequestOptions } from '../../api';
import type { CustomerFilters } from './slice/customers';
import type { SeaFilters } from './slice/sea';

type Query = NonNullable<RequestOptions['query']>;

export function customerQuery(f: CustomerFilters, limit: number, after?: string | null): Query {
  const q: Query = { sort: f.sort, limit };
  if (f.name.trim()) q.name = f.name.trim();
  if (f.phone.trim()) q.phone = f.phone.trim();
  if (f.stage !== null) q.stage = f.stage;
  if (f.focus !== null) q.focus = f.focus;
  if (f.tagId !== null) q.tagId = f.tagId;
  if (after) q.after = after;
  return q;
}

export function seaQuery(f: SeaFilters, limit: number, before?: number | null): Query {
  const q: Query = { limit };
  if (f.name.trim()) q.name = f.name.trim();
  if (f.phone.trim()) q.phone = f.phone.trim();
  if (f.stage !== null) q.stage = f.stage;
  if (before) q.before = before;
  return q;
}

/** The list's filter as an export's selection: the same fields, without paging or sort. */
export function exportFilter(f: CustomerFilters): Query {
  const { sort: _sort, limit: _limit, ...q } = customerQuery(f, 0);
  return q;
}
