// The low-balance notice (99): sent once, in the transaction of the debit that takes a balance from at
// least the account's threshold (dial_settings.low_balance_fen, 1000 fen without a row) to below it.
// Call it only after changeBalance applied a debit (applied: true) in the same transaction: the row lock
// that changeBalance holds makes the before/after pair exact, so two debits can never both cross, and a
// rerun of a job (applied: false) must not call it again.
import type { Knex } from 'knex';
import type { NoticeDto } from '../../../../domain/api';
import { NoticeType } from '../../../../domain/codes';
import { DEFAULT_LOW_BALANCE_FEN, crossesBelow } from '../../../../domain/finance';
import { fenToYuan } from '../../../../domain/format';
import type { Live } from '../../socket/live';
import { insertNotice } from '../notices/repo';

/** Runs `fn` once `trx` has committed; nothing when it rolls back. */
export function afterCommit(trx: Knex.Transaction, fn: () => void): void {
  trx.executionPromise.then(fn, () => undefined);
}

export async function lowBalanceThreshold(db: Knex | Knex.Transaction, accountId: number): Promise<number> {
  const row = await db('dial_settings').where({ account_id: accountId }).first('low_balance_fen');
  return row ? Number(row.low_balance_fen) : DEFAULT_LOW_BALANCE_FEN;
}

/**
 * Writes notice 99 when the change crosses below the threshold and returns it (null otherwise). With
 * `live`, the notice is pushed to the account's sockets after the transaction commits.
 */
export async function noticeLowBalance(
  trx: Knex.Transaction,
  accountId: number,
  beforeFen: number,
  afterFen: number,
  live?: Pick<Live, 'noticeToUser'>,
): Promise<NoticeDto | null> {
  if (afterFen >= beforeFen) return null;
  const threshold = await lowBalanceThreshold(trx, accountId);
  if (!crossesBelow(beforeFen, afterFen, threshold)) return null;
  const vars = { balance: fenToYuan(afterFen), threshold: fenToYuan(threshold) };
  const notice = await insertNotice(trx, {
    accountId,
    type: NoticeType.LowBalance,
    titleKey: 'lowBalance.title',
    bodyKey: 'lowBalance.body',
    params: vars,
  });
  if (live) afterCommit(trx, () => live.noticeToUser(accountId, notice));
  return notice;
}
