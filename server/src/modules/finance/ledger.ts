// The one way a balance changes (ARCHITECTURE §4): lock the account row, write the ledger row, update
// the balance, all in the caller's transaction. A debit that the balance cannot pay is refused, never
// half-applied; an idempotency key makes a repeated change (a job that runs twice) a no-op.
//
// The lock order (issue 21): a transaction that changes more than one balance locks every account it
// will change with lockBalances, in ascending id order, BEFORE any other row lock, so no two balance
// changes ever wait on each other in a circle (a recharge locking parent then child against a
// settlement locking child then parent was a deadlock). The lock is FOR NO KEY UPDATE: it serialises
// balance changes but not the KEY SHARE locks that inserts referencing the account take (a CDR's
// dial record, a notice), which FOR UPDATE would wait on — two such transactions then deadlocked.
import type { Knex } from 'knex';

export type LedgerKind = 'recharge' | 'call' | 'refund' | 'adjust';

export interface BalanceChange {
  accountId: number;
  /** Positive credits, negative debits; integer fen. */
  deltaFen: number;
  kind: LedgerKind;
  description?: string;
  createdBy?: number | null;
  /** Unique across the ledger: the same key never changes a balance twice. */
  key?: string | null;
}

export type BalanceResult =
  | { ok: true; applied: boolean; balanceBeforeFen: number; balanceAfterFen: number }
  | { ok: false; reason: 'insufficient' | 'noAccount'; balanceFen: number };

/** Locks the balances a transaction will change, all at once, in ascending id order (see above). */
export async function lockBalances(trx: Knex.Transaction, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await trx('accounts').whereIn('id', unique).orderBy('id').forNoKeyUpdate().select('id');
}

/**
 * Changes one balance inside `trx` (which must be a transaction). A transaction changing several
 * balances calls lockBalances with all of them first.
 */
export async function changeBalance(trx: Knex.Transaction, c: BalanceChange): Promise<BalanceResult> {
  if (!Number.isSafeInteger(c.deltaFen))
    throw new RangeError(`deltaFen must be a safe integer: ${c.deltaFen}`);
  // The row lock first: two changes with one key (one account) then run one after the other, and the
  // second sees the first one's ledger row.
  const acct = await trx('accounts').where({ id: c.accountId }).forNoKeyUpdate().first('balance_fen');
  if (!acct) return { ok: false, reason: 'noAccount', balanceFen: 0 };
  const before = Number(acct.balance_fen);
  if (c.key) {
    const done = await trx('ledger_entries')
      .where({ idempotency_key: c.key })
      .first('balance_before_fen', 'balance_after_fen');
    if (done)
      return {
        ok: true,
        applied: false,
        balanceBeforeFen: Number(done.balance_before_fen),
        balanceAfterFen: Number(done.balance_after_fen),
      };
  }
  const after = before + c.deltaFen;
  if (after < 0) return { ok: false, reason: 'insufficient', balanceFen: before };
  if (c.deltaFen !== 0) await trx('accounts').where({ id: c.accountId }).update({ balance_fen: after });
  await trx('ledger_entries').insert({
    account_id: c.accountId,
    delta_fen: c.deltaFen,
    balance_before_fen: before,
    balance_after_fen: after,
    kind: c.kind,
    description: (c.description ?? '').slice(0, 500),
    created_by: c.createdBy ?? null,
    idempotency_key: c.key ?? null,
  });
  return { ok: true, applied: true, balanceBeforeFen: before, balanceAfterFen: after };
}
