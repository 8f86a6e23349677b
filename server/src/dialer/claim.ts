// Claiming numbers for one tick, all tasks in ONE transaction of two statements: the tasks are locked
// (KEY SHARE, SKIP LOCKED: a task a user is pausing waits for the next tick), their numbers claimed
// with FOR UPDATE SKIP LOCKED (so two schedulers can never claim one number), with what may refuse
// them; then refused numbers skipped with their reason (blacklists, day shield, caps: never dialed),
// and one `calls` row written per number to dial. The calls rows are also the dial jobs' outbox
// (issue 21): written with job_queued_at NULL in the claim's transaction, so a claim and its jobs
// are one unit. After commit the claiming process adds the jobs (jobId = call uuid, as the test-call
// service does) and marks them queued; a process that dies in between leaves them in the outbox, and
// relayOutbox (every tick, in whichever process ticks) adds them within a second or two. Bull ignores
// a job id it has.
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import { DIAL_JOB_OPTIONS, type DialJob } from '../../../domain/calls';
import { BLACKLIST_LEVEL, capCheck, type CapReason } from '../../../domain/dialer';
import type { Deps } from '../deps';
import { localDate, pathIds, type DialAccount, type DialLine, type DialTask } from './context';
import { moveTask, type Moved } from './taskState';
import { dialableSql } from '../db/dialable';
import { likePrefix } from '../../../domain/like';
import { coded } from '../../../domain/reasons';
import { log } from '../../../platform/log';
import type { CallRow } from './rows';
import {
  endUnreadable,
  insertClaimedCallsSql,
  markJobsQueued,
  type ClaimedCall,
} from '../../../platform/callRecord';

/**
 * A row of the claim statement: a task it locked (`locked_task`, `status`) with one number it claimed
 * (the rest set; absent when it claimed none), and what may refuse that number: a listing (blacklists,
 * day shield) and its recent calls for the caps.
 */
interface ClaimRow {
  locked_task: string;
  status: number;
  id: string | null;
  task_id: string;
  customer_id: string | null;
  phone: string | null;
  phone_hash: string;
  phone_masked: string;
  /** The call the claim makes (set by the update). */
  last_call_uuid: string;
  prev: string | null;
  listed: 'blacklist' | 'dayShield' | null;
  /** The customer's number when the task number has no digits (import option 4), if found. */
  customer: CustomerPhone | null;
  /** [created_at, result_level] of the number's attempts within the caps' period; null: none. */
  history: [string, number | null][] | null;
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
  /**
   * The dial jobs being added, begun once the claim committed. Not awaited by the claim: the tick's
   * lock is not held for Redis (the scheduler awaits it before its next tick). A failure is logged,
   * and the outbox relay adds the jobs.
   */
  queued: Promise<void>;
}

/** A claimed number to find the digits of (the outbox relay's). */
interface Claimed {
  id: number;
  customerId: number | null;
  phone: string | null;
}

/** Why a claimed number may not be dialed now (undefined: it may): its listing, else its caps. */
function refusalOf(r: ClaimRow, account: DialAccount, now: Date): CapReason | undefined {
  if (r.listed) return r.listed;
  if (!r.history) return undefined;
  const history = r.history.map(([at, result]) => ({ at: new Date(at), result: result ?? 0 }));
  const c = capCheck(history, now, account.caps, account.shieldLevels, account.tz);
  return c.ok ? undefined : c.reason;
}

/** A customer's number (import option 4 hides the task number's digits behind it). */
interface CustomerPhone {
  phone: string;
  phone_cipher: string | null;
}

/**
 * The digits to dial: the number's own, or its customer's hidden number (import option 4);
 * undefined when there are none to read.
 */
function digitsOf(secretKey: string, own: string | null, customer: CustomerPhone | undefined) {
  if (own) return own;
  if (!customer) return undefined;
  try {
    return customer.phone_cipher ? decryptSecret(secretKey, customer.phone_cipher) : customer.phone;
  } catch {
    // A number sealed with another key cannot be dialed: skipped as noPhone.
    return undefined;
  }
}

