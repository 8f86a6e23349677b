// Reads of the user info page (/system/usershow): accounts of the viewer's subtree (itself included,
// deleted ones left out), their lines and their logins. Every read goes through the tenant scope.
import type { Knex } from 'knex';
import { scoped, type Actor } from '../../db/scope';
import { LINES_MAX, LOGINS_MAX } from '../../../../domain/accountInfo';

/** An account offered to pick (a type, not an interface: the route reads it as a plain record). */
type ChoiceRow = { id: string; account: string; real_name: string; level: 0 | 1 | 2 };

/** An account of the info page, with its role's and its superior's names. */
export interface InfoAccountRow {
  id: string;
  path: string;
  account: string;
  real_name: string;
  level: 0 | 1 | 2;
  role_name: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  parent_account: string | null;
  created_at: Date;
  disabled: boolean;
  expires_at: Date;
  ai_seats: number;
  total_authorization: number;
  dial_interval_seconds: number;
  daily_connect_limit: number;
  daily_minutes_limit: number;
  balance_fen: string;
}

interface LoginRow {
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

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
    .select<ChoiceRow[]>('a.id', 'a.account', 'a.real_name', 'a.level');
}

/** One live account of the viewer's subtree (itself included) with its role and superior, or undefined. */
export const findInSubtree = (db: Knex, viewer: Actor, id: number): Promise<InfoAccountRow | undefined> =>
  scoped(db('accounts as a'), db, viewer, 'a.id')
    .leftJoin('roles as r', 'r.id', 'a.role_id')
    .leftJoin('accounts as p', 'p.id', 'a.parent_id')
    .whereNull('a.deleted_at')
    .where('a.id', id)
    .first<InfoAccountRow | undefined>(
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
    own
      .clone()
      .orderBy('l.id')
      .limit(LINES_MAX)
      .select<{ id: string; name: string; enabled: boolean }[]>('l.id', 'l.name', 'l.enabled'),
    own.clone().countDistinct({ n: 'l.id' }).first<{ n: string } | undefined>(),
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
      .select<LoginRow[]>(
        'created_at',
        'last_seen_at',
        'expires_at',
        'revoked_at',
        'revoke_reason',
        'ip',
        'user_agent',
      ),
    db('sessions').where({ account_id: id }).count({ n: '*' }).first<{ n: string } | undefined>(),
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
