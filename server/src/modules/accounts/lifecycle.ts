// Deleting a subordinate and resetting its password (issue 24).
//
// What a delete does (stated in the UI's confirmation, tested in lifecycle.int.test.ts):
// - refused (409) while the account has subordinates that are not deleted, or queued/running tasks;
// - the row stays, marked deleted and disabled: its sessions end at once, it cannot log in, the user
//   lists and id routes no longer show it, and its account name stays taken;
// - its customers, tasks, call records and ledger rows stay where they are, in its superiors'
//   subtree views, with their history;
// - its balance goes back to its direct superior through the ledger (a debit and a credit in one
//   transaction, both balances locked in id order first: finance/ledger.ts).
import { Code } from '../../../../domain/api';
import { TaskStatus } from '../../../../domain/dialer/status';
import { translate } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { retryingTransaction } from '../../db/retry';
import { AppError, notFound } from '../../http/errors';
import { revokeAccountSessions, type AuthContext } from '../auth/sessions';
import { changeBalance, lockBalances } from '../finance/ledger';
import { findBelow } from './repo';

const BUSY_STATUSES = [TaskStatus.Queued, TaskStatus.Running];

const countOf = async (q: Promise<{ n: string | number }[]>) => Number((await q)[0]?.n ?? 0);

export async function deleteSubordinate(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const target = await findBelow(deps.db, auth.actor, id);
  if (!target) throw notFound();
  const parentId = Number(target.parent_id);
  const revoked = await retryingTransaction(deps.db, 'account-delete', async (trx) => {
    // Both balances locked before anything else (the ledger's lock order); this also serialises two
    // deletes of one account: the second finds it deleted.
    await lockBalances(trx, [parentId, id]);
    const row = await trx('accounts').where({ id }).first('deleted_at', 'balance_fen', 'account');
    if (!row || row.deleted_at) throw notFound();
    const children = await countOf(
      trx('accounts').where({ parent_id: id }).whereNull('deleted_at').count({ n: '*' }),
    );
    if (children) throw new AppError(Code.Conflict, 409, 'accounts.hasSubordinates', { count: children });
    const busy = await countOf(
      trx('tasks')
        .where({ account_id: id, active: true })
        .whereIn('status', BUSY_STATUSES)
        .whereNull('deleted_at')
        .count({ n: '*' }),
    );
    if (busy) throw new AppError(Code.Conflict, 409, 'accounts.tasksRunning', { count: busy });
    const balance = Number(row.balance_fen);
    if (balance > 0) {
      const description = translate('zh-CN', 'accounts.deleteReturn', { account: row.account });
      const common = { kind: 'adjust' as const, description, createdBy: auth.actor.id };
      await changeBalance(trx, { ...common, accountId: id, deltaFen: -balance, key: `delete:${id}:debit` });
      await changeBalance(trx, {
        ...common,
        accountId: parentId,
        deltaFen: balance,
        key: `delete:${id}:credit`,
      });
    }
    await trx('accounts')
      .where({ id })
      .update({ deleted_at: trx.fn.now(), disabled: true, updated_at: trx.fn.now() });
    return revokeAccountSessions(trx, id, 'account-deleted');
  });
  deps.live.kickSessions(revoked, Code.SessionRevoked);
}

/** A superior sets a subordinate's login password; the subordinate's sessions end. */
export async function resetSubordinatePassword(
  deps: Deps,
  auth: AuthContext,
  id: number,
  password: string,
): Promise<void> {
  const target = await findBelow(deps.db, auth.actor, id);
  if (!target) throw notFound();
  const hash = await deps.passwords.hash(password);
  const revoked = await deps.db.transaction(async (trx) => {
    await trx('accounts')
      .where({ id })
      .update({ password_hash: hash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    return revokeAccountSessions(trx, id, 'password-reset');
  });
  deps.live.kickSessions(revoked, Code.SessionRevoked);
}
