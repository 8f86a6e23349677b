import type { Knex } from 'knex';
import type { NoticeDto } from '../../../../domain/api';
import type { NoticeMessage } from '../../../../domain/notices';

/** A notices row as the driver returns it (bigint ids as text). */
export interface NoticeRow {
  id: number | string;
  account_id: number | string;
  type: number;
  title: string;
  content: string;
  read_at: Date | string | null;
  created_at: Date | string;
  title_key?: string | null;
  body_key?: string | null;
  params?: Record<string, string | number> | null;
}

export const presentNotice = (r: NoticeRow): NoticeDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  type: r.type,
  title: r.title,
  content: r.content,
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
  titleKey: r.title_key ?? null,
  bodyKey: r.body_key ?? null,
  params: r.params ?? null,
});

/**
 * A new notice. A person's notice has title and content (shown as typed); a notice the platform
 * makes has message keys and params (NoticeMessage) and, at most, a content a person typed (a
 * reminder's details) that is shown when there is no body key.
 */
export type NewNotice = { accountId: number; type: number } & (
  { title: string; content: string } | (NoticeMessage & { content?: string })
);

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

export async function insertNotice(db: Knex, n: NewNotice) {
  const keyed = 'titleKey' in n;
  const [row] = await db('notices')
    .insert({
      account_id: n.accountId,
      type: n.type,
      title: keyed ? '' : n.title,
      content: n.content ?? '',
      title_key: keyed ? n.titleKey : null,
      body_key: keyed ? (n.bodyKey ?? null) : null,
      // jsonb: stringified, as node-postgres would send a plain object as text anyway.
      params: keyed && n.params ? JSON.stringify(n.params) : null,
    })
    .returning('*');
  return presentNotice(row);
}

export const markRead = (db: Knex, accountId: number, id: number) =>
  db('notices').where({ id, account_id: accountId }).whereNull('read_at').update({ read_at: db.fn.now() });
