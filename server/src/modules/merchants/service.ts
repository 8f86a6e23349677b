// Merchant management (issue 24 item 4, SPEC §6): merchants are level-2 accounts; creating and editing
// one goes through the accounts service (the SPEC §3/§5 user rules, one way to do it), its call rate
// and settlement method through the finance service (which also enforces the settlement lock), its
// assignable menus here. Every rule that can refuse is checked before anything is written, and the
// account, its rate and its menus are written in one transaction: a failure part-way leaves nothing.
import type { z } from 'zod';
import { Code } from '../../../../domain/api';
import type { MerchantDto } from '../../../../domain/merchants';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound } from '../../http/errors';
import { createSubordinate, updateSubordinate } from '../accounts/service';
import type { createAccountSchema, updateAccountSchema } from '../accounts/schema';
import type { AuthContext } from '../auth/sessions';
import { getRate } from '../finance/repo';
import { setRate } from '../finance/service';
import { assertMenusGrantable } from '../roles/service';
import { findMerchant, setAssignableMenus } from './repo';
import type { MerchantExtrasBody } from './schema';
import { forceBelow, lockAbove, lockedMethod, lockForChildOf, methodOf, type LockAbove } from './settlement';

const METHOD_FIELD = 'settlementMethod';

async function found(deps: Deps, auth: AuthContext, id: number): Promise<MerchantDto> {
  const m = await findMerchant(deps.db, auth.actor, id);
  if (!m) throw notFound();
  return m;
}

/** The checks of the merchant's extras that need no write: grantable menus, a method a lock allows. */
async function checkExtras(deps: Deps, auth: AuthContext, v: MerchantExtrasBody, lock: LockAbove | null) {
  if (v.assignableMenus) await assertMenusGrantable(deps, auth, v.assignableMenus);
  if (lock && v.settlementMethod !== undefined && v.settlementMethod !== lock.method)
    throw lockedMethod(METHOD_FIELD, lock);
}

async function writeExtras(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: MerchantExtrasBody,
  lock: LockAbove | null,
) {
  if (v.ratePerMinFen !== undefined || v.settlementMethod !== undefined) {
    const current = await getRate(deps.db, id);
    await setRate(
      deps,
      auth,
      id,
      {
        ratePerMinFen: v.ratePerMinFen ?? current?.ratePerMinFen ?? 0,
        accuracyS: v.settlementMethod ?? lock?.method ?? current?.accuracyS ?? 60,
      },
      METHOD_FIELD,
    );
  }
  if (v.assignableMenus !== undefined)
    await setAssignableMenus(deps.db, id, v.assignableMenus && [...new Set(v.assignableMenus)]);
}

export async function createMerchant(
  deps: Deps,
  auth: AuthContext,
  account: z.infer<typeof createAccountSchema>,
  extras: MerchantExtrasBody,
): Promise<MerchantDto> {
  const lock = await lockForChildOf(deps.db, auth.actor.path);
  await checkExtras(deps, auth, extras, lock);
  // A duplicate submit finds the account name taken (409) and writes nothing.
  const id = await deps.db.transaction(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const created = await createSubordinate(inTrx, auth, { ...account, level: 2 });
    await writeExtras(inTrx, auth, Number(created!.id), extras, lock);
    return Number(created!.id);
  });
  return found(deps, auth, id);
}

export async function updateMerchant(
  deps: Deps,
  auth: AuthContext,
  id: number,
  account: z.infer<typeof updateAccountSchema>,
  extras: MerchantExtrasBody,
): Promise<MerchantDto> {
  const current = await findMerchant(deps.db, auth.actor, id);
  if (!current) throw notFound();
  const row = await deps.db('accounts').where({ id }).first('path');
  await checkExtras(deps, auth, extras, await lockAbove(deps.db, row.path));
  // A merchant stays a merchant here: its level is not this page's to change.
  const { level: _level, ...fields } = account;
  await deps.db.transaction(async (trx) => {
    const inTrx = { ...deps, db: trx };
    if (Object.values(fields).some((v) => v !== undefined)) await updateSubordinate(inTrx, auth, id, fields);
    await writeExtras(inTrx, auth, id, extras, await lockAbove(trx, row.path));
  });
  return found(deps, auth, id);
}

/**
 * Turns the settlement lock on (SPEC §6): the merchant's settlement method goes to every rate below
 * it, in one transaction with the merchant's row locked. Again on is a no-op (a duplicate submit);
 * off is refused while on (SPEC §4: it cannot be undone).
 */
export async function setSettlementLock(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: { locked: boolean; confirm?: boolean },
): Promise<MerchantDto> {
  const current = await found(deps, auth, id);
  if (!v.locked) {
    if (current.settlementLockedAt) throw new AppError(Code.Conflict, 409, 'merchants.lockPermanent');
    return current;
  }
  if (current.settlementLockedAt) return current;
  if (v.confirm !== true) throw fieldError('confirm', 'merchants.lockConfirm');
  await deps.db.transaction(async (trx) => {
    const row = await trx('accounts').where({ id }).forUpdate().first('path', 'settlement_locked_at');
    if (row.settlement_locked_at) return;
    await trx('accounts').where({ id }).update({
      settlement_locked_at: trx.fn.now(),
      settlement_locked_by: auth.actor.id,
      updated_at: trx.fn.now(),
    });
    await forceBelow(trx, id, row.path, await methodOf(trx, id));
  });
  return found(deps, auth, id);
}
