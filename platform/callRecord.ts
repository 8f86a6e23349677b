// The call record (the `calls` table, migration 2026-11-22-2100-calls and its alters): the one module
// that writes it (issue 22). Server and media meet on this row: one per call uuid, created by whoever
// comes first (the dialer's claim, the test-call endpoint, the worker for a job, the worker for an
// inbound call), claimed once for the originate, moved forward (ringing, answered), closed once
// (UPDATE … WHERE status <> 'ended': a second close changes nothing), settled once (settled_at).
// Every operation takes the caller's Knex or transaction (a Knex.Transaction is a Knex): the caller
// keeps its transaction, and the statement is the one it always ran.
//
// Some writes are statements a writer runs together with its own tables, so only their SQL lives here:
// - the claim's records (insertClaimedCallsSql): the claim's update of its skipped numbers rides on
//   it, in the claim's transaction (server/src/dialer/claim.ts);
// - the settlement's mark (markSettledStatement): the reports rollups' CTEs ride on it, in the
//   settlement's one transaction (server/src/dialer/settle.ts, modules/reports/rollup.ts);
// - the withdrawal and return of calls never placed (withdrawOpenSql, returnNeverDialledSql): an
//   UPDATE … RETURNING that server/src/dialer/returnUndialled.ts wraps in one statement with the
//   return of their task numbers.
// Reads stay with their readers. The users' own writes on ended records (the call-records page's read
// flag, focus, customer links, allocation and deletes; the seat desk's customer link) are here too.
import type { Knex } from 'knex';
import { encryptSecret, phoneHash } from './secrets';
import { NOT_PLACED_TEXT, type CallStatus, type DialJob } from '../domain/calls';
import { maskPhone } from '../domain/format';
import type { LostCallClose } from '../domain/lostCall';
import type { TransferOutcome } from '../domain/transfer';
import type { LlmGrade } from '../domain/bot/llm';

type Id = number | string;

// ---- Creation -----------------------------------------------------------------------------------

/** A number the dialer's claim dials: its record, written in the claim's transaction. */
export interface ClaimedCall {
  callUuid: string;
  accountId: number;
  taskId: number;
  taskNumberId: number;
  botId: number;
  botVersion: number;
  lineId: number;
  customerId: number | null;
  phoneMasked: string;
  phoneHash: string;
}

/**
 * The claim's records (server/src/dialer/claim.ts): status dialing, and in the dial jobs' outbox
 * (job_queued_at NULL) until their job is added (markJobsQueued). An INSERT the claim runs in one
 * statement with its skipped numbers' update, in the claim's transaction.
 */
export const insertClaimedCallsSql = (
  calls: ClaimedCall[],
): { sql: string; bindings: Knex.RawBinding[] } => ({
  sql: `INSERT INTO calls (call_uuid, account_id, task_id, task_number_id, bot_id, bot_version, line_id,
         customer_id, phone_masked, phone_hash, status, test, job_queued_at)
       SELECT x.*, 'dialing', false, NULL -- in the outbox until its job is added (relayOutbox)
       FROM unnest(?::uuid[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::int[], ?::bigint[],
         ?::bigint[], ?::text[], ?::text[]) x`,
  bindings: [
    calls.map((c) => c.callUuid),
    calls.map((c) => c.accountId),
    calls.map((c) => c.taskId),
    calls.map((c) => c.taskNumberId),
    calls.map((c) => c.botId),
    calls.map((c) => c.botVersion),
    calls.map((c) => c.lineId),
    calls.map((c) => c.customerId) as number[], // nulls: no customer
    calls.map((c) => c.phoneMasked),
    calls.map((c) => c.phoneHash),
  ],
});

/** The test-call endpoint's records (server/src/modules/testCalls/service.ts): status dialing, test. */
export async function insertTestCalls(db: Knex, secretKey: string, jobs: DialJob[]): Promise<void> {
  await db('calls').insert(
    jobs.map((j) => ({
      call_uuid: j.callUuid,
      account_id: j.accountId,
      bot_id: j.botId,
      bot_version: j.botVersion,
      line_id: j.lineId,
      phone_masked: maskPhone(j.phone),
      phone_hash: phoneHash(secretKey, j.phone),
      status: 'dialing',
      test: true,
    })),
  );
}

export interface OpenRecord {
  id: number;
  status: CallStatus;
  originatedAt: Date | null;
  fsNode: string | null;
  mediaWorker: string | null;
}

