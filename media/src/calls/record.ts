// The call record and its conversation lines (migration 2026-11-22-2100-calls). One row per call
// uuid: created by whoever comes first (the test-call endpoint or the worker), claimed once for the
// originate, closed once (UPDATE … WHERE status <> 'ended': a second close changes nothing).
import type { Knex } from 'knex';
import { phoneHash } from '../../../platform/secrets';
import {
  mergeCustomerLine,
  type CallStatus,
  type ConversationLine,
  type DialJob,
  type LineType,
} from '../../../domain/calls';
import { maskPhone } from '../../../domain/format';
import { log } from '../../../platform/log';

export interface OpenRecord {
  id: number;
  status: CallStatus;
  originatedAt: Date | null;
  fsNode: string | null;
  mediaWorker: string | null;
}

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
    // First alive stamp with the originate (aliveLoop.ts stamps it on from then on).
    .update({ originated_at: new Date(atMs), fs_node: node, media_worker: worker, alive_at: new Date(atMs) });
  return n === 1;
}

export async function recordStatus(db: Knex, id: number): Promise<CallStatus | undefined> {
  return (await db('calls').where({ id }).first('status'))?.status;
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

export interface CloseFields {
  resultLevel: number;
  grade: number | null;
  labels: string[];
  hangupCause: string | null;
  sipStatus: number | null;
  ringMs: number;
  talkMs: number;
  totalMs: number;
  billableMs: number;
  rounds: number;
  reason: unknown;
  recordingPath: string | null;
}

/** Closes the record; true only for the one call that closed it. */
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

export interface NewLine {
  khtype: LineType;
  khcontent: string;
  khvoicepath: string[];
  loseFlag?: boolean;
  reduceNoiseRate?: number | null;
  reason?: unknown;
}

/**
 * The transcript of one call, written as it happens. Writes are chained so seq order is the
 * speaking order; a customer line right after a customer line is merged into it (SPEC §3).
 */
export class Transcript {
  private seq = 0;
  private readonly bySeq = new Map<number, ConversationLine>();
  private last: ConversationLine | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    private readonly callId: number,
    private readonly onLine: (line: ConversationLine) => void,
  ) {}

  get lastLine(): ConversationLine | null {
    return this.last;
  }

  add(l: NewLine): ConversationLine {
    const merged = mergeCustomerLine(this.last, l);
    const line: ConversationLine = merged
      ? { ...this.last!, ...merged, loseFlag: this.last!.loseFlag || !!l.loseFlag }
      : {
          seq: ++this.seq,
          khtype: l.khtype,
          khcontent: l.khcontent,
          khvoicepath: l.khvoicepath,
          loseFlag: !!l.loseFlag,
          inserttime: new Date().toISOString(),
          reduceNoiseRate: l.reduceNoiseRate ?? null,
          reason: l.reason ?? null,
        };
    this.last = line;
    this.write(line);
    return line;
  }

  /** Marks the last customer line as not understood (the engine found no match for it). */
  markLost(): void {
    if (!this.last || this.last.khtype !== 'customer' || this.last.loseFlag) return;
    this.last = { ...this.last, loseFlag: true };
    this.write(this.last);
  }

  /** Every line so far, in order (a merged customer line once, as it is now). */
  lines(): ConversationLine[] {
    return [...this.bySeq.values()];
  }

  private write(line: ConversationLine): void {
    this.bySeq.set(line.seq, line);
    this.onLine(line);
    const row = {
      call_id: this.callId,
      seq: line.seq,
      khtype: line.khtype,
      khcontent: line.khcontent,
      khvoicepath: line.khvoicepath,
      lose_flag: line.loseFlag,
      inserttime: line.inserttime,
      reduce_noise_rate: line.reduceNoiseRate,
      reason: JSON.stringify(line.reason ?? null),
    };
    this.chain = this.chain
      .then(() =>
        this.db('conversation_lines')
          .insert(row)
          .onConflict(['call_id', 'seq'])
          .merge(['khcontent', 'khvoicepath', 'lose_flag']),
      )
      .catch((err: Error) =>
        log.error('call: transcript write failed', { callId: this.callId, err: err.message }),
      );
  }

  /** Resolves when every line is written. */
  flush(): Promise<unknown> {
    return this.chain;
  }
}
