// The push sender: a `pushes` job `{ callId }` (added once a call is settled) becomes one delivery
// row per destination (the account's enabled addresses whose grades match, and the task's push url
// if its grades match), each unique on its push id, so a job that runs twice adds nothing. Every due
// row is claimed with a lease before it is sent (two runs never send the same row at once), sent
// signed, and recorded: delivered, waiting for a retry (network error, 5xx, 429: the configured
// backoff), or failed. While rows wait, one delayed job for the call wakes the sender again. The
// queue's consumer (the senders) is server/src/processors/pushes.ts.
import type { Knex } from 'knex';
import type { OutboundPolicy } from '../../../../config/outbound/guard';
import { decryptSecret } from '../../../../platform/secrets';
import { gradeMatches, isRetryableStatus, retryDelay, type DestinationKind } from '../../../../domain/pushes';
import type { Deps } from '../../deps';
import { log } from '../../../../platform/log';
import { checkTarget, pushPolicy, TargetRefused } from './guard';
import { buildPayload, type CallForPush } from './payload';
import { taskSecretRow } from './repo';
import type { PushAddressRow, PushCallRow, PushDeliveryRow } from './rows';
import type { TaskRow } from '../tasks/repo';
import type { ConversationLineRow } from '../../../../domain/calls';
import { postJson, type SendResult } from './send';
import { signedHeaders } from './sign';

const pushIdOf = (callId: number, kind: DestinationKind, id: number | string) =>
  `push:${callId}:${kind}:${id}`;

async function loadCall(db: Knex, callId: number): Promise<CallForPush | undefined> {
  const call = await db('calls').where({ id: callId }).first<PushCallRow | undefined>('*');
  if (!call || call.status !== 'ended') return undefined;
  const lines = await db<ConversationLineRow>('conversation_lines').where({ call_id: callId }).orderBy('seq');
  const customer = call.customer_id
    ? await db('customers').where({ id: call.customer_id }).first('name')
    : undefined;
  let customerName: string | null = customer?.name ?? null;
  if (customerName === null && call.task_number_id) {
    const n = await db('task_numbers').where({ id: call.task_number_id }).first('name');
    customerName = n?.name || null;
  }
  const task = call.task_id
    ? await db('tasks').where({ id: call.task_id }).first<TaskRow | undefined>('*')
    : null;
  return { call, lines, customerName, task: task ?? null };
}

/** Adds the call's delivery rows that do not exist yet. */
async function planDeliveries(db: Knex, c: CallForPush): Promise<void> {
  const callId = Number(c.call.id);
  const grade = c.call.grade === null ? null : Number(c.call.grade);
  const rows: Record<string, unknown>[] = [];
  const addresses = await db('push_addresses').where({ account_id: c.call.account_id, enabled: true });
  for (const a of addresses)
    if (gradeMatches((a.grades ?? []).map(Number), grade))
      rows.push({
        kind: 'address',
        address_id: a.id,
        url: a.url,
        push_id: pushIdOf(callId, 'address', a.id),
      });
  const t = c.task;
  if (t && t.push_url && gradeMatches((t.push_grades ?? []).map(Number), grade))
    rows.push({ kind: 'task', task_id: t.id, url: t.push_url, push_id: pushIdOf(callId, 'task', t.id) });
  if (!rows.length) return;
  await db('push_deliveries')
    .insert(rows.map((r) => ({ ...r, account_id: c.call.account_id, call_id: callId })))
    .onConflict('push_id')
    .ignore();
}

/** Claims the call's due rows: one more attempt each, and a lease until the try has surely ended. */
async function claimDue(db: Knex, callId: number, leaseMs: number) {
  return db('push_deliveries')
    .where({ call_id: callId, status: 'pending' })
    .where('next_attempt_at', '<=', db.fn.now())
    .update({
      attempts: db.raw('attempts + 1'),
      next_attempt_at: db.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]),
      updated_at: db.fn.now(),
    })
    .returning<PushDeliveryRow[]>('*');
}

type Destination =
  | { error: string }
  | {
      url: string;
      secret: string;
      headers: Record<string, string>;
      extra: Parameters<typeof buildPayload>[2];
    };

