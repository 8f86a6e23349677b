// Claiming numbers for one tick, all tasks in ONE transaction: the tasks are locked (KEY SHARE, SKIP
// LOCKED: a task a user is pausing waits for the next tick), their numbers claimed
// with FOR UPDATE SKIP LOCKED (so two schedulers can never claim one number), refused numbers skipped
// with their reason (blacklists, day shield, caps: never dialed), and one `calls` row written per
// number to dial. The calls rows are also the dial jobs' outbox (issue 21): written with
// job_queued_at NULL in the claim's transaction, so a claim and its jobs are one unit. After commit
// the claiming process adds the jobs (jobId = call uuid, as the test-call service does) and marks
// them queued; a process that dies in between leaves them in the outbox, and relayOutbox (every tick,
// in whichever process ticks) adds them within a second or two. Bull ignores a job id it has.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import { DIAL_JOB_OPTIONS, type DialJob } from '../../../domain/calls';
import { BLACKLIST_LEVEL, capCheck, type CapReason } from '../../../domain/dialer';
import type { Deps } from '../deps';
import { localDate, pathIds, type DialAccount, type DialLine, type DialTask } from './context';
import { moveTask, type Moved } from './taskState';
import { whereDialable } from '../db/dialable';
import { likePrefix } from '../../../domain/like';
import { coded } from '../../../domain/reasons';
import type { CallRow } from './rows';
import {
  endUnreadable,
  insertClaimedCalls,
  markJobsQueued,
  type ClaimedCall,
} from '../../../platform/callRecord';

/** A row of `refusals`' union: a listed number (reason set) or one of its recent calls (created_at set). */
interface RefusalRow {
  phone_hash: string;
  reason: CapReason | null;
  created_at: Date | null;
  result_level: number | null;
}

/** A number the claim took (`RETURNING` of claimNumbers' update), with its previous call. */
interface ClaimedNumberRow {
  id: string;
  task_id: string;
  customer_id: string | null;
  phone: string | null;
  phone_hash: string;
  phone_masked: string;
  /** The call the claim makes (set by the update). */
  last_call_uuid: string;
  prev: string | null;
}

export interface Grant {
  task: DialTask;
  account: DialAccount;
  line: DialLine;
  /** Numbers to claim (the task's share of this tick's free slots). */
  want: number;
  /** Path of the account's tree (its top merchant): per-number caps count calls of the whole tree. */
  rootPath: string;
}

export type SkipReason = CapReason | 'noPhone';

export interface ClaimResult {
  jobs: DialJob[];
  /** Per task: numbers dialed and numbers skipped. */
  dialed: Map<number, number>;
  skipped: Map<number, Map<SkipReason, number>>;
  dispatched: Moved[];
}

interface Claimed {
  id: number;
  taskId: number;
  customerId: number | null;
  phone: string | null;
  phoneHash: string;
  phoneMasked: string;
  /** The uuid of the call this claim makes (set in the claim itself). */
  callUuid?: string;
  /** The number's previous call (a redial), kept when the number is skipped. */
  prevCallUuid?: string | null;
}

