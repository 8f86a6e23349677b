// Settlement of ended calls: the outbox is the calls table itself (status 'ended', settled_at null,
// index calls_unsettled). Each call is settled in ONE transaction holding its row (FOR UPDATE SKIP
// LOCKED, so settlers in several processes never settle one call twice): billed at every level of
// the hierarchy that has a rate (ledger key call:<uuid>:<account>), its task number moved on (done, or
// pending again for a redial), the task's failure streak counted (suspension at the task's limit), a
// day shield written when the result is one of the account's shield levels, the task's result counter
// incremented, the call's result on its customer (customerResult.ts: last call, count, grade, stage,
// an AI-visit follow-up), what the customer asked for applied (requests.ts: the number on the call
// blacklist, a callback reminder), and settled_at set. After commit: one push job per call (jobId push:<callId>) and
// the notices go live. Test calls are real calls on a real line, so they are billed the same way.
import { markSettledStatement, NEVER_PLACED_SQL } from '../../../platform/callRecord';
import type { Knex } from 'knex';
import { NoticeType } from '../../../domain/codes';
import { fenToYuan } from '../../../domain/format';
import { coded } from '../../../domain/reasons';
import {
  billingChain,
  failureStreak,
  levelCharges,
  payable,
  lowBalance,
  nextAttempt,
  shouldSuspend,
  type RedialSettings,
} from '../../../domain/dialer';
import { changeBalance, lockBalances } from '../modules/finance/ledger';
import { retryingTransaction } from '../db/retry';
import type { Deps } from '../deps';
import { billingRates, loadAccounts, localDate, type DialAccount } from './context';
import { applyCustomerResult, type CustomerResult } from './customerResult';
import { applyRequests, type AppliedRequests } from './requests';
import { rollUpCall } from '../modules/reports/rollup';
import { addNotice, moveTask, pauseForArrears, type Moved, type PendingNotice } from './taskState';
import type { CallRow } from './rows';

export interface Settled {
  callId: number;
  taskId: number | null;
  chargedFen: number;
  moved: Moved[];
  notices: PendingNotice[];
  /** What the customer's opt-out and callback request added. */
  requests: AppliedRequests;
  /** The customer the call's result went to (null: a test call, or a number with no customer). */
  customer: CustomerResult | null;
}

/**
 * Account facts a batch of settlements reads again and again (path, level, dialing defaults, rates):
 * read once per batch. Balances are never taken from here: changeBalance locks and reads them.
 */
export class SettleCache {
  private accounts = new Map<number, Promise<Map<number, DialAccount>>>();
  private rates = new Map<string, Promise<Map<number, { ratePerMinFen: number; accuracy: 6 | 60 }>>>();

  constructor(private readonly db: Knex) {}

  accountsOf(id: number): Promise<Map<number, DialAccount>> {
    let a = this.accounts.get(id);
    if (!a) this.accounts.set(id, (a = loadAccounts(this.db, [id])));
    return a;
  }

  ratesOf(ids: number[]) {
    const key = ids.join(',');
    let r = this.rates.get(key);
    if (!r) this.rates.set(key, (r = billingRates(this.db, ids)));
    return r;
  }
}

const talkOf = (call: CallRow): Talk => ({
  accountId: Number(call.account_id),
  billableMs: Number(call.billable_ms),
  ref: `call:${call.call_uuid}`,
  what: `call ${call.call_uuid}`,
});

/** Bills a settled call's talk time (see chargeTalk). */
async function bill(trx: Knex.Transaction, call: CallRow, out: Settled, cache: SettleCache): Promise<void> {
  const c = await chargeTalk(trx, cache, talkOf(call));
  out.chargedFen = c.chargedFen;
  out.moved.push(...c.moved);
  out.notices.push(...c.notices);
}

export interface Charged {
  /** What the account itself paid (its ancestors' own charges aside). */
  chargedFen: number;
  moved: Moved[];
  notices: PendingNotice[];
}

export interface Talk {
  accountId: number;
  billableMs: number;
  ref: string;
  what: string;
}

/** The status log's note for an arrears pause after `talk` (ref call:<uuid> or softphone:<uuid>). */
function unpaidReason(talk: Talk) {
  const [kind, uuid = ''] = talk.ref.split(/:(.*)/);
  return coded(kind === 'softphone' ? 'taskUnpaidSoftphone' : 'taskUnpaid', { call: uuid });
}

const payersOf = (charges: { accountId: number }[]) => charges.map((c) => c.accountId);

/** What each level pays for `talk`: the account itself, then its ancestors nearest first. */
async function talkCharges(cache: SettleCache, talk: Talk) {
  const accounts = await cache.accountsOf(talk.accountId);
  const own = accounts.get(talk.accountId);
  if (!own) return { accounts, charges: [] };
  // The super administrator pays nobody.
  const platform = [...accounts.values()].filter((a) => a.level === 0).map((a) => a.id);
  const chain = billingChain(talk.accountId, own.path, platform);
  return { accounts, charges: levelCharges(talk.billableMs, chain, await cache.ratesOf(chain)) };
}