async function destinationOf(deps: Deps, c: CallForPush, d: PushDeliveryRow): Promise<Destination> {
  if (d.kind === 'address') {
    const a = await deps
      .db('push_addresses')
      .where({ id: d.address_id })
      .first<PushAddressRow | undefined>('*');
    if (!a) return { error: 'the push address was deleted' };
    return {
      url: a.url,
      secret: decryptSecret(deps.config.secretKey, a.secret_enc),
      headers: a.headers,
      extra: { params: a.params },
    };
  }
  const t = c.task;
  if (!t || !t.push_url) return { error: "the task's push url was removed" };
  const s = await taskSecretRow(deps.db, Number(t.account_id));
  if (!s) return { error: 'no task push secret: generate one on the API and push page, then retry' };
  return {
    url: t.push_url,
    secret: decryptSecret(deps.config.secretKey, s.secret_enc),
    headers: {},
    extra: { pushAccount: t.push_account },
  };
}

async function attempt(
  deps: Deps,
  c: CallForPush,
  d: PushDeliveryRow,
  policy: OutboundPolicy,
): Promise<void> {
  const dest = await destinationOf(deps, c, d);
  let result: SendResult & { final?: boolean };
  let url: string = d.url;
  if ('error' in dest) result = { status: null, error: dest.error, final: true };
  else {
    url = dest.url;
    const body = JSON.stringify(buildPayload(c, d.push_id, dest.extra));
    try {
      const target = await checkTarget(dest.url, policy);
      const headers = { ...dest.headers, ...signedHeaders(dest.secret, d.push_id, body) };
      result = await postJson(target, body, headers, deps.config.pushes.timeoutMs);
    } catch (e) {
      if (!(e instanceof TargetRefused)) throw e;
      // A refused address stays refused; a name that does not resolve may resolve later.
      result = { status: null, error: e.message, final: e.why !== 'unresolvable' };
    }
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const wait =
    !ok && !result.final && isRetryableStatus(result.status)
      ? retryDelay(Number(d.attempts), deps.config.pushes.retryDelaysMs)
      : null;
  await deps
    .db('push_deliveries')
    .where({ id: d.id })
    .update({
      url: url.slice(0, 500),
      status: ok ? 'delivered' : wait !== null ? 'pending' : 'failed',
      last_status: result.status,
      last_error: result.error,
      next_attempt_at: wait !== null ? deps.db.raw('now() + make_interval(secs => ?)', [wait / 1000]) : null,
      delivered_at: ok ? deps.db.fn.now() : null,
      updated_at: deps.db.fn.now(),
    });
  if (!ok) log.info('push not delivered', { pushId: d.push_id, status: result.status, error: result.error });
}

/** Wakes the sender for the call when its earliest waiting row falls due. */
async function scheduleNext(deps: Deps, callId: number): Promise<void> {
  const row = await deps
    .db('push_deliveries')
    .where({ call_id: callId, status: 'pending' })
    .min('next_attempt_at as at')
    .first();
  if (!row?.at) return;
  const at = new Date(row.at).getTime();
  await deps.queues.pushes.add(
    { callId },
    { jobId: `push:${callId}:at:${at}`, delay: Math.max(0, at - Date.now()), removeOnComplete: true },
  );
}

/** One run of a call's job. Safe to run any number of times, also at once. */
export async function processCall(deps: Deps, callId: number): Promise<{ attempted: number }> {
  const c = await loadCall(deps.db, callId);
  if (!c) return { attempted: 0 };
  await planDeliveries(deps.db, c);
  const due = await claimDue(deps.db, callId, deps.config.pushes.timeoutMs + 30_000);
  if (due.length) {
    const policy = await pushPolicy(deps.db);
    const runs = await Promise.allSettled(due.map((d) => attempt(deps, c, d, policy)));
    // A try that broke on our side keeps its lease; the scheduled wake-up tries it again after it.
    for (const r of runs)
      if (r.status === 'rejected') log.error('push attempt failed', { callId, err: String(r.reason) });
  }
  await scheduleNext(deps, callId);
  return { attempted: due.length };
}

/** Asks the sender to try the call's due rows now (a manual retry). */
export const wakeSender = (deps: Deps, callId: number, why: string) =>
  deps.queues.pushes.add(
    { callId },
    { jobId: `push:${callId}:${why}:${Date.now()}`, removeOnComplete: true },
  );
