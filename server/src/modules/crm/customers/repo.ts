// Customer rows of "my customers": not in the sea, held by an account in the caller's subtree. Every
// query goes through the tenant scope (db/scope.ts); another tree's id simply matches nothing.
import type { Knex } from 'knex';
import { likeContains } from '../../../../../domain/like';
import { scoped, type Actor } from '../../../db/scope';
import { decodeCursor, encodeCursor } from './cursor';
import type { CustomerFilter, Sort } from './schema';
import type { CustomerRow } from './presenters';

export const customerColumns = [
  'c.id',
  'c.account_id',
  'c.name',
  'c.phone',
  'c.contact',
  'c.sex',
  'c.company',
  'c.address',
  'c.remark1',
  'c.remark2',
  'c.remark3',
  'c.remark4',
  'c.remark5',
  'c.source',
  'c.stage',
  'c.focus',
  'c.read',
  'c.score',
  'c.grade',
  'c.intention_label',
  'c.in_sea',
  'c.imported_at',
  'c.last_follow_up_at',
  'c.created_at',
  'c.call_count',
  'c.last_called_at',
  'c.last_result',
  'c.llm_grade',
];

/** My customers of the actor's subtree, as `customers as c`. */
export const mine = (db: Knex, actor: Actor) =>
  scoped(db('customers as c'), db, actor, 'c.account_id').where('c.in_sea', false);

/** Applies the list filters (also used to select customers for allocation). */
export function applyFilter(q: Knex.QueryBuilder, f: CustomerFilter, phoneHashOf: (d: string) => string) {
  if (f.name) q.whereILike('c.name', likeContains(f.name));
  // A full number matches hidden numbers too (by hash); a prefix only ever matches clear ones.
  if (f.phone?.length === 11) q.where('c.phone_hash', phoneHashOf(f.phone));
  else if (f.phone) q.whereNull('c.phone_cipher').where('c.phone', 'like', `${f.phone}%`);
  for (const [key, col] of [
    ['stage', 'c.stage'],
    ['grade', 'c.grade'],
    ['sex', 'c.sex'],
    ['focus', 'c.focus'],
    ['read', 'c.read'],
    ['source', 'c.source'],
    ['ownerId', 'c.account_id'],
  ] as const)
    if (f[key] !== undefined) q.where(col, f[key]);
  if (f.tagId)
    q.whereExists((s) =>
      s
        .select(1)
        .from('customer_tags as ct')
        .whereRaw('ct.customer_id = c.id')
        .whereIn('ct.tag_id', f.tagId!),
    );
  if (f.importedFrom) q.where('c.imported_at', '>=', f.importedFrom);
  if (f.importedTo) q.where('c.imported_at', '<=', f.importedTo);
  if (f.createdFrom) q.where('c.created_at', '>=', f.createdFrom);
  if (f.createdTo) q.where('c.created_at', '<=', f.createdTo);
  // "Not followed up since": never followed up counts too.
  // The call results (dialer/customerResult.ts): called at all, and when last.
  if (f.called !== undefined)
    q.where((w) => (f.called ? w.whereNotNull('c.last_called_at') : w.whereNull('c.last_called_at')));
  if (f.lastCalledFrom) q.where('c.last_called_at', '>=', f.lastCalledFrom);
  if (f.lastCalledTo) q.where('c.last_called_at', '<=', f.lastCalledTo);
  if (f.lastFollowUpBefore)
    q.where((w) =>
      w.where('c.last_follow_up_at', '<', f.lastFollowUpBefore!).orWhereNull('c.last_follow_up_at'),
    );
  return q;
}

const sortColumn: Record<Sort, string | null> = {
  id: null,
  importedAt: 'c.imported_at',
  createdAt: 'c.created_at',
  score: 'c.score',
  lastCalledAt: 'c.last_called_at',
};

/** Rows after the cursor in (sort key desc, id desc) order. PostgreSQL sorts NULLs first in DESC
 * order (as the customers_owner_imported and _last_called indexes do), so rows without the
 * timestamp (never imported, never called) come first. */
