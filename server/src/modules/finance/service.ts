// Finance rules (issue 6 Billing; SPEC §5 Recharge, §6 merchants recharge subordinates): call rates set
// by a parent over its strict subtree; recharges by the super administrator (new money) or a merchant
// (its own balance pays: debit and credit in one transaction through changeBalance), idempotent on the
// client's request id; a recharge takes the recipient's tasks out of the arrears pause (13) and tells
// the recipient (notice 98).
import type { Knex } from 'knex';
import type { NoticeDto } from '../../../../domain/api';
import { Code } from '../../../../domain/api';
import { isUniqueViolation } from '../../lib/pgErrors';
import { NoticeType } from '../../../../domain/codes';
import { transition, type RunState, type TaskStatus } from '../../../../domain/dialer/status';
import {
  DEFAULT_RATE,
  canManageMoney,
  type BillingRateDto,
  type RechargeReply,
} from '../../../../domain/finance';
import { fenToYuan } from '../../../../domain/format';
import { coded } from '../../../../domain/reasons';
import { translate } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { insertNotice } from '../notices/repo';
import { writeLog } from '../tasks/repo';
import { retryingTransaction } from '../../db/retry';
import { GateFull, gateOf } from '../../db/gate';
import { log } from '../../../../platform/log';
import { changeBalance, lockBalances } from './ledger';
import { noticeLowBalance } from './lowBalance';
import { assertMethodAllowed, carryDown } from '../merchants/settlement';
import {
  arrearsPausedTasks,
  entryByKey,
  getRate,
  inSubtree,
  setTaskState,
  strictlyBelow,
  upsertRate,
} from './repo';
import type { RateBody, RechargeBody } from './schema';

type Actor = AuthContext['actor'];

/** Only the super administrator and merchants handle money, and never on their own account. */
async function subordinateTarget(db: Knex, actor: Actor, id: number) {
  if (!canManageMoney(actor.level)) throw forbidden('finance.levelNotAllowed');
  if (id === actor.id) throw forbidden('finance.notSelf');
  const target = await strictlyBelow(db, actor, id);
  if (!target) throw notFound();
  return target;
}

export async function readRate(deps: Deps, auth: AuthContext, id: number): Promise<BillingRateDto> {
  if (!(await inSubtree(deps.db, auth.actor, id))) throw notFound();
  return (await getRate(deps.db, id)) ?? { accountId: id, ...DEFAULT_RATE, setBy: null, updatedAt: null };
}

/**
 * Sets a subordinate's rate. A settlement lock above it fixes the billing accuracy (its settlement
 * method, SPEC §6): another one is refused on `accuracyField`; a locked account's change carries down.
 */
export async function setRate(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: RateBody,
  accuracyField = 'accuracyS',
) {
  await subordinateTarget(deps.db, auth.actor, id);
  await deps.db.transaction(async (trx) => {
    await assertMethodAllowed(trx, id, v.accuracyS, accuracyField);
    await upsertRate(trx, { accountId: id, ...v, setBy: auth.actor.id });
    await carryDown(trx, id);
  });
  return (await getRate(deps.db, id))!;
}

/**
 * The recipient's tasks paused for arrears go back through the 'recharged' transition (domain/dialer/
 * status.ts: 13 -> queued, the scheduler then dispatches them) once its balance is above zero.
 */
export async function resumeArrears(
  trx: Knex.Transaction,
  accountId: number,
  balanceFen: number,
  byAccountId: number | null,
): Promise<number[]> {
  if (balanceFen <= 0) return [];
  const resumed: number[] = [];
  for (const t of await arrearsPausedTasks(trx, accountId)) {
    const from = { status: t.status as TaskStatus, runState: t.run_state as RunState, active: t.active };
    const to = transition(from, 'recharged', 'billing');
    if ('error' in to) continue;
    await setTaskState(trx, accountId, Number(t.id), to);
    await writeLog(trx, {
      taskId: Number(t.id),
      from,
      to,
      byAccountId,
      actor: 'billing',
      reason: coded('taskRecharged'),
    });
    resumed.push(Number(t.id));
  }
  return resumed;
}

/** Recharges of one process in a transaction at once; each holds one pooled connection. */
const RECHARGE_GATE = 3;