/** Why each number may not be dialed now (absent = may be dialed). */
export async function refusals(
  trx: Knex.Transaction,
  account: DialAccount,
  rootPath: string,
  hashes: string[],
  now: Date,
): Promise<Map<string, CapReason>> {
  const out = new Map<string, CapReason>();
  if (!hashes.length) return out;
  const owners = pathIds(account.path);
  // Per-number caps count attempts of the same number anywhere in the account's tree (its top
  // merchant's). One round trip (issue 21: each one costs the tick a few ms under load): the CRM
  // blacklists (platform rows and the account's and ancestors'), the call blacklist and the day
  // shield of the account's local day (rows with a reason), then the numbers' recent calls (rows
  // with a time). The calls are probed once per number (calls_hash_created), whatever the planner's
  // statistics say: joined the other way round, a stale estimate made it read the account's whole
  // call history per claim.
  const days = account.caps.periodDays + 1;
  const { rows } = await trx.raw<{ rows: RefusalRow[] }>(
    `SELECT phone_hash, 'blacklist' AS reason, NULL::timestamptz AS created_at, NULL::int AS result_level
       FROM blacklist_numbers
       WHERE phone_hash = ANY(:h::text[]) AND (account_id IS NULL OR account_id = ANY(:o::bigint[]))
     UNION ALL
     SELECT phone_hash, 'blacklist', NULL, NULL FROM call_blacklist
       WHERE phone_hash = ANY(:h::text[]) AND account_id = ANY(:o::bigint[])
     UNION ALL
     SELECT phone_hash, 'dayShield', NULL, NULL FROM day_shields
       WHERE phone_hash = ANY(:h::text[]) AND account_id = ANY(:o::bigint[]) AND day = :d::date
     UNION ALL
     SELECT h.hash, NULL, c.created_at, c.result_level
     FROM unnest(:h::text[]) h(hash) CROSS JOIN LATERAL (
       SELECT c.created_at, c.result_level, c.account_id FROM calls c
       WHERE c.phone_hash = h.hash AND c.created_at > :since
         -- A call never placed (returnUndialled.ts, media returnNumber.ts) was no attempt, nor was
         -- one the switch refused for the line (reason notPlaced, never answered).
         AND NOT (c.status = 'ended' AND c.result_level IS NULL AND (c.originated_at IS NULL
           OR (coalesce(c.reason->>'kind', '') = 'notPlaced' AND c.answered_at IS NULL)))) c
     JOIN accounts a ON a.id = c.account_id
     WHERE a.path LIKE :root`,
    {
      h: hashes,
      o: owners,
      d: localDate(now, account.tz),
      since: new Date(now.getTime() - days * 86_400_000),
      root: likePrefix(rootPath),
    },
  );
  const history: RefusalRow[] = [];
  for (const r of rows) {
    if (r.reason === null) history.push(r);
    else if (out.get(r.phone_hash) !== 'blacklist') out.set(r.phone_hash, r.reason);
  }
  const byHash = new Map<string, { at: Date; result: number }[]>();
  for (const h of history) {
    const list = byHash.get(h.phone_hash) ?? [];
    list.push({ at: new Date(h.created_at!), result: h.result_level ?? 0 });
    byHash.set(h.phone_hash, list);
  }
  for (const [hash, list] of byHash) {
    if (out.has(hash)) continue;
    const r = capCheck(list, now, account.caps, account.shieldLevels, account.tz);
    if (!r.ok) out.set(hash, r.reason);
  }
  return out;
}

