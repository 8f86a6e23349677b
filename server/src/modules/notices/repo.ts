import type { Knex } from 'knex';
import type { NoticeDto } from '../../../../domain/api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const presentNotice = (r: any): NoticeDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  type: r.type,
  title: r.title,
  content: r.content,
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A user's own notices, newest first, keyset-paged by id. */
export async function listOwn(db: Knex, accountId: number, limit: number, beforeId?: number) {
  const rows = await db('notices')
    .where({ account_id: accountId })
    .modify((q) => beforeId && q.where('id', '<', beforeId))
    .orderBy('id', 'desc')
    .limit(limit);
  const unread = await db('notices')
    .where({ account_id: accountId })
    .whereNull('read_at')
    .count({ n: '*' })
    .first();
  return { items: rows.map(presentNotice), unread: Number(unread?.n ?? 0) };
}

export async function insertNotice(
  db: Knex,
  n: { accountId: number; type: number; title: string; content: string },
) {
  const [row] = await db('notices')
    .insert({ account_id: n.accountId, type: n.type, title: n.title, content: n.content })
    .returning('*');
  return presentNotice(row);
}

export const markRead = (db: Knex, accountId: number, id: number) =>
  db('notices').where({ id, account_id: accountId }).whereNull('read_at').update({ read_at: db.fn.now() });