const keysOf = (actorId: number, requestId: string) => ({
  credit: `recharge:${actorId}:${requestId}:credit`,
  debit: `recharge:${actorId}:${requestId}:debit`,
});

/** The first recharge of this request id, or a 409 when the id was used for a different recharge. */
async function replay(
  db: Knex | Knex.Transaction,
  keys: { credit: string; debit: string },
  accountId: number,
  fen: number,
) {
  const credit = await entryByKey(db, keys.credit);
  if (!credit) return null;
  if (credit.accountId !== accountId || credit.deltaFen !== fen)
    throw new AppError(Code.Conflict, 409, 'finance.requestIdReused');
  const reply: RechargeReply = {
    applied: false,
    credit,
    debit: await entryByKey(db, keys.debit),
    resumedTaskIds: [],
  };
  return reply;
}

export async function recharge(deps: Deps, auth: AuthContext, v: RechargeBody & { requestId: string }) {
  const { actor } = auth;
  const target = await subordinateTarget(deps.db, actor, v.accountId);
  const keys = keysOf(actor.id, v.requestId);
  const newMoney = actor.level === 0;
  const me = (await deps.db('accounts').where({ id: actor.id }).first('account')).account as string;
  let notices: NoticeDto[] = [];
  let out: { resumed: number[] } | RechargeReply;
  try {
    // At most RECHARGE_GATE recharges of this process hold a connection at once (the rest wait in
    // line); a deadlock or serialisation abort runs the whole transaction again (db/retry.ts).
    out = await gateOf(deps.db, 'recharge', RECHARGE_GATE).run(() =>
      retryingTransaction(deps.db, 'recharge', async (trx) => {
        notices = [];
        // Payer (when it pays) and recipient locked in id order before anything else (ledger.ts: the
        // lock order); a double submit waits here and then finds the first one's ledger row.
        await lockBalances(trx, newMoney ? [target.id] : [actor.id, target.id]);
        const prior = await replay(trx, keys, target.id, v.amountFen);
        if (prior) return prior;
        if (!newMoney) {
          const d = await changeBalance(trx, {
            accountId: actor.id,
            deltaFen: -v.amountFen,
            kind: 'recharge',
            description:
              v.description || translate('zh-CN', 'finance.rechargeOut', { account: target.account }),
            createdBy: actor.id,
            key: keys.debit,
          });
          if (!d.ok)
            throw new AppError(Code.Conflict, 409, 'finance.insufficient', {
              balance: fenToYuan(d.balanceFen),
              amount: fenToYuan(v.amountFen),
            });
          if (d.applied) {
            const low = await noticeLowBalance(trx, actor.id, d.balanceBeforeFen, d.balanceAfterFen);
            if (low) notices.push(low);
          }
        }
        const c = await changeBalance(trx, {
          accountId: target.id,
          deltaFen: v.amountFen,
          kind: 'recharge',
          description: v.description || translate('zh-CN', 'finance.rechargeIn', { account: me }),
          createdBy: actor.id,
          key: keys.credit,
        });
        if (!c.ok) throw notFound();
        const resumed = await resumeArrears(trx, target.id, c.balanceAfterFen, actor.id);
        notices.push(
          await insertNotice(trx, {
            accountId: target.id,
            type: NoticeType.Recharge,
            titleKey: 'recharge.title',
            bodyKey: 'recharge.body',
            params: { amount: fenToYuan(v.amountFen), balance: fenToYuan(c.balanceAfterFen) },
          }),
        );
        return { resumed };
      }),
    );
  } catch (e) {
    if (e instanceof GateFull) {
      log.warn('recharge refused: too many recharges waiting', { actorId: actor.id, targetId: target.id });
      throw new AppError(Code.ServiceUnavailable, 503, 'db.busy');
    }
    // The same request id raced on another recipient: its credit key is taken.
    if (!isUniqueViolation(e)) throw e;
    const prior = await replay(deps.db, keys, target.id, v.amountFen);
    if (!prior) throw e;
    return prior;
  }
  if ('applied' in out) return out;
  for (const n of notices) deps.live.noticeToUser(n.accountId, n);
  const reply: RechargeReply = {
    applied: true,
    credit: (await entryByKey(deps.db, keys.credit))!,
    debit: newMoney ? null : await entryByKey(deps.db, keys.debit),
    resumedTaskIds: out.resumed,
  };
  return reply;
}