/** The accounts `talk` charges (reads the cache: call it before a transaction to warm it). */
export async function talkPayers(cache: SettleCache, talk: Talk): Promise<number[]> {
  return payersOf((await talkCharges(cache, talk)).charges);
}

/**
 * Locks the balances `talk` will change, in id order (finance/ledger.ts: the lock order). A caller
 * that takes other row locks in the same transaction calls this first; chargeTalk calls it too.
 */
export async function lockTalkPayers(trx: Knex.Transaction, cache: SettleCache, talk: Talk): Promise<void> {
  await lockBalances(trx, await talkPayers(cache, talk));
}

/**
 * Charges talk time at every level of the hierarchy that has a rate (each level its own rate and
 * billing accuracy), in the caller's transaction, one ledger row per level keyed `<ref>:<account>`
 * (a rerun charges nothing again). A balance that cannot pay is taken to 0, never below, and the
 * account's tasks pause for arrears; crossing the low-balance threshold sends its notice. Used for
 * robot calls (settleCall) and for softphone calls (their switch CDR).
 */
export async function chargeTalk(trx: Knex.Transaction, cache: SettleCache, talk: Talk): Promise<Charged> {
  const out: Charged = { chargedFen: 0, moved: [], notices: [] };
  const { accountId } = talk;
  const { accounts, charges } = await talkCharges(cache, talk);
  // Child and parent both locked before either changes (a no-op when the caller locked them already).
  await lockBalances(trx, payersOf(charges));
  for (const c of charges) {
    const who = accounts.get(c.accountId)!;
    const key = `${talk.ref}:${c.accountId}`;
    const what = `${talk.what} ${Math.ceil(talk.billableMs / 1000)} s`;
    let r = await changeBalance(trx, {
      accountId: c.accountId,
      deltaFen: -c.fen,
      kind: 'call',
      description: what,
      key,
    });
    let short = 0;
    if (!r.ok && r.reason === 'insufficient') {
      // Take what is there (the balance goes to 0, never below) and note the shortfall.
      const part = payable(r.balanceFen, c.fen);
      short = part.shortfall;
      r = await changeBalance(trx, {
        accountId: c.accountId,
        deltaFen: -part.paid,
        kind: 'call',
        description: `${what}; shortfall ${short} fen (charge ${c.fen} fen)`,
        key,
      });
    }
    if (!r.ok) continue;
    if (c.accountId === accountId && r.applied) out.chargedFen = r.balanceBeforeFen - r.balanceAfterFen;
    if (!r.applied) continue;
    if (short > 0 || r.balanceAfterFen <= 0) {
      const p = await pauseForArrears(trx, who, unpaidReason(talk));
      out.moved.push(...p.moved);
      out.notices.push(...p.notices);
    } else if (
      !lowBalance(r.balanceBeforeFen, who.lowBalanceFen) &&
      lowBalance(r.balanceAfterFen, who.lowBalanceFen)
    )
      out.notices.push(
        await addNotice(trx, c.accountId, NoticeType.LowBalance, {
          titleKey: 'lowBalance.title',
          bodyKey: 'lowBalance.body',
          params: { balance: fenToYuan(r.balanceAfterFen), threshold: fenToYuan(who.lowBalanceFen) },
        }),
      );
  }
  return out;
}

/** The task columns moveNumberOn reads. */
interface TaskStreakRow {
  consecutive_failures: number;
  fail_hangup_count: number;
  redial_enabled: boolean;
  redial_count: number;
  redial_interval_min: number;
  redial_levels: number[];
  account_id: string;
}

/** The task side: the number moved on, the failure streak, suspension, the result counter. */
async function moveNumberOn(trx: Knex.Transaction, call: CallRow, now: Date, out: Settled): Promise<void> {
  const taskId = Number(call.task_id);
  const result = Number(call.result_level ?? 90);
  // NO KEY UPDATE: serialises settlers on the failure streak without holding up the claims (KEY SHARE).
  const task = await trx('tasks')
    .where({ id: taskId })
    .forNoKeyUpdate()
    .first<TaskStreakRow | undefined>(
      'consecutive_failures',
      'fail_hangup_count',
      'redial_enabled',
      'redial_count',
      'redial_interval_min',
      'redial_levels',
      'account_id',
    );
  if (!task) return;
  await trx.raw(
    `INSERT INTO task_result_counts (task_id, result_level, n) VALUES (?, ?, 1)
     ON CONFLICT (task_id, result_level) DO UPDATE SET n = task_result_counts.n + 1`,
    [taskId, result],
  );
  if (call.task_number_id !== null) {
    const n = await trx('task_numbers')
      .where({ id: call.task_number_id })
      .forUpdate()
      .first<{ attempts: number; state: number } | undefined>('attempts', 'state');
    if (n && n.state === 1) {
      const attempts = n.attempts + 1;
      const settings: RedialSettings = {
        enabled: task.redial_enabled,
        count: task.redial_count,
        intervalMinutes: task.redial_interval_min,
        levels: task.redial_levels ?? [],
      };
      const next = nextAttempt(
        settings,
        Array.from({ length: attempts }, () => ({ at: now, result })),
        result,
        now,
      );
      await trx('task_numbers')
        .where({ id: call.task_number_id })
        .update({
          state: next.redial ? 0 : 2,
          attempts,
          last_result: result,
          last_call_uuid: call.call_uuid,
          ...(next.redial ? { next_attempt_at: next.at } : {}),
        });
    }
  }
  const streak = failureStreak(task.consecutive_failures, result);
  const suspend = shouldSuspend(streak, task.fail_hangup_count);
  await trx('tasks')
    .where({ id: taskId })
    .update({ consecutive_failures: suspend ? 0 : streak });
  if (!suspend) return;
  const m = await moveTask(trx, taskId, 'suspend', 'system', coded('taskFailureStreak', { n: streak }));
  if (!m) return;
  out.moved.push(m);
  out.notices.push(
    await addNotice(trx, Number(task.account_id), NoticeType.System, {
      titleKey: 'taskSuspended.title',
      bodyKey: 'taskSuspended.body',
      params: { taskId, streak, limit: Number(task.fail_hangup_count), status: m.status },
    }),
  );
}

