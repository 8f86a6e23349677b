// Query strings of the list endpoints, built from the slices' filters (empty filters are left out).
import type { RequestOptions } from '../../api';
import type { CustomerFilters } from './slice/customers';
import type { SeaFilters } from './slice/sea';

type Query = NonNullable<RequestOptions['query']>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The start of a yyyy-MM-dd day in the browser's zone. */
const dayStart = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

export function customerQuery(f: CustomerFilters, limit: number, after?: string | null): Query {
  const q: Query = { sort: f.sort, limit };
  if (f.name.trim()) q.name = f.name.trim();
  if (f.phone.trim()) q.phone = f.phone.trim();
  if (f.stage !== null) q.stage = f.stage;
  if (f.focus !== null) q.focus = f.focus;
  if (f.tagId !== null) q.tagId = f.tagId;
  if (f.grade !== null) q.grade = f.grade;
  if (f.called !== null) q.called = f.called;
  // Local calendar days, sent as instants: from the day's start to its last millisecond.
  if (f.lastCalledFrom) q.lastCalledFrom = dayStart(f.lastCalledFrom).toISOString();
  if (f.lastCalledTo)
    q.lastCalledTo = new Date(dayStart(f.lastCalledTo).getTime() + DAY_MS - 1).toISOString();
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
