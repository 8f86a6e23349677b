// Sessions: the HttpOnly Auth cookie carries a secret that authenticates; the header token is a
// second secret bound to that session (useless alone, and it stops cross-site requests, which cannot
// set headers). Only sha256 digests of both are stored.
import type { Knex } from 'knex';
import type { Config } from '../../../../config';
import { Code } from '../../../../domain/api';
import { randomToken, sameHash, sha256 } from '../../lib/tokens';
import type { Actor } from '../../db/scope';
import { effectiveMenus } from '../roles/menus';

export interface AccountRow {
  id: number;
  parent_id: number | null;
  path: string;
  level: 0 | 1 | 2;
  account: string;
  email: string | null;
  real_name: string;
  head_img_url: string;
  role_id: number | null;
  expires_at: Date;
  disabled: boolean;
}

export interface AuthContext {
  sessionId: string;
  account: AccountRow;
  actor: Actor;
  menus: string[];
}

export type AuthResult = { ok: true; auth: AuthContext } | { ok: false; code: number };

const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Knex,
  config: Config,
  accountId: number,
  remember: boolean,
  meta: { ip?: string; userAgent?: string },
): Promise<{ cookie: string; header: string; maxAgeMs: number | null }> {
  const cookie = randomToken();
  const header = randomToken();
  const lifeMs = remember ? config.session.rememberDays * 86_400_000 : config.session.maxHours * 3_600_000;
  await db('sessions').insert({
    id: sha256(cookie),
    account_id: accountId,
    header_hash: sha256(header),
    remember,
    expires_at: new Date(Date.now() + lifeMs),
    ip: meta.ip?.slice(0, 64) ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { cookie, header, maxAgeMs: remember ? lifeMs : null };
}

export const accountIsExpired = (a: Pick<AccountRow, 'expires_at'>) => a.expires_at.getTime() <= Date.now();

export async function authenticate(
  db: Knex,
  config: Config,
  cookie: string | undefined,
  header: string | undefined,
): Promise<AuthResult> {
  if (!cookie || !header) return { ok: false, code: Code.NotLoggedIn };
  const id = sha256(cookie);
  const s = await db('sessions').where({ id }).first();
  if (!s) return { ok: false, code: Code.NotLoggedIn };
  if (!sameHash(s.header_hash, sha256(header))) return { ok: false, code: Code.NotLoggedIn };
  if (s.revoked_at)
    return { ok: false, code: s.revoke_reason === 'expired' ? Code.SessionExpired : Code.SessionRevoked };
  const now = Date.now();
  const idleLimit = s.last_seen_at.getTime() + config.session.idleMinutes * 60_000;
  if (now >= s.expires_at.getTime() || (!s.remember && now >= idleLimit)) {
    await revokeSessions(db, [id], 'expired');
    return { ok: false, code: Code.SessionExpired };
  }
  const account: AccountRow | undefined = await db('accounts').where({ id: s.account_id }).first();
  if (!account || account.disabled || accountIsExpired(account)) {
    await revokeAccountSessions(db, Number(s.account_id), account?.disabled ? 'disabled' : 'account-expired');
    return { ok: false, code: Code.SessionRevoked };
  }
  if (now - s.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db('sessions')
      .where({ id })
      .update({ last_seen_at: new Date(now) });
  }
  account.id = Number(account.id);
  const actor: Actor = { id: account.id, level: account.level, path: account.path };
  return { ok: true, auth: { sessionId: id, account, actor, menus: await effectiveMenus(db, actor) } };
}

/** Marks the sessions revoked; returns the ids actually revoked (for kicking their sockets). */
export async function revokeSessions(db: Knex, ids: string[], reason: string): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db('sessions')
    .whereIn('id', ids)
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoke_reason: reason }, ['id']);
  return rows.map((r: { id: string }) => r.id);
}

export async function revokeAccountSessions(db: Knex, accountId: number, reason: string): Promise<string[]> {
  const rows = await db('sessions')
    .where({ account_id: accountId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoke_reason: reason }, ['id']);
  return rows.map((r: { id: string }) => r.id);
}
