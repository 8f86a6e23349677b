// Subordinate accounts: creation rules (level, role, expiry, seats) and updates. Disabling or
// expiring an account ends its sessions at once, over HTTP and Socket.IO.
import type { z } from 'zod';
import { Code } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import { revokeAccountSessions, type AuthContext } from '../auth/sessions';
import { assertRoleAssignable } from '../roles/service';
import { assertFree, createAccount, findBelow } from './repo';
import type { createAccountSchema, updateAccountSchema } from './schema';

const creatableLevels: Record<number, number[]> = { 0: [1, 2], 2: [1, 2], 1: [1] };

async function assertWithinOwnLimits(
  deps: Deps,
  auth: AuthContext,
  v: { expiresAt?: string; aiSeats?: number },
) {
  if (auth.actor.level === 0) return;
  const me = await deps.db('accounts').where({ id: auth.actor.id }).first('expires_at', 'ai_seats');
  if (v.expiresAt && new Date(v.expiresAt).getTime() > new Date(me.expires_at).getTime())
    throw fieldError('expiresAt', 'expiryBeyondParent');
  if (v.aiSeats !== undefined && v.aiSeats > me.ai_seats) throw fieldError('aiSeats', 'seatsBeyondParent');
}

/** A taken account name or e-mail also names its field, so the form shows it there. */
async function onTakenName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 409) throw e;
    const path = e.key.startsWith('email') ? 'email' : 'account';
    throw new AppError(e.code, e.status, e.key, e.vars, e.data, [{ path, key: e.key }]);
  }
}

export async function createSubordinate(
  deps: Deps,
  auth: AuthContext,
  v: z.infer<typeof createAccountSchema>,
) {
  if (!creatableLevels[auth.actor.level]?.includes(v.level)) throw forbidden('levelNotAllowed');
  await assertRoleAssignable(deps, auth, v.roleId);
  await assertWithinOwnLimits(deps, auth, v);
  const passwordHash = await deps.passwords.hash(v.password);
  const created = await onTakenName(() =>
    createAccount(deps, auth.actor, {
      account: v.account,
      passwordHash,
      email: v.email ?? null,
      realName: v.realName,
      phone: v.phone || null,
      level: v.level,
      roleId: v.roleId,
      expiresAt: new Date(v.expiresAt),
      position: v.position ?? null,
      remark: v.remark ?? null,
      aiSeats: v.aiSeats,
      totalAuthorization: v.totalAuthorization,
      dialIntervalSeconds: v.dialIntervalSeconds,
      dailyConnectLimit: v.dailyConnectLimit,
      dailyMinutesLimit: v.dailyMinutesLimit,
    }),
  );
  return findBelow(deps.db, auth.actor, created.id);
}

type Current = NonNullable<Awaited<ReturnType<typeof findBelow>>>;
type Update = z.infer<typeof updateAccountSchema>;

/** The rules of an edit other than enabling/disabling. */
async function checkUpdate(deps: Deps, auth: AuthContext, id: number, current: Current, v: Update) {
  if (v.level !== undefined && !creatableLevels[auth.actor.level]?.includes(v.level))
    throw forbidden('levelNotAllowed');
  if (v.roleId !== undefined) await assertRoleAssignable(deps, auth, v.roleId);
  await assertWithinOwnLimits(deps, auth, v);
  // Checked only when one of the two changes: other edits keep whatever the account has.
  if (v.aiSeats !== undefined || v.totalAuthorization !== undefined) {
    const seats = v.aiSeats ?? current.ai_seats;
    const total = v.totalAuthorization ?? current.total_authorization;
    if (total <= seats) throw fieldError('totalAuthorization', 'validation.authorization');
  }
  if (v.email) await assertFree(deps.db, auth.actor, null, v.email, id);
}

export async function updateSubordinate(deps: Deps, auth: AuthContext, id: number, v: Update) {
  const current = await findBelow(deps.db, auth.actor, id);
  if (!current) throw notFound();
  // Enabling or disabling alone is always possible: no other field's rule applies to it (a
  // registrant's 0/0 seats would otherwise fail "total authorization exceeds seats").
  const onlyDisabled = (Object.keys(v) as (keyof Update)[]).every(
    (k) => k === 'disabled' || v[k] === undefined,
  );
  if (!onlyDisabled) await checkUpdate(deps, auth, id, current, v);
  const patch: Record<string, unknown> = {
    real_name: v.realName,
    email: v.email,
    level: v.level,
    role_id: v.roleId,
    phone: v.phone,
    position: v.position,
    remark: v.remark,
    ai_seats: v.aiSeats,
    total_authorization: v.totalAuthorization,
    dial_interval_seconds: v.dialIntervalSeconds,
    daily_connect_limit: v.dailyConnectLimit,
    daily_minutes_limit: v.dailyMinutesLimit,
    expires_at: v.expiresAt ? new Date(v.expiresAt) : undefined,
    disabled: v.disabled,
  };
  for (const k of Object.keys(patch)) if (patch[k] === undefined) delete patch[k];
  const revoked = await deps.db.transaction(async (trx) => {
    await trx('accounts')
      .where({ id })
      .update({ ...patch, updated_at: trx.fn.now() });
    const endsAccess =
      v.disabled === true || (v.expiresAt !== undefined && new Date(v.expiresAt).getTime() <= Date.now());
    return endsAccess ? revokeAccountSessions(trx, id, v.disabled ? 'disabled' : 'account-expired') : [];
  });
  deps.live.kickSessions(revoked, Code.SessionRevoked);
  return findBelow(deps.db, auth.actor, id);
}