/** The digits to dial of each row (digitsOf), its customer read when the number has none. */
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
        .select<(CustomerPhone & { id: string })[]>('id', 'phone', 'phone_cipher')
    : [];
  const byId = new Map(customers.map((c) => [Number(c.id), c]));
  for (const r of rows) {
    const phone = digitsOf(secretKey, r.phone, r.customerId === null ? undefined : byId.get(r.customerId));
    if (phone) out.set(r.id, phone);
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
  const result: ClaimResult = {
    jobs: [],
    dialed: new Map(),
    skipped: new Map(),
    dispatched: [],
    queued: Promise.resolve(),
  };
  const asked = grants.filter((g) => g.want > 0);
  if (!asked.length) return result;
  await deps.db.transaction(async (trx) => {
    // One statement (issue 21: each round trip costs the tick a few ms under load): the tasks locked,
    // their numbers claimed, and for each claimed number what may refuse it.
    // The tasks: KEY SHARE conflicts only with FOR UPDATE, which every status change takes (a user's
    // pause, stop or delete, moveTask): such a task is skipped and waits for the next tick; only the
    // locked ones claim. The settler's row lock (FOR NO KEY UPDATE, to count the failure streak) does
    // not hold up a claim, nor a claim the settler.
    // The numbers: `tn.id = ANY(ARRAY(...))`: the claimed ids reach the update as an index condition.
    // Joined on `tn.id = c.id` alone, the planner (guessing 205 rows per task for LIMIT w.n) hashed the
    // whole table: a sequential scan of 100,000 numbers in every claim (issue 21: 32 ms → 2 ms).
    // The customer of a number without digits (import option 4) comes along: its number is dialed.
    // The refusals: per-number caps count attempts of the same number anywhere in the account's tree
    // (its top merchant's, `root`); the CRM blacklists (platform rows and the account's and
    // ancestors', `owners`), the call blacklist and the day shield of the account's local day `day`.
    // Each is probed once per number (the phone_hash indexes), the calls too (calls_hash_created),
    // whatever the planner's statistics say: the tree is looked up per call found, in a subquery the
    // planner cannot turn into a join. Joined to accounts, the stale estimates of a busy day made it
    // read the tree's whole call history of the period for every number (calls_account_created).
    const { rows } = await trx.raw<{ rows: ClaimRow[] }>(
      `WITH w AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(?::jsonb)
         AS w(task_id bigint, n int, owners bigint[], day date, since timestamptz, root text)),
       locked AS MATERIALIZED (SELECT id, status FROM tasks
         WHERE id IN (SELECT task_id FROM w) AND ${dialableSql('status')} AND active AND deleted_at IS NULL
         FOR KEY SHARE SKIP LOCKED),
       c AS MATERIALIZED (SELECT x.id, x.prev FROM w JOIN locked l ON l.id = w.task_id CROSS JOIN LATERAL (
         SELECT id, last_call_uuid AS prev FROM task_numbers
         WHERE task_id = w.task_id AND state = 0 AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id FOR UPDATE SKIP LOCKED LIMIT w.n) x),
       u AS (UPDATE task_numbers tn SET state = 1, last_call_uuid = gen_random_uuid() FROM c
         WHERE tn.id = ANY(ARRAY(SELECT id FROM c)) AND tn.id = c.id
         RETURNING tn.id, tn.task_id, tn.customer_id, tn.phone, tn.phone_hash, tn.phone_masked,
           tn.last_call_uuid, c.prev)
       SELECT l.id AS locked_task, l.status, u.*,
         CASE WHEN EXISTS (SELECT 1 FROM blacklist_numbers b WHERE b.phone_hash = u.phone_hash
                AND (b.account_id IS NULL OR b.account_id = ANY(w.owners)))
             OR EXISTS (SELECT 1 FROM call_blacklist b WHERE b.phone_hash = u.phone_hash
                AND b.account_id = ANY(w.owners)) THEN 'blacklist'
           WHEN EXISTS (SELECT 1 FROM day_shields s WHERE s.phone_hash = u.phone_hash
                AND s.account_id = ANY(w.owners) AND s.day = w.day) THEN 'dayShield' END AS listed,
         (SELECT json_agg(json_build_array(h.created_at, h.result_level)) FROM calls h
           WHERE h.phone_hash = u.phone_hash AND h.created_at > w.since
             -- A call never placed (returnUndialled.ts, media returnNumber.ts) was no attempt, nor was
             -- one the switch refused for the line (reason notPlaced, never answered).
             AND NOT (h.status = 'ended' AND h.result_level IS NULL AND (h.originated_at IS NULL
               OR (coalesce(h.reason->>'kind', '') = 'notPlaced' AND h.answered_at IS NULL)))
             AND (SELECT a.path FROM accounts a WHERE a.id = h.account_id) LIKE w.root) AS history,
         CASE WHEN cu.id IS NOT NULL THEN json_build_object('phone', cu.phone, 'phone_cipher', cu.phone_cipher)
           END AS customer
       FROM locked l JOIN w ON w.task_id = l.id LEFT JOIN u ON u.task_id = l.id
         LEFT JOIN customers cu ON coalesce(u.phone, '') = '' AND cu.id = u.customer_id
       ORDER BY u.id`,
      [
        JSON.stringify(
          asked.map((g) => ({
            task_id: g.task.id,
            n: g.want,
            owners: pathIds(g.account.path),
            day: localDate(now, g.account.tz),
            since: new Date(now.getTime() - (g.account.caps.periodDays + 1) * 86_400_000),
            root: likePrefix(g.rootPath),
          })),
        ),
      ],
    );
    const status = new Map(rows.map((r) => [Number(r.locked_task), r.status]));
    const mine = asked.filter((g) => status.has(g.task.id));
    if (!mine.length) return;

    const grantOf = new Map(mine.map((g) => [g.task.id, g]));
    const skips: { id: number; taskId: number; reason: SkipReason; prev: string | null }[] = [];
    const calls: { rec: ClaimedCall; job: DialJob }[] = [];
    for (const r of rows) {
      if (r.id === null) continue;
      const g = grantOf.get(Number(r.task_id))!;
      const skip = (reason: SkipReason) =>
        skips.push({ id: Number(r.id), taskId: g.task.id, reason, prev: r.prev });
      const reason = refusalOf(r, g.account, now);
      if (reason) {
        skip(reason);
        continue;
      }
      const phone = digitsOf(deps.config.secretKey, r.phone, r.customer ?? undefined);
      if (!phone) {
        skip('noPhone');
        continue;
      }
      const customerId = r.customer_id === null ? null : Number(r.customer_id);
      const job: DialJob = {
        callUuid: r.last_call_uuid,
        accountId: g.account.id,
        botId: g.task.botId!,
        botVersion: g.task.botVersion!,
        lineId: g.line.id,
        phone,
        callerNumber: '',
        customerId,
        taskId: g.task.id,
      };
      calls.push({
        job,
        rec: {
          callUuid: job.callUuid,
          accountId: job.accountId,
          taskId: g.task.id,
          taskNumberId: Number(r.id),
          botId: job.botId,
          botVersion: job.botVersion,
          lineId: job.lineId,
          customerId,
          phoneMasked: r.phone_masked,
          phoneHash: r.phone_hash,
        },
      });
    }

    // The skipped numbers' update rides on the records' insert: one statement.
    const insert = insertClaimedCallsSql(calls.map((c) => c.rec));
    if (skips.length || calls.length)
      await trx.raw(
        `WITH skipped AS (UPDATE task_numbers tn SET state = 3, skip_reason = x.r, last_call_uuid = x.p,
           last_result = CASE WHEN x.r = 'blacklist' THEN ? ELSE tn.last_result END
         FROM unnest(?::bigint[], ?::text[], ?::uuid[]) x(id, r, p) WHERE tn.id = x.id)
         ${insert.sql}`,
        [
          BLACKLIST_LEVEL,
          skips.map((x) => x.id),
          skips.map((x) => x.reason),
          skips.map((x) => x.prev) as string[],
          ...insert.bindings,
        ],
      );
    // Queued -> running on the first slot (the tick only grants slots inside the window).
    for (const g of mine)
      if (status.get(g.task.id) === 4) {
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
  const ids = result.jobs.map((j) => j.callUuid);
  result.queued = dispatchJobs(deps, result.jobs)
    // A mark that never lands only makes the relay add the jobs again (a no-op), so it is not waited for.
    .then(
      () =>
        void markJobsQueued(deps.db, ids).catch((err: Error) =>
          log.error('dialer: outbox mark failed', { err: err.message }),
        ),
    )
    .catch((err: Error) =>
      log.error('dialer: jobs not added, left to the outbox relay', { err: err.message }),
    );
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
    customerId: r.customer_id === null ? null : Number(r.customer_id),
    phone: r.number_phone,
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
