// Account rows. Reads of other accounts go through the tenant scope (db/scope.ts).
import type { Knex } from 'knex';
import { Code } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { below, type Actor } from '../../db/scope';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../lib/pgErrors';

/** The account a login names, by account name (any case) or e-mail; `ident` is lower case. */
export const findByLogin = (db: Knex, ident: string) =>
  db('accounts')
    .whereRaw('lower(account) = ?', [ident])
    .orWhereRaw('lower(email) = ?', [ident])
    .orderBy('id')
    .first();

/** Self-registered accounts go under the first super administrator, with its registration role. */
export async function findRegistrationParent(db: Knex): Promise<{ account: Actor; roleId: number | null }> {
  const root = await db('accounts').where({ level: 0 }).whereNull('parent_id').orderBy('id').first();
  if (!root) throw new Error('no super administrator: run the seeds');
  const role = await db('roles').where({ owner_id: root.id, registration_default: true }).first('id');
  return {
    account: { id: Number(root.id), level: 0, path: root.path },
    roleId: role ? Number(role.id) : null,
  };
}

export interface NewAccount {
  account: string;
  passwordHash: string;
  email: string | null;
  realName: string;
  phone: string | null;
  level: 1 | 2;
  roleId: number | null;
  expiresAt: Date;
  position?: string | null;
  remark?: string | null;
  aiSeats?: number;
  totalAuthorization?: number;
  dialIntervalSeconds?: number;
  dailyConnectLimit?: number;
  dailyMinutesLimit?: number;
  /** A self-registered account: its own tenant, usable once its e-mail is verified. */
  selfRegistered?: boolean;
}

/**
 * Account names and e-mails are unique on the platform (case-insensitively). A clash inside the
 * actor's own subtree is named; one elsewhere gets a generic "not available", so nobody learns
 * which names or e-mails another tenant uses (no existence oracle).
 */
export async function assertFree(
  db: Knex,
  actor: Actor,
  account: string | null,
  email: string | null,
  exceptId?: number,
) {
  if (!account && !email) return;
  const taken: { account: string; path: string }[] = await db('accounts')
    .where((q) => {
      if (account) q.whereRaw('lower(account) = lower(?)', [account]);
      if (email) q.orWhereRaw('lower(email) = lower(?)', [email]);
    })
    .modify((q) => exceptId && q.whereNot('id', exceptId))
    .select('account', 'path');
  const byName = taken.find((t) => account && t.account.toLowerCase() === account.toLowerCase());
  const hit = byName ?? taken[0];
  if (!hit) return;
  const mine = hit.path.startsWith(actor.path);
  if (byName) throw new AppError(Code.AccountTaken, 409, mine ? 'accountTaken' : 'accountUnavailable');
  throw new AppError(Code.EmailTaken, 409, mine ? 'emailTaken' : 'emailUnavailable');
}

/** Inserts a direct subordinate of `parent`; its path is the parent's path plus its own id. */
export async function createAccount(
  deps: Deps,
  parent: Actor,
  a: NewAccount,
): Promise<{ id: number; account: string }> {
  try {
    return await deps.db.transaction(async (trx) => {
      await assertFree(trx, parent, a.account, a.email);
      const [row] = await trx('accounts')
        .insert({
          parent_id: parent.id,
          level: a.level,
          account: a.account,
          email: a.email,
          real_name: a.realName,
          phone: a.phone,
          position: a.position ?? null,
          remark: a.remark ?? null,
          role_id: a.roleId,
          password_hash: a.passwordHash,
          ai_seats: a.aiSeats ?? 0,
          total_authorization: a.totalAuthorization ?? 0,
          dial_interval_seconds: a.dialIntervalSeconds ?? 0,
          daily_connect_limit: a.dailyConnectLimit ?? 0,
          daily_minutes_limit: a.dailyMinutesLimit ?? 0,
          expires_at: a.expiresAt,
          self_registered: a.selfRegistered ?? false,
        })
        .returning('id');
      const id = Number(row.id);
      await trx('accounts')
        .where({ id })
        .update({ path: `${parent.path}${id}/` });
      return { id, account: a.account };
    });
  } catch (e) {
    // Two concurrent submits of the same name: the unique index decides (and names nothing).
    if (isUniqueViolation(e)) {
      const email = String((e as { constraint?: string }).constraint ?? '').includes('email');
      throw new AppError(
        email ? Code.EmailTaken : Code.AccountTaken,
        409,
        email ? 'emailUnavailable' : 'accountUnavailable',
      );
    }
    throw e;
  }
}

export const listColumns = [
  'a.id',
  'a.parent_id',
  'a.account',
  'a.real_name',
  'a.email',
  'a.level',
  'a.role_id',
  'r.name as role_name',
  'a.phone',
  'a.position',
  'a.remark',
  'a.ai_seats',
  'a.total_authorization',
  'a.dial_interval_seconds',
  'a.daily_connect_limit',
  'a.daily_minutes_limit',
  'a.expires_at',
  'a.disabled',
  'a.balance_fen',
  'a.created_at',
];

/** Accounts strictly below the actor, keyset-paged by id (deleted ones left out). */
export function listBelow(
  db: Knex,
  actor: Actor,
  opts: { afterId?: number; limit: number; q?: string; parentId?: number },
) {
  return below(db('accounts as a').leftJoin('roles as r', 'r.id', 'a.role_id'), actor, 'a')
    .whereNull('a.deleted_at')
    .modify((q) => {
      if (opts.afterId) q.where('a.id', '>', opts.afterId);
      if (opts.parentId) q.where('a.parent_id', opts.parentId);
      if (opts.q)
        q.where((w) => w.whereILike('a.account', `%${opts.q}%`).orWhereILike('a.real_name', `%${opts.q}%`));
    })
    .orderBy('a.id')
    .limit(opts.limit)
    .select(listColumns);
}

/**
 * One account strictly below the actor, or undefined (another tenant's id, or a deleted account,
 * looks like a missing one).
 */
export const findBelow = (db: Knex, actor: Actor, id: number) =>
  below(db('accounts as a').leftJoin('roles as r', 'r.id', 'a.role_id'), actor, 'a')
    .whereNull('a.deleted_at')
    .where('a.id', id)
    .first([...listColumns, 'a.path']);