/**
 * The record of a dial job, written unless the claim or the test-call endpoint wrote it already (the
 * media worker, media/src/calls/session.ts); returns it as it is now.
 */
export async function ensureRecord(db: Knex, secretKey: string, job: DialJob): Promise<OpenRecord> {
  await db('calls')
    .insert({
      call_uuid: job.callUuid,
      account_id: job.accountId,
      task_id: job.taskId ?? null,
      bot_id: job.botId,
      bot_version: job.botVersion,
      line_id: job.lineId,
      customer_id: job.customerId ?? null,
      phone_masked: maskPhone(job.phone),
      phone_hash: phoneHash(secretKey, job.phone),
      test: job.test ?? false,
    })
    .onConflict('call_uuid')
    .ignore();
  const r = await db('calls')
    .where({ call_uuid: job.callUuid })
    .first('id', 'status', 'originated_at', 'fs_node', 'media_worker');
  return {
    id: Number(r.id),
    status: r.status,
    originatedAt: r.originated_at,
    fsNode: r.fs_node,
    mediaWorker: r.media_worker,
  };
}

/** An inbound call a reception scene took (media/src/calls/inbound.ts). */
export interface InboundCall {
  callUuid: string;
  accountId: number;
  sceneId: number;
  lineId: number | null;
  botId: number | null;
  botVersion: number | null;
  /** The caller's number, digits only. */
  phone: string;
}

/**
 * The record of an inbound call (direction 'in', scene_id, status ringing), inserted once per channel
 * uuid; returns its id. A seat-group scene's call has no bot (bot_id null).
 */
export async function openInboundRecord(
  db: Knex,
  secretKey: string,
  c: InboundCall,
  customerId: number | null,
): Promise<number> {
  await db('calls')
    .insert({
      call_uuid: c.callUuid,
      account_id: c.accountId,
      direction: 'in',
      scene_id: c.sceneId,
      bot_id: c.botId,
      bot_version: c.botVersion,
      line_id: c.lineId,
      customer_id: customerId,
      phone_masked: maskPhone(c.phone),
      phone_hash: phoneHash(secretKey, c.phone),
      // Sealed: a seat can make a customer of an unknown caller (the seat desk), nobody reads it clear.
      phone_cipher: c.phone ? encryptSecret(secretKey, c.phone) : null,
      status: 'ringing',
    })
    .onConflict('call_uuid')
    .ignore();
  const r = await db('calls').where({ call_uuid: c.callUuid }).first('id');
  return Number(r.id);
}

// ---- The dial jobs' outbox (server/src/dialer/claim.ts) -----------------------------------------

/**
 * Takes calls out of the outbox. SKIP LOCKED: never waits on (or deadlocks with) a worker or another
 * relay writing the same rows; a row skipped stays in the outbox, and relaying it again is a no-op.
 */
export async function markJobsQueued(db: Knex, callUuids: string[]): Promise<void> {
  if (callUuids.length)
    await db.raw(
      `UPDATE calls SET job_queued_at = now() WHERE id IN (SELECT id FROM calls
         WHERE call_uuid = ANY(?::uuid[]) AND job_queued_at IS NULL FOR UPDATE SKIP LOCKED)`,
      [callUuids],
    );
}

/**
 * Ends claimed calls whose number can no longer be read (the outbox relay; the caller skips their
 * numbers in the same transaction): ended and settled at once, nothing billed, unless a worker has
 * originated them meanwhile.
 */
export async function endUnreadable(trx: Knex, ids: Id[]): Promise<void> {
  await trx('calls')
    .whereIn('id', ids)
    .where('status', 'dialing')
    .whereNull('originated_at')
    .update({ status: 'ended', ended_at: trx.fn.now(), settled_at: trx.fn.now(), charged_fen: 0 });
}

// ---- Calls never placed (server/src/dialer/returnUndialled.ts) ----------------------------------

/** The records returnNeverDialled takes: never originated, or refused by the switch for the line. */
export const NEVER_PLACED_SQL = `(originated_at IS NULL OR (coalesce(reason->>'kind', '') = 'notPlaced' AND answered_at IS NULL))`;

/** An UPDATE of calls for the caller to end with `RETURNING …` (and wrap in its own statement). */
export interface CallsPick {
  sql: string;
  bindings: Knex.RawBinding[];
}

/**
 * Ends the open task calls no worker has originated yet, with `reason` (a notPlaced reason). The
 * worker's claimOriginate sets originated_at only on an open record: one of the two wins.
 */
