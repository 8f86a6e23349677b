// Login, logout, password reset and password changes (registration: registration.ts).
import { Code } from '../../../../domain/api';
import { translate } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { enqueueMail } from '../../queues/mail';
import { findByLogin } from '../accounts/repo';
import { effectiveMenus } from '../roles/menus';
import { guard, type ClientMeta } from './guard';
import { forgotLimits, loginLimits, passwordCheckLimits, resetLimits } from './limits';
import {
  accountIsExpired,
  createSession,
  revokeAccountSessions,
  type AccountRow,
  type AuthContext,
} from './sessions';

export type { ClientMeta };

export async function login(
  deps: Deps,
  input: { account: string; password: string; remember: boolean; pledge: boolean },
  meta: ClientMeta,
) {
  if (!input.pledge) throw new AppError(Code.PledgeRequired, 400, 'pledgeRequired');
  const ident = input.account.trim().toLowerCase();
  const account: LoginRow | undefined = await findByLogin(deps.db, ident);
  // One budget per account, whether its name or its e-mail is typed.
  const limits = loginLimits(deps.config.rateLimit, account ? `id:${account.id}` : `u:${ident}`, meta.ip);
  await guard(deps, limits);
  const good = await deps.passwords.verify(account?.password_hash, input.password);
  if (!account || !good) {
    await deps.limiter.fail(limits);
    throw new AppError(Code.BadCredentials, 400, 'badCredentials');
  }
  // Status is told only to someone who knows the password.
  if (account.disabled) throw new AppError(Code.AccountDisabled, 403, 'accountDisabled');
  if (accountIsExpired(account)) throw new AppError(Code.AccountExpired, 403, 'accountExpired');
  if (account.self_registered && !account.email_verified_at)
    throw new AppError(Code.EmailNotVerified, 403, 'emailNotVerified');
  await deps.limiter.reset([limits[0]!.key]);
  const session = await createSession(deps.db, deps.config, account.id, input.remember, meta);
  const actor = { id: Number(account.id), level: account.level, path: account.path };
  return { account, session, menus: await effectiveMenus(deps.db, actor) };
}

type LoginRow = AccountRow & {
  password_hash: string;
  self_registered: boolean;
  email_verified_at: Date | null;
};

/** Same reply whether or not the e-mail is known; the mail itself goes through the queue. */
export async function forgot(deps: Deps, email: string, meta: ClientMeta): Promise<void> {
  const limits = forgotLimits(deps.config.rateLimit, email.toLowerCase(), meta.ip);
  await guard(deps, limits);
  await deps.limiter.fail(limits);
  const account = await deps.db('accounts').whereRaw('lower(email) = lower(?)', [email]).first();
  // A registrant that never verified its e-mail registers again instead (registration.ts).
  if (!account || account.disabled || (account.self_registered && !account.email_verified_at)) return;
  const token = randomToken();
  const minutes = deps.config.resetTokenMinutes;
  await deps.db('password_resets').insert({
    account_id: account.id,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + minutes * 60_000),
  });
  // Built from the configured public URL, never from the request's Host header.
  const link = `${deps.config.publicUrl}/forgot?token=${encodeURIComponent(token)}`;
  await enqueueMail(deps.queues.mail, {
    to: account.email,
    subject: translate(meta.lang, 'mail.resetSubject'),
    text: translate(meta.lang, 'mail.resetBody', {
      name: account.real_name || account.account,
      minutes,
      link,
    }),
  });
}

export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
  meta: ClientMeta,
): Promise<void> {
  const limits = resetLimits(deps.config.rateLimit, meta.ip);
  await guard(deps, limits);
  // Single use: the row is claimed atomically; a second use finds nothing. A link issued before
  // the account's last password change is dead: the change ends what the link was for.
  const [claimed] = await deps
    .db('password_resets')
    .where({ token_hash: sha256(token) })
    .whereNull('used_at')
    .where('expires_at', '>', deps.db.fn.now())
    .whereNotExists(
      deps
        .db('accounts as a')
        .whereRaw('a.id = password_resets.account_id')
        .whereRaw('a.password_changed_at >= password_resets.created_at'),
    )
    .update({ used_at: deps.db.fn.now() }, ['account_id']);
  if (!claimed) {
    await deps.limiter.fail(limits);
    throw new AppError(Code.ResetLinkInvalid, 400, 'resetLinkInvalid');
  }
  const accountId = Number(claimed.account_id);
  const hash = await deps.passwords.hash(password);
  const revoked = await deps.db.transaction(async (trx) => {
    await trx('accounts')
      .where({ id: accountId })
      .update({ password_hash: hash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    await trx('password_resets')
      .where({ account_id: accountId })
      .whereNull('used_at')
      .update({ used_at: trx.fn.now() });
    return revokeAccountSessions(trx, accountId, 'password-reset');
  });
  deps.live.kickSessions(revoked, Code.SessionRevoked);
}

/** Checks a password of the caller (login or export) under the password-check rate limits. */
export async function checkPassword(
  deps: Deps,
  auth: AuthContext,
  kind: 'login' | 'export',
  plain: string,
  meta: ClientMeta,
): Promise<void> {
  const limits = passwordCheckLimits(deps.config.rateLimit, auth.account.id, meta.ip);
  await guard(deps, limits);
  const row = await deps
    .db('accounts')
    .where({ id: auth.account.id })
    .first('password_hash', 'export_password_hash');
  // Until an export password is set, the login password stands in for it.
  const hash = kind === 'export' ? (row.export_password_hash ?? row.password_hash) : row.password_hash;
  if (!(await deps.passwords.verify(hash, plain))) {
    await deps.limiter.fail(limits);
    throw new AppError(Code.WrongPassword, 400, 'wrongPassword');
  }
}

export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  input: { kind: 'login' | 'export'; oldPassword: string; password: string },
  meta: ClientMeta,
): Promise<{ loggedOut: boolean }> {
  await checkPassword(deps, auth, input.kind, input.oldPassword, meta);
  const hash = await deps.passwords.hash(input.password);
  const id = auth.account.id;
  if (input.kind === 'export') {
    await deps
      .db('accounts')
      .where({ id })
      .update({ export_password_hash: hash, updated_at: deps.db.fn.now() });
    return { loggedOut: false };
  }
  const revoked = await deps.db.transaction(async (trx) => {
    await trx('accounts')
      .where({ id })
      .update({ password_hash: hash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    // Reset links mailed before the change no longer work.
    await trx('password_resets')
      .where({ account_id: id })
      .whereNull('used_at')
      .update({ used_at: trx.fn.now() });
    return revokeAccountSessions(trx, id, 'password-changed');
  });
  deps.live.kickSessions(revoked, Code.SessionRevoked);
  return { loggedOut: true };
}
