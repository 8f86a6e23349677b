// The settlement lock (SPEC §6, §4): a merchant's settlement method, the billing accuracy of its call
// rate (6 or 60 s blocks, domain/merchants.ts), forced on every account below it. Once on it cannot be
// turned off; while on, no account below may be given another method (finance/service.ts setRate asks
// here), and a change of the merchant's own method carries down its subtree in the same transaction.
//
// Lock order: a rate change takes KEY SHARE on the accounts above its target (ascending id), turning a
// lock on takes UPDATE on the merchant's row, so a rate change and a lock never interleave; balance
// changes (NO KEY UPDATE) do not wait on either.
import type { Knex } from 'knex';
import { DEFAULT_RATE } from '../../../../domain/finance';
import { likePrefix } from '../../../../domain/like';
import type { SettlementMethod } from '../../../../domain/merchants';
import { AppError } from '../../http/errors';
import { Code } from '../../../../domain/api';

type Db = Knex | Knex.Transaction;

const idsOfPath = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

/** An account's settlement method: its rate's accuracy, DEFAULT_RATE's without a rate. */
export async function methodOf(db: Db, accountId: number): Promise<SettlementMethod> {
  const r = await db('billing_rates').where({ account_id: accountId }).first('accuracy_s');
  return (r?.accuracy_s ?? DEFAULT_RATE.accuracyS) as SettlementMethod;
}

export interface LockAbove {
  id: number;
  account: string;
  method: SettlementMethod;
}

/** The nearest of these accounts (ids top-down) whose settlement lock is on; `share` takes KEY SHARE on them. */
export async function nearestLock(db: Db, ids: number[], share = false): Promise<LockAbove | null> {
  if (!ids.length) return null;
  const q = db('accounts').whereIn('id', ids).orderBy('id');
  if (share) await q.clone().forKeyShare().select('id');
  const locked = new Set(
    (await q.whereNotNull('settlement_locked_at').select('id')).map((r: { id: string }) => Number(r.id)),
  );
  const id = [...ids].reverse().find((i) => locked.has(i));
  if (id === undefined) return null;
  const row = await db('accounts').where({ id }).first('account');
  return { id, account: row.account, method: await methodOf(db, id) };
}

/** The nearest account strictly above the one at `path` whose lock is on (locks above agree). */
export const lockAbove = (db: Db, path: string, share = false) =>
  nearestLock(db, idsOfPath(path).slice(0, -1), share);

/** The lock a new account directly below the one at `parentPath` would be under. */
export const lockForChildOf = (db: Db, parentPath: string) => nearestLock(db, idsOfPath(parentPath));

/** Refuses (409 on `field`) a settlement method that a lock above the account forbids. */
export async function assertMethodAllowed(
  db: Db,
  accountId: number,
  method: SettlementMethod,
  field = 'accuracyS',
): Promise<void> {
  const row = await db('accounts').where({ id: accountId }).first('path');
  if (!row) return;
  const lock = await lockAbove(db, row.path, true);
  if (lock && lock.method !== method) throw lockedMethod(field, lock);
}

/** The refusal of a method a lock fixes: 409, the message and the field both naming the lock. */
export function lockedMethod(field: string, lock: LockAbove): AppError {
  const vars = { account: lock.account, seconds: lock.method };
  return new AppError(Code.Conflict, 409, 'merchants.settlementLocked', vars, null, [
    { path: field, key: 'merchants.settlementLocked', vars },
  ]);
}

/** Gives every rate strictly below the account at `path` the method; returns how many changed. */
export const forceBelow = (db: Db, accountId: number, path: string, method: SettlementMethod) =>
  db('billing_rates')
    .whereIn(
      'account_id',
      db('accounts').where('path', 'like', likePrefix(path)).whereNot('id', accountId).select('id'),
    )
    .whereNot('accuracy_s', method)
    .update({ accuracy_s: method, updated_at: db.fn.now() });

/** After an account's own method changed: when its lock is on, its subtree follows. */
export async function carryDown(db: Db, accountId: number): Promise<number> {
  const row = await db('accounts').where({ id: accountId }).first('path', 'settlement_locked_at');
  if (!row?.settlement_locked_at) return 0;
  return forceBelow(db, accountId, row.path, await methodOf(db, accountId));
}