/** The day shield: the number rests until the account's local midnight after a shield result. */
async function shield(trx: Knex.Transaction, call: CallRow, now: Date, cache: SettleCache): Promise<void> {
  if (call.result_level === null) return;
  const accountId = Number(call.account_id);
  const account = (await cache.accountsOf(accountId)).get(accountId);
  if (!account?.shieldLevels.includes(call.result_level)) return;
  await trx('day_shields')
    .insert({
      account_id: accountId,
      phone_hash: call.phone_hash,
      phone_masked: call.phone_masked,
      day: localDate(now, account.tz),
      result_level: call.result_level,
      call_uuid: call.call_uuid,
    })
    .onConflict(['account_id', 'phone_hash', 'day'])
    .ignore();
}

/** Settles one call; null when it is settled already or another settler holds it. */
export async function settleCall(
  deps: Deps,
  callId: number,
  now = new Date(),
  cache = new SettleCache(deps.db),
): Promise<Settled | null> {
  // A deadlock or serialisation abort runs the whole settlement again (it did nothing).
  const out = await retryingTransaction(deps.db, `settle call ${callId}`, async (trx) => {
    // SKIP LOCKED never waits, so this lock cannot close a circle with the balance locks after it.
    const call = await trx('calls')
      .where({ id: callId, status: 'ended' })
      .whereNull('settled_at')
      .forUpdate()
      .skipLocked()
      .first<CallRow | undefined>();
    if (!call) return null;
    const s: Settled = {
      callId,
      taskId: call.task_id === null ? null : Number(call.task_id),
      chargedFen: 0,
      moved: [],
      notices: [],
      requests: { blacklisted: false, reminder: null },
      customer: null,
    };
    // The payers' balances before any other row (task, number, customer): one lock order with
    // recharges (which lock the balances, then the recipient's tasks) and softphone CDRs.
    await lockTalkPayers(trx, cache, talkOf(call));
    if (call.task_id !== null) await moveNumberOn(trx, call, now, s);
    await shield(trx, call, now, cache);
    const accountId = Number(call.account_id);
    const account = (await cache.accountsOf(accountId)).get(accountId);
    // The result first: a callback reminder then finds the customer with its new stage.
    s.customer = await applyCustomerResult(trx, call, account);
    if (call.opt_out_sentence !== null || call.callback !== null)
      s.requests = await applyRequests(trx, call, account);
    await bill(trx, call, s, cache);
    // The reports rollups (modules/reports/rollup.ts) ride on the statement that marks the call settled.
    // The mark is the call record's statement (platform/callRecord.ts), run in this transaction.
    await rollUpCall(trx, call, account !== undefined, markSettledStatement(callId, s.chargedFen));
    return s;
  });
  if (!out) return null;
  // The push sender (modules/pushes) owns retries; the job id makes a repeated add a no-op.
  await deps.queues.pushes.add({ callId }, { jobId: `push:${callId}` });
  for (const n of out.notices) deps.live.noticeToUser(n.accountId, n.notice);
  return out;
}

/** Settles up to `limit` ended calls, oldest first. */
export async function settleEnded(deps: Deps, limit = 200): Promise<Settled[]> {
  const ids = await deps
    .db('calls')
    .where('status', 'ended')
    .whereNull('settled_at')
    // Never placed task calls are returnNeverDialled's (their numbers go back, nothing is settled).
    .whereRaw(`NOT (task_id IS NOT NULL AND NOT test AND ${NEVER_PLACED_SQL})`)
    .orderBy('id')
    .limit(limit)
    .select<{ id: string }[]>('id');
  const done: Settled[] = [];
  const cache = new SettleCache(deps.db);
  for (const r of ids) {
    const s = await settleCall(deps, Number(r.id), new Date(), cache);
    if (s) done.push(s);
  }
  return done;
}