function applyKeyset(q: Knex.QueryBuilder, sort: Sort, after: string | undefined) {
  const col = sortColumn[sort];
  if (after) {
    const c = decodeCursor(after, sort);
    const cast = sort === 'score' ? '?::int' : '?::timestamptz';
    if (!col) q.where('c.id', '<', c.id);
    else if (c.key === null) q.where((w) => w.whereNull(col).where('c.id', '<', c.id).orWhereNotNull(col));
    else
      q.where((w) =>
        w
          .whereRaw(`${col} < ${cast}`, [c.key])
          .orWhere((x) => x.whereRaw(`${col} = ${cast}`, [c.key]).where('c.id', '<', c.id)),
      );
  }
  if (col) q.orderByRaw(`${col} DESC`);
  return q.orderBy('c.id', 'desc');
}

export async function listPage(
  db: Knex,
  actor: Actor,
  opts: CustomerFilter & { sort: Sort; after?: string; limit: number },
  phoneHashOf: (d: string) => string,
) {
  const col = sortColumn[opts.sort];
  const rows: (CustomerRow & { sort_key: string | number | null })[] = await applyKeyset(
    applyFilter(mine(db, actor), opts, phoneHashOf),
    opts.sort,
    opts.after,
  )
    .limit(opts.limit + 1)
    .select([
      ...customerColumns,
      db.raw('c.phone_cipher is not null as phone_hidden'),
      // The exact sort key for the cursor: timestamps as PostgreSQL text (microseconds kept).
      db.raw(col ? `${col}${opts.sort === 'score' ? '' : '::text'} as sort_key` : 'null as sort_key'),
    ]);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  const last = page[page.length - 1];
  const next =
    more && last ? encodeCursor({ sort: opts.sort, key: last.sort_key, id: Number(last.id) }) : null;
  return { rows: page, next };
}

export const findMine = (db: Knex, actor: Actor, id: number) =>
  mine(db, actor)
    .where('c.id', id)
    .first([...customerColumns, db.raw('c.phone_cipher is not null as phone_hidden')]);

/** Tag ids of each customer. */
export async function tagIdsOf(db: Knex, customerIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!customerIds.length) return map;
  const rows: { customer_id: string; tag_id: string }[] = await db('customer_tags')
    .whereIn('customer_id', customerIds)
    .orderBy('tag_id');
  for (const r of rows) {
    const list = map.get(Number(r.customer_id)) ?? [];
    list.push(Number(r.tag_id));
    map.set(Number(r.customer_id), list);
  }
  return map;
}

/** Whether `accountId` is the actor or an account below it. */
export const inSubtree = async (db: Knex, actor: Actor, accountId: number): Promise<boolean> =>
  !!(await scoped(db('accounts'), db, actor, 'id').where('id', accountId).first('id'));

/** Replaces (tagIds given) or leaves the customer's tags; rows only ever for in-scope customers. */
export async function setTags(trx: Knex, customerId: number, tagIds: number[]) {
  await trx('customer_tags').where('customer_id', customerId).delete();
  if (tagIds.length)
    await trx('customer_tags').insert(tagIds.map((tag_id) => ({ customer_id: customerId, tag_id })));
}

export async function addTags(trx: Knex, customerIds: number[], tagIds: number[]): Promise<number> {
  if (!customerIds.length || !tagIds.length) return 0;
  const r = await trx.raw(
    `INSERT INTO customer_tags (customer_id, tag_id)
     SELECT c, t FROM unnest(?::bigint[]) c CROSS JOIN unnest(?::bigint[]) t
     ON CONFLICT DO NOTHING`,
    [customerIds, tagIds],
  );
  return r.rowCount ?? 0;
}

export const removeTags = (trx: Knex, customerIds: number[], tagIds: number[]): Promise<number> =>
  customerIds.length && tagIds.length
    ? trx('customer_tags')
        .whereRaw('customer_id = any(?::bigint[])', [customerIds])
        .whereIn('tag_id', tagIds)
        .delete()
    : Promise.resolve(0);

/** Deletes those of `ids` that are my customers of the actor's subtree; returns how many. */
export const deleteMine = (db: Knex, actor: Actor, ids: number[]): Promise<number> =>
  scoped(db('customers'), db, actor).where('in_sea', false).whereIn('id', ids).delete();