export const withdrawOpenSql = (reason: unknown): CallsPick => ({
  sql: `UPDATE calls SET status = 'ended', ended_at = now(), settled_at = now(), charged_fen = 0,
       result_level = NULL, reason = ?::jsonb
     WHERE id IN (SELECT id FROM calls WHERE status = 'dialing' AND originated_at IS NULL
       AND task_id IS NOT NULL ORDER BY id FOR UPDATE)`,
  bindings: [JSON.stringify(reason)],
});

/**
 * Task calls closed without an originate, not settled yet: settled with nothing billed, their reason
 * made a notPlaced one. settleCall locks the row and re-checks settled_at: a call is either returned
 * or settled.
 */
export const returnNeverDialledSql = (limit: number): CallsPick => ({
  sql: `UPDATE calls SET settled_at = now(), charged_fen = 0, result_level = NULL, grade = NULL,
       billable_ms = 0, reason = ((CASE WHEN jsonb_typeof(reason) = 'object' THEN reason ELSE '{}'::jsonb END)
         || jsonb_build_object('kind', 'notPlaced', 'code', 'notPlaced',
         -- the reason it had becomes the why (domain/reasons.ts): its code when it has one, else its text
         'params', jsonb_build_object('why', CASE WHEN reason->>'code' IS NOT NULL
           THEN jsonb_strip_nulls(jsonb_build_object('code', reason->'code', 'params', reason->'params',
             'more', reason->'more'))
           ELSE to_jsonb(coalesce(reason->>'text', reason #>> '{}', '')) END),
         'text', left(? || coalesce(reason->>'text', reason #>> '{}', ''), 300))) - 'more'
     WHERE id IN (SELECT id FROM calls WHERE status = 'ended' AND settled_at IS NULL
       AND ${NEVER_PLACED_SQL} AND task_id IS NOT NULL AND NOT test
       ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)`,
  bindings: [NOT_PLACED_TEXT, limit],
});

// ---- The call on the wire (media worker) --------------------------------------------------------

/**
 * Marks the record as dialled from `node` at `atMs` (the line's originate token: the originate is
 * sent right after this write); false when someone (an earlier attempt) did already.
 */
export async function claimOriginate(
  db: Knex,
  id: number,
  node: string,
  worker: string | null,
  atMs: number,
): Promise<boolean> {
  const n = await db('calls')
    .where({ id })
    .whereNull('originated_at')
    .whereNot('status', 'ended')
    // First alive stamp with the originate (stampWorkerCalls stamps it on from then on).
    .update({ originated_at: new Date(atMs), fs_node: node, media_worker: worker, alive_at: new Date(atMs) });
  return n === 1;
}

/** Moves the status forward only (dialing -> ringing -> answered), whatever order writes land in. */
export async function setStatus(db: Knex, id: number, status: 'ringing' | 'answered'): Promise<void> {
  const extra = status === 'answered' ? { answered_at: db.fn.now() } : {};
  const before = status === 'answered' ? ['dialing', 'ringing'] : ['dialing'];
  await db('calls')
    .where({ id })
    .whereIn('status', before)
    .update({ status, ...extra });
}

/**
 * Stamps alive_at on a worker's open calls (media/src/calls/aliveLoop.ts, every CALLS_ALIVE_MS): the
 * last moment each was known alive (a lost call's talk is billed up to it).
 */
export async function stampWorkerCalls(db: Knex, workerId: string): Promise<void> {
  // calls_open (a partial index on the open calls) keeps this one short scan.
  await db('calls')
    .where({ media_worker: workerId })
    .whereNot('status', 'ended')
    .update({ alive_at: db.fn.now() });
}

/** How the transfer to a seat ended (calls.transfer_outcome / transfer_seat_id). */
export async function setTransferOutcome(
  db: Knex,
  id: number,
  outcome: TransferOutcome,
  seatId: number | null,
): Promise<void> {
  await db('calls').where({ id }).update({ transfer_outcome: outcome, transfer_seat_id: seatId });
}

/** The grade an LLM gave the conversation (media/src/calls/bots.ts). */
export async function setLlmGrade(db: Knex, id: number, grade: LlmGrade): Promise<void> {
  await db('calls').where({ id }).update({ llm_grade: grade });
}

/**
 * The first opt-out sentence the customer said (media/src/calls/requests.ts). A settled record is not
 * changed any more (what it asked for has been applied).
 */
