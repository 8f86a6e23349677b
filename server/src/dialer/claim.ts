// Claiming numbers for one tick, all tasks in ONE transaction: the tasks are locked (KEY SHARE, SKIP
// LOCKED: a task a user is pausing waits for the next tick), their numbers claimed
// with FOR UPDATE SKIP LOCKED (so two schedulers can never claim one number), refused numbers skipped
// with their reason (blacklists, day shield, caps: never dialed), and one `calls` row written per
// number to dial. After commit the slots are occupied and one `dial` job per call is added (jobId =
// call uuid, as the test-call service does); sweepUndispatched re-adds a job lost to a crash in between.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { decryptSecret } from '../../../config/secrets';
import { DIAL_JOB_OPTIONS, type DialJob } from '../../../domain/calls';
import { BLACKLIST_LEVEL, capCheck, type CapReason } from '../../../domain/dialer';
import type { Deps } from '../deps';
import { localDate, pathIds, type DialAccount, type DialLine, type DialTask } from './context';
import { occupySlots } from './slots';
import { moveTask, type Moved } from './taskState';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

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
  // The CRM blacklists (platform rows and the account's and ancestors'), the call blacklist and the
  // day shield of the account's local day, in one query.
  const { rows: listed } = await trx.raw(
    `SELECT phone_hash, 'blacklist' AS reason FROM blacklist_numbers
       WHERE phone_hash = ANY(:h::text[]) AND (account_id IS NULL OR account_id = ANY(:o::bigint[]))
     UNION ALL
     SELECT phone_hash, 'blacklist' FROM call_blacklist
       WHERE phone_hash = ANY(:h::text[]) AND account_id = ANY(:o::bigint[])
     UNION ALL
     SELECT phone_hash, 'dayShield' FROM day_shields
       WHERE phone_hash = ANY(:h::text[]) AND account_id = ANY(:o::bigint[]) AND day = :d::date`,
    { h: hashes, o: owners, d: localDate(now, account.tz) },
  );
  for (const r of listed as { phone_hash: string; reason: CapReason }[])
    if (out.get(r.phone_hash) !== 'blacklist') out.set(r.phone_hash, r.reason);

  // Per-number caps: attempts of the same number anywhere in the account's tree (its top merchant's).
  const days = account.caps.periodDays + 1;
  // One index probe per number (calls_hash_created), whatever the planner's statistics say: joined
  // the other way round, a stale estimate made it read the account's whole call history per claim.
  const { rows: history } = (await trx.raw(
    `SELECT h.hash AS phone_hash, c.created_at, c.result_level
     FROM unnest(?::text[]) h(hash) CROSS JOIN LATERAL (
       SELECT c.created_at, c.result_level, c.account_id FROM calls c
       WHERE c.phone_hash = h.hash AND c.created_at > ?) c
     JOIN accounts a ON a.id = c.account_id
     WHERE a.path LIKE ?`,
    [hashes, new Date(now.getTime() - days * 86_400_000), escapeLike(rootPath) + '%'],
  )) as { rows: Row[] };
  const byHash = new Map<string, { at: Date; result: number }[]>();
  for (const h of history) {
    const list = byHash.get(h.phone_hash) ?? [];
    list.push({ at: new Date(h.created_at), result: h.result_level ?? 0 });
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
  trx: Knex.Transaction,
  secretKey: string,
  rows: Claimed[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const hidden = rows.filter((r) => !r.phone && r.customerId !== null);
  const customers: Row[] = hidden.length
    ? await trx('customers')
        .whereIn(
          'id',
          hidden.map((r) => r.customerId!),
        )
        .select('id', 'phone', 'phone_cipher')
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

export async function claimNumbers(deps: Deps, grants: Grant[], now: Date): Promise<ClaimResult> {
  const result: ClaimResult = { jobs: [], dialed: new Map(), skipped: new Map(), dispatched: [] };
  const asked = grants.filter((g) => g.want > 0);
  if (!asked.length) return result;
  await deps.db.transaction(async (trx) => {
    const locked: Row[] = await trx('tasks')
      .whereIn(
        'id',
        asked.map((g) => g.task.id),
      )
      .whereIn('status', [2, 4])
      .where('active', true)
      .whereNull('deleted_at')
      // KEY SHARE conflicts only with FOR UPDATE, which every status change takes (a user's pause,
      // stop or delete, moveTask): such a task waits for the next tick. The settler's row lock (FOR
      // NO KEY UPDATE, to count the failure streak) does not hold up a claim, nor a claim the settler.
      .forKeyShare()
      .skipLocked()
      .select('id', 'status');
    const ok = new Map(locked.map((r) => [Number(r.id), r.status as number]));
    const mine = asked.filter((g) => ok.has(g.task.id));
    if (!mine.length) return;

    const { rows } = await trx.raw(
      `WITH want(task_id, n) AS (SELECT * FROM unnest(?::bigint[], ?::int[])),
       c AS (SELECT x.id, x.prev FROM want w CROSS JOIN LATERAL (
         SELECT id, last_call_uuid AS prev FROM task_numbers
         WHERE task_id = w.task_id AND state = 0 AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id FOR UPDATE SKIP LOCKED LIMIT w.n) x)
       UPDATE task_numbers tn SET state = 1, last_call_uuid = gen_random_uuid() FROM c WHERE tn.id = c.id
       RETURNING tn.id, tn.task_id, tn.customer_id, tn.phone, tn.phone_hash, tn.phone_masked,
         tn.last_call_uuid, c.prev`,
      [mine.map((g) => g.task.id), mine.map((g) => g.want)],
    );
    const claimed: Claimed[] = (rows as Row[]).map((r) => ({
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
    const calls: { row: Record<string, unknown>; job: DialJob }[] = [];
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
        row: {
          call_uuid: job.callUuid,
          account_id: job.accountId,
          task_id: job.taskId,
          task_number_id: c.id,
          bot_id: job.botId,
          bot_version: job.botVersion,
          line_id: job.lineId,
          customer_id: c.customerId,
          phone_masked: c.phoneMasked,
          phone_hash: c.phoneHash,
          status: 'dialing',
          test: false,
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
    if (calls.length) await trx('calls').insert(calls.map((c) => c.row));
    // Queued -> running on the first slot (the tick only grants slots inside the window).
    for (const g of mine)
      if (ok.get(g.task.id) === 4) {
        // SKIP LOCKED: another scheduler's KEY SHARE on the task would otherwise deadlock with this;
        // a task left queued here moves on a later tick.
        const m = await moveTask(trx, g.task.id, 'dispatch', 'scheduler', 'first slot', {
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
  await dispatchJobs(deps, result.jobs);
  return result;
}

/**
 * Adds the calls' dial jobs (a re-add of a job id is a no-op in Bull) and, at the same time, puts them
 * in the Redis slot sets. The tick counts busy slots in PostgreSQL, where the calls already are, so
 * the order does not matter: a set member a fast call's release came before is removed by the slot
 * sets' reconcile within a second.
 */
export async function dispatchJobs(deps: Deps, jobs: DialJob[]): Promise<void> {
  if (!jobs.length) return;
  await Promise.all([
    occupySlots(
      deps.redis,
      deps.config.redisPrefix,
      jobs.map((j) => ({
        callUuid: j.callUuid,
        lineId: j.lineId,
        accountId: j.accountId,
        taskId: j.taskId ?? null,
      })),
    ),
    deps.queues.dial.addBulk(
      jobs.map((j) => ({ data: j, opts: { ...DIAL_JOB_OPTIONS, jobId: j.callUuid } })),
    ),
  ]);
}

/**
 * Task calls the scheduler wrote whose dial job never started (the process died between commit and
 * adding the job): the job is added again. A job that exists already is left alone by Bull (same id),
 * and the worker's originate claim means a call is never dialed twice.
 */
export async function sweepUndispatched(deps: Deps, olderThanMs: number): Promise<number> {
  const rows: Row[] = await deps
    .db('calls as c')
    .join('task_numbers as n', 'n.id', 'c.task_number_id')
    .where('c.status', 'dialing')
    .whereNull('c.originated_at')
    .whereNotNull('c.task_id')
    .where('c.created_at', '<', new Date(Date.now() - olderThanMs))
    .limit(500)
    .select('c.*', 'n.phone as number_phone');
  if (!rows.length) return 0;
  const fresh: DialJob[] = [];
  for (const r of rows) {
    const job = await deps.queues.dial.getJob(r.call_uuid);
    if (job) continue;
    const phones = await deps.db.transaction((trx) =>
      phonesOf(trx, deps.config.secretKey, [
        {
          id: 0,
          taskId: Number(r.task_id),
          customerId: r.customer_id === null ? null : Number(r.customer_id),
          phone: r.number_phone,
          phoneHash: r.phone_hash,
          phoneMasked: r.phone_masked,
        },
      ]),
    );
    const phone = phones.get(0);
    if (!phone) continue;
    fresh.push({
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
  await dispatchJobs(deps, fresh);
  return fresh.length;
}
