// The opaque keyset cursor of the customer list: base64url of [sort, last sort key, last id]. The key
// of a timestamp sort is PostgreSQL's own text of the value (microseconds kept), so the next page
// starts exactly after the last row even when many rows share a second.
import { isPgTimestampText } from '../../../../../domain/validators';
import { badRequest } from '../../../http/errors';
import type { Sort } from './schema';

export interface Cursor {
  sort: Sort;
  /** Sort value of the last row (null for a missing imported_at / last_called_at); unused for the id sort. */
  key: string | number | null;
  id: number;
}

export const encodeCursor = (c: Cursor): string =>
  Buffer.from(JSON.stringify([c.sort, c.key, c.id])).toString('base64url');

/** customers.score is an integer column: a larger key is no score. */
const INT4_MAX = 2_147_483_647;

/** Decodes a cursor made for `sort`; anything else is a 400 (never a silently wrong page). */
export function decodeCursor(raw: string, sort: Sort): Cursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  const bad = () => badRequest('badRequest', { errors: [{ path: 'after', message: 'validation.invalid' }] });
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== sort) throw bad();
  const [, key, id] = v as [unknown, unknown, unknown];
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw bad();
  const keyOk =
    sort === 'id'
      ? key === null
      : sort === 'score'
        ? typeof key === 'number' && Number.isInteger(key) && Math.abs(key) <= INT4_MAX
        : (key === null && (sort === 'importedAt' || sort === 'lastCalledAt')) ||
          (typeof key === 'string' && isPgTimestampText(key));
  if (!keyOk) throw bad();
  return { sort, key: key as Cursor['key'], id };
}
