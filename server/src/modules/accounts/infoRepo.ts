// Reads of the user info page (/system/usershow): accounts of the viewer's subtree (itself included,
// deleted ones left out), their lines and their logins. Every read goes through the tenant scope.
import type { Knex } from 'knex';
import { scoped, type Actor } from '../../db/scope';
import { LINES_MAX, LOGINS_MAX } from '../../../../domain/accountInfo';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;

/** The viewer's live accounts (itself and below), keyset-paged by id, optionally searched. */
export function choicesOf(db: Knex, viewer: Actor, opts: { afterId?: number; limit: number; q?: string }) {
  return scoped(db('accounts as a'), db, viewer, 'a.id')
    .whereNull('a.deleted_at')
    .modify((q) => {
      if (opts.afterId) q.where('a.id', '>', opts.afterId);
      if (opts.q)
        q.where((w) => w.whereILike('a.account', `%${opts.q}%`).orWhereILike('a.real_name', `%${opts.q}%`));
    })
    .orderBy('a.id')
    .limit(opts.limit)
    .select('a.id', 'a.account', 'a.real_name', 'a.level');
}

/** One live account of the viewer's subtree (itself included) with its role and superior, or undefined. */
export const findInSubtree = (db: Knex, viewer: Actor, id: number): Promise<Row | undefined> =>
  scoped(db('accounts as a'), db, viewer, 'a.id')
    .leftJoin('roles as r', 'r.id', 'a.role_id')
    .leftJoin('accounts as p', 'p.id', 'a.parent_id')
    .whereNull('a.deleted_at')
    .where('a.id', id)
    .first(
      'a.id',
      'a.path',
      'a.account',
      'a.real_name',
      'a.level',
      'r.name as role_name',
      'a.position',
      'a.phone',
      'a.email',
      'p.account as parent_account',
      'a.created_at',
      'a.disabled',
      'a.expires_at',
      'a.ai_seats',
      'a.total_authorization',
      'a.dial_interval_seconds',
      'a.daily_connect_limit',
      'a.daily_minutes_limit',
      'a.balance_fen',
    );

/** Lines the account owns or was assigned by a superior (the first LINES_MAX by id), and their count. */
export async function linesOf(db: Knex, id: number) {
  const own = db('sip_lines as l')
    .where('l.account_id', id)
    .orWhereIn('l.id', db('sip_line_assignments').where('account_id', id).select('line_id'));
  const [rows, n] = await Promise.all([
    own.clone().orderBy('l.id').limit(LINES_MAX).select('l.id', 'l.name', 'l.enabled') as Promise<Row[]>,
    own.clone().countDistinct({ n: 'l.id' }).first() as Promise<Row>,
  ]);
  return {
    lines: rows.map((r) => ({ id: Number(r.id), name: String(r.name), enabled: !!r.enabled })),
    lineCount: Number(n?.n ?? 0),
  };
}

/** The account's latest logins (its sessions, newest first) and how many it has had. */
export async function loginsOf(db: Knex, id: number) {
  const [rows, n] = await Promise.all([
    db('sessions')
      .where({ account_id: id })
      .orderBy('created_at', 'desc')
      .limit(LOGINS_MAX)
      .select(
        'created_at',
        'last_seen_at',
        'expires_at',
        'revoked_at',
        'revoke_reason',
        'ip',
        'user_agent',
      ) as Promise<Row[]>,
    db('sessions').where({ account_id: id }).count({ n: '*' }).first() as Promise<Row>,
  ]);
  const now = Date.now();
  return {
    logins: rows.map((r) => ({
      at: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      ip: r.ip ?? null,
      userAgent: r.user_agent ?? null,
      active: !r.revoked_at && new Date(r.expires_at).getTime() > now,
      endReason:
        r.revoke_reason ?? (r.revoked_at || new Date(r.expires_at).getTime() <= now ? 'expired' : null),
    })),
    loginCount: Number(n?.n ?? 0),
  };
}