export async function storeOptOutSentence(db: Knex, id: number, sentence: string): Promise<void> {
  await db('calls')
    .where({ id })
    .whereNull('settled_at')
    .whereNull('opt_out_sentence')
    .update({ opt_out_sentence: sentence });
}

/** The last callback the customer asked for (a CallbackNote as JSON); not once settled. */
export async function storeCallback(db: Knex, id: number, note: string): Promise<void> {
  await db('calls').where({ id }).whereNull('settled_at').update({ callback: note });
}

// ---- Closing ------------------------------------------------------------------------------------

/** The worker's close: what a lost call's close writes, and what only the conversation knows. */
export interface CloseFields extends LostCallClose {
  grade: number | null;
  labels: string[];
  rounds: number;
  recordingPath: string | null;
}

/** Closes the record (the media worker); true only for the one call that closed it. */
export async function closeRecord(db: Knex, id: number, f: CloseFields): Promise<boolean> {
  const n = await db('calls')
    .where({ id })
    .whereNot('status', 'ended')
    .update({
      status: 'ended',
      result_level: f.resultLevel,
      grade: f.grade,
      labels: f.labels,
      hangup_cause: f.hangupCause,
      sip_status: f.sipStatus,
      ring_ms: Math.max(0, Math.round(f.ringMs)),
      talk_ms: Math.max(0, Math.round(f.talkMs)),
      total_ms: Math.max(0, Math.round(f.totalMs)),
      billable_ms: Math.max(0, Math.round(f.billableMs)),
      rounds: f.rounds,
      reason: JSON.stringify(f.reason ?? null),
      recording_path: f.recordingPath,
      ended_at: db.fn.now(),
    });
  return n === 1;
}

/**
 * Closes a dead worker's outbound call with what is known (server/src/dialer/lostOutbound.ts,
 * domain/lostCall.ts); true only for the one call that closed it (a close by the retried job first
 * makes this a no-op).
 */
export async function closeLostCall(db: Knex, id: Id, c: LostCallClose): Promise<boolean> {
  const n = await db('calls')
    .where({ id })
    .whereNot('status', 'ended')
    .update({
      status: 'ended',
      result_level: c.resultLevel,
      grade: null,
      hangup_cause: c.hangupCause,
      sip_status: c.sipStatus,
      ring_ms: c.ringMs,
      talk_ms: c.talkMs,
      total_ms: c.totalMs,
      billable_ms: c.billableMs,
      reason: JSON.stringify(c.reason),
      ended_at: db.fn.now(),
    });
  return n === 1;
}

// ---- Settlement (server/src/dialer/settle.ts, in its one transaction) ---------------------------

/** The customer the settlement found or made for the call (customerResult.ts, requests.ts). */
export async function linkCustomer(trx: Knex, id: Id, customerId: Id): Promise<void> {
  await trx('calls').where({ id }).update({ customer_id: customerId });
}

/**
 * The statement that marks a call settled with what it charged; the settlement runs it with the
 * reports rollups riding on it (rollUpCall), as the last write of its transaction.
 */
export const markSettledStatement = (
  id: Id,
  chargedFen: number,
): { sql: string; bindings: Knex.RawBinding[] } => ({
  sql: 'UPDATE calls SET settled_at = now(), charged_fen = ? WHERE id = ?',
  bindings: [chargedFen, id],
});

// --- Users' writes on records (the call-records page, the seat desk) ---

/** The record was opened: no longer unread. */
export async function markRead(db: Knex, id: Id): Promise<void> {
  await db('calls').where({ id }).update({ read: true });
}

/** Marks or unmarks the records the subquery selects as followed (关注); how many. */
export async function setCallsFocus(db: Knex, ids: Knex.QueryBuilder, focus: boolean): Promise<number> {
  return db('calls').whereIn('id', ids).update({ focus });
}

/** Links records to one customer (records moved to my customers). */
export async function linkCustomerToCalls(trx: Knex, ids: number[], customerId: Id): Promise<void> {
  await trx('calls').whereRaw('id = any(?::bigint[])', [ids]).update({ customer_id: customerId });
}

/** Gives records to another account of the subtree (allocation). */
export async function allocateCalls(trx: Knex, ids: number[], accountId: Id): Promise<void> {
  await trx('calls').whereRaw('id = any(?::bigint[])', [ids]).update({ account_id: accountId });
}

/** Deletes the records whose ids the subquery selects; the number deleted. */
export async function deleteCalls(db: Knex, ids: Knex.QueryBuilder): Promise<number> {
  return db('calls').whereIn('id', ids).delete();
}