/** The digits to dial: the number's own, or its customer's hidden number (import option 4). */
async function phonesOf(
  trx: Knex | Knex.Transaction,
  secretKey: string,
  rows: Claimed[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const hidden = rows.filter((r) => !r.phone && r.customerId !== null);
  const customers = hidden.length
    ? await trx('customers')
        .whereIn(
          'id',
          hidden.map((r) => r.customerId!),
        )
        .select<{ id: string; phone: string; phone_cipher: string | null }[]>('id', 'phone', 'phone_cipher')
    : [];
  const byId = new Map(customers.map((c) => [Number(c.id), c]));
  for (const r of rows) {
    if (r.phone) out.set(r.id, r.phone);
    else {
      const c = r.customerId === null ? undefined : byId.get(r.customerId);
      if (!c) continue;
      try {
        out.set(r.id, c.phone_cipher ? decryptSecret(secretKey, c.phone_cipher) : c.phone);
      } catch {
        // A number sealed with another key cannot be dialed: skipped as noPhone.
      }
    }
  }
  return out;
}

export interface ClaimHooks {
  /** Runs between the claim's commit and the jobs' enqueue (kill tests: a crash there). */
  afterCommit?: () => Promise<void>;
}

export async function claimNumbers(
  deps: Deps,
  grants: Grant[],
  now: Date,
  hooks: ClaimHooks = {},
): Promise<ClaimResult> {
  const result: ClaimResult = { jobs: [], dialed: new Map(), skipped: new Map(), dispatched: [] };
  const asked = grants.filter((g) => g.want > 0);
  if (!asked.length) return result;
  await deps.db.transaction(async (trx) => {
    const locked = await trx('tasks')
      .whereIn(
        'id',
        asked.map((g) => g.task.id),
      )
      .modify(whereDialable('status'))
      .where('active', true)
      .whereNull('deleted_at')
      // KEY SHARE conflicts only with FOR UPDATE, which every status change takes (a user's pause,
      // stop or delete, moveTask): such a task waits for the next tick. The settler's row lock (FOR
      // NO KEY UPDATE, to count the failure streak) does not hold up a claim, nor a claim the settler.
      .forKeyShare()
      .skipLocked()
      .select<{ id: string; status: number }[]>('id', 'status');
    const ok = new Map(locked.map((r) => [Number(r.id), r.status]));
    const mine = asked.filter((g) => ok.has(g.task.id));
    if (!mine.length) return;

    // `tn.id = ANY(ARRAY(...))`: the claimed ids reach the update as an index condition. Joined on
    // `tn.id = c.id` alone, the planner (guessing 205 rows per task for LIMIT w.n) hashed the whole
    // table: a sequential scan of 100,000 numbers in every claim (issue 21: 32 ms → 2 ms).
    const { rows } = await trx.raw<{ rows: ClaimedNumberRow[] }>(
      `WITH want(task_id, n) AS (SELECT * FROM unnest(?::bigint[], ?::int[])),
       c AS MATERIALIZED (SELECT x.id, x.prev FROM want w CROSS JOIN LATERAL (
         SELECT id, last_call_uuid AS prev FROM task_numbers
         WHERE task_id = w.task_id AND state = 0 AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id FOR UPDATE SKIP LOCKED LIMIT w.n) x)
       UPDATE task_numbers tn SET state = 1, last_call_uuid = gen_random_uuid() FROM c
       WHERE tn.id = ANY(ARRAY(SELECT id FROM c)) AND tn.id = c.id
       RETURNING tn.id, tn.task_id, tn.customer_id, tn.phone, tn.phone_hash, tn.phone_masked,
         tn.last_call_uuid, c.prev`,
      [mine.map((g) => g.task.id), mine.map((g) => g.want)],
    );
    const claimed: Claimed[] = rows.map((r) => ({
      id: Number(r.id),
      taskId: Number(r.task_id),
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      phone: r.phone,
      phoneHash: r.phone_hash,
      phoneMasked: r.phone_masked,
      callUuid: r.last_call_uuid,
      prevCallUuid: r.prev,
    }));

    const grantOf = new Map(mine.map((g) => [g.task.id, g]));
    const byAccount = new Map<number, Claimed[]>();
    for (const c of claimed) {
      const a = grantOf.get(c.taskId)!.account.id;
      byAccount.set(a, [...(byAccount.get(a) ?? []), c]);
    }
    const skips: { id: number; taskId: number; reason: SkipReason; prev: string | null }[] = [];
    const dial: Claimed[] = [];
    for (const list of byAccount.values()) {
      const g0 = grantOf.get(list[0]!.taskId)!;
      const hashes = [...new Set(list.map((c) => c.phoneHash))];
      const refused = await refusals(trx, g0.account, g0.rootPath, hashes, now);
      for (const c of list) {
        const reason = refused.get(c.phoneHash);
        if (reason) skips.push({ id: c.id, taskId: c.taskId, reason, prev: c.prevCallUuid ?? null });
        else dial.push(c);
      }
    }
    const phones = await phonesOf(trx, deps.config.secretKey, dial);
    const calls: { rec: ClaimedCall; job: DialJob }[] = [];
    for (const c of dial) {
      const phone = phones.get(c.id);
      if (!phone) {
        skips.push({ id: c.id, taskId: c.taskId, reason: 'noPhone', prev: c.prevCallUuid ?? null });
        continue;
      }
      const g = grantOf.get(c.taskId)!;
      const job: DialJob = {
        callUuid: c.callUuid ?? randomUUID(),
        accountId: g.account.id,
        botId: g.task.botId!,
        botVersion: g.task.botVersion!,
        lineId: g.line.id,
        phone,
        callerNumber: '',
        customerId: c.customerId,
        taskId: g.task.id,
      };
      calls.push({
        job,
        rec: {
          callUuid: job.callUuid,
          accountId: job.accountId,
          taskId: g.task.id,
          taskNumberId: c.id,
          botId: job.botId,
          botVersion: job.botVersion,
          lineId: job.lineId,
          customerId: c.customerId,
          phoneMasked: c.phoneMasked,
          phoneHash: c.phoneHash,
        },
      });
    }

    if (skips.length)
      await trx.raw(
        `UPDATE task_numbers tn SET state = 3, skip_reason = x.r, last_call_uuid = x.p,
           last_result = CASE WHEN x.r = 'blacklist' THEN ? ELSE tn.last_result END
         FROM unnest(?::bigint[], ?::text[], ?::uuid[]) x(id, r, p) WHERE tn.id = x.id`,
        [
          BLACKLIST_LEVEL,
          skips.map((x) => x.id),
          skips.map((x) => x.reason),
          skips.map((x) => x.prev) as string[],
        ],
      );
    await insertClaimedCalls(
      trx,
      calls.map((c) => c.rec),
    );
    // Queued -> running on the first slot (the tick only grants slots inside the window).
    for (const g of mine)
      if (ok.get(g.task.id) === 4) {
        // SKIP LOCKED: another scheduler's KEY SHARE on the task would otherwise deadlock with this;
        // a task left queued here moves on a later tick.
        const m = await moveTask(trx, g.task.id, 'dispatch', 'scheduler', coded('taskFirstSlot'), {
          insideWindow: true,
          skipLocked: true,
        });
        if (m) result.dispatched.push(m);
      }

    result.jobs = calls.map((c) => c.job);
    for (const c of calls) result.dialed.set(c.job.taskId!, (result.dialed.get(c.job.taskId!) ?? 0) + 1);
    for (const s of skips) {
      const m = result.skipped.get(s.taskId) ?? new Map<SkipReason, number>();
      m.set(s.reason, (m.get(s.reason) ?? 0) + 1);
      result.skipped.set(s.taskId, m);
    }
  });
  await hooks.afterCommit?.();
  await dispatchJobs(deps, result.jobs);
  // Off the tick's path: a mark that never lands only makes the relay add the jobs again (no-op).
  void markJobsQueued(
    deps.db,
    result.jobs.map((j) => j.callUuid),
  ).catch((err: Error) => console.error(`dialer outbox mark: ${err.message}`));
  return result;
}

/**
 * Adds the calls' dial jobs (a re-add of a job id is a no-op in Bull). Their slots are already taken:
 * the tick counts busy slots from the records the claim wrote (slots.ts).
 */
export async function dispatchJobs(deps: Deps, jobs: DialJob[]): Promise<void> {
  if (!jobs.length) return;
  await deps.queues.dial.addBulk(
    jobs.map((j) => ({ data: j, opts: { ...DIAL_JOB_OPTIONS, jobId: j.callUuid } })),
  );
}

/**
 * The outbox relay: claimed calls whose dial job was never added (the claiming process died between
 * its commit and the enqueue) get it now, once they are `graceMs` old (the claimer adds its own jobs
 * within milliseconds; a double add is harmless anyway: same job id). A call already ended (withdrawn)
 * or originated needs no job: it only leaves the outbox. Returns the jobs added.
 */
export async function relayOutbox(deps: Deps, graceMs: number, limit = 500): Promise<number> {
  const rows = await deps
    .db('calls as c')
    .leftJoin('task_numbers as n', 'n.id', 'c.task_number_id')
    .whereNull('c.job_queued_at')
    .where('c.created_at', '<', new Date(Date.now() - graceMs))
    .orderBy('c.id')
    .limit(limit)
    .select<(CallRow & { number_phone: string | null })[]>('c.*', 'n.phone as number_phone');
  if (!rows.length) return 0;
  const open = rows.filter((r) => r.status === 'dialing' && r.originated_at === null && r.task_id !== null);
  const claimed: Claimed[] = open.map((r) => ({
    id: Number(r.id),
    taskId: Number(r.task_id),
    customerId: r.customer_id === null ? null : Number(r.customer_id),
    phone: r.number_phone,
    phoneHash: r.phone_hash,
    phoneMasked: r.phone_masked,
  }));
  const phones = await phonesOf(deps.db, deps.config.secretKey, claimed);
  const jobs: DialJob[] = [];
  const unreadable: CallRow[] = [];
  for (const r of open) {
    const phone = phones.get(Number(r.id));
    if (!phone) {
      unreadable.push(r);
      continue;
    }
    jobs.push({
      callUuid: r.call_uuid,
      accountId: Number(r.account_id),
      botId: Number(r.bot_id),
      botVersion: Number(r.bot_version),
      lineId: Number(r.line_id),
      phone,
      callerNumber: '',
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      taskId: Number(r.task_id),
    });
  }
  // A number that can no longer be read (sealed with another key) is skipped as the claim would have.
  if (unreadable.length)
    await deps.db.transaction(async (trx) => {
      const ids = unreadable.map((r) => r.id);
      await endUnreadable(trx, ids);
      await trx('task_numbers')
        .whereIn(
          'id',
          unreadable.map((r) => r.task_number_id),
        )
        .where('state', 1)
        .update({ state: 3, skip_reason: 'noPhone' });
    });
  await dispatchJobs(deps, jobs);
  await markJobsQueued(
    deps.db,
    rows.map((r) => r.call_uuid),
  );
  return jobs.length;
}
