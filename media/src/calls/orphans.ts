// Outbound calls left open by a media worker that died (SIGKILL, a lost machine): found by its
// heartbeat, as inbound calls are (inboundRecover.ts), by every living worker every SWEEP_MS, and
// closed within seconds of the death instead of waiting for Bull's stalled-job check (a minute or
// more). Each is closed with what the switch reported when a living worker heard it (the hang-up of
// a channel nobody owned: HangupMemory), its still-live channel hung up so the customer does not sit
// in silence, and its talk billed up to the last moment the dead worker's heartbeat saw it alive
// (calls.alive_at, refreshAlive). The dead worker's dial jobs come back later through Bull; by then
// their records are closed and the retry does nothing (session.ts run).
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import { MEDIA_HEARTBEAT_TTL_S } from '../../../domain/media';
import type { EslEvent } from '../esl/events';
import type { EslNode } from '../esl/node';
import { orphanOutcome, type SeenHangup } from './recover';
import { closeRecord } from './record';
import { releaseSlots } from './slots';

/** How often a living worker looks for a dead one's calls (its heartbeat lapses within 8 s). */
export const ORPHAN_SWEEP_MS = 2000;
const BATCH = 200;
/** How long a hang-up of a channel nobody here owns is remembered (the owner's death shows by then). */
const REMEMBER_MS = 120_000;
const REMEMBER_MAX = 20_000;

type Hangup = Extract<EslEvent, { name: 'CHANNEL_HANGUP_COMPLETE' }>;

/**
 * Hang-ups of channels this worker does not drive: every worker hears the switch's events, so when
 * the worker driving a call dies, the others still hear how the call ended (busy, no answer, the
 * customer hanging up). Most belong to living workers and are simply forgotten.
 */
export class HangupMemory {
  private readonly seen = new Map<string, SeenHangup & { at: number }>();

  note(ev: Hangup): void {
    if (this.seen.size >= REMEMBER_MAX) this.prune(true);
    this.seen.set(ev.uuid, {
      cause: ev.cause,
      sipStatus: ev.sipStatus,
      createdUs: ev.createdUs,
      answeredUs: ev.answeredUs,
      hangupUs: ev.hangupUs,
      at: Date.now(),
    });
  }

  get(uuid: string): SeenHangup | null {
    return this.seen.get(uuid) ?? null;
  }

  forget(uuid: string): void {
    this.seen.delete(uuid);
  }

  /** Drops old entries (all but the newest half when `full`). */
  prune(full = false): void {
    const cut = Date.now() - REMEMBER_MS;
    let drop = full ? Math.ceil(this.seen.size / 2) : 0;
    for (const [uuid, h] of this.seen) {
      if (h.at >= cut && drop <= 0) break;
      this.seen.delete(uuid);
      drop--;
    }
  }
}

/** Stamps this worker's open calls as alive now (called with each heartbeat). */
export async function refreshAlive(db: Knex, workerId: string): Promise<number> {
  return db('calls')
    .where({ media_worker: workerId })
    .whereNot('status', 'ended')
    .update({ alive_at: db.fn.now() });
}

export interface OrphanSweepDeps {
  db: Knex;
  redis: Redis;
  prefix: string;
  workerAlive(id: string): Promise<boolean>;
  nodeOf(name: string): EslNode | undefined;
  /** Any connected node, to hang up a channel whose node is not named. */
  anyNode(): EslNode | undefined;
  /** Calls this worker is running (never swept). */
  isActive(uuid: string): boolean;
  hangups: HangupMemory;
}

/** Closes the open outbound calls of dead workers; returns how many it closed. */
export async function sweepLostOutbound(d: OrphanSweepDeps): Promise<number> {
  d.hangups.prune();
  const open = () =>
    d
      .db('calls')
      .whereNot('status', 'ended')
      .where('direction', 'out')
      .whereNotNull('media_worker')
      .whereNotNull('originated_at');
  // Owners first: the living ones' calls (most of the open ones) are never read.
  const owners: string[] = (await open().distinct('media_worker')).map((r) => r.media_worker);
  const dead: string[] = [];
  for (const o of owners) if (!(await d.workerAlive(o))) dead.push(o);
  if (!dead.length) return 0;
  // A worker whose heartbeat was lost but which still stamps its calls (a Redis blip) is not dead.
  const rows = await open()
    .whereIn('media_worker', dead)
    // On the database's clock, which stamped alive_at.
    .whereRaw('coalesce(alive_at, originated_at) < now() - make_interval(secs => ?)', [MEDIA_HEARTBEAT_TTL_S])
    .orderBy('id')
    .limit(BATCH)
    .select(
      'id',
      'call_uuid',
      'account_id',
      'task_id',
      'line_id',
      'fs_node',
      'originated_at',
      'answered_at',
      'alive_at',
    );
  let closed = 0;
  for (const r of rows) {
    if (d.isActive(r.call_uuid)) continue;
    const node = (r.fs_node ? d.nodeOf(r.fs_node) : undefined) ?? d.anyNode();
    const seen = d.hangups.get(r.call_uuid);
    // The channel may still be up (FreeSWITCH keeps it when its ESL client goes): hang it up first.
    let channel: 'killed' | 'gone' | 'unknown' = 'unknown';
    if (!seen && node?.connected) {
      const exists = await node.api(`uuid_exists ${r.call_uuid}`).catch(() => '');
      if (exists.trim() === 'true') {
        await node.api(`uuid_kill ${r.call_uuid} NORMAL_CLEARING`).catch(() => undefined);
        channel = 'killed';
      } else if (exists.trim() === 'false') channel = 'gone';
    }
    const o = orphanOutcome(
      {
        originatedAt: new Date(r.originated_at),
        answeredAt: r.answered_at ? new Date(r.answered_at) : null,
        aliveAt: r.alive_at ? new Date(r.alive_at) : null,
      },
      seen,
      channel,
    );
    const done = await closeRecord(d.db, Number(r.id), {
      ...o,
      hangupCause: seen?.cause ?? null,
      sipStatus: seen?.sipStatus ?? null,
      rounds: 0,
      recordingPath: null,
    });
    d.hangups.forget(r.call_uuid);
    if (!done) continue;
    closed++;
    if (r.line_id !== null)
      await releaseSlots(d.redis, d.prefix, {
        callUuid: r.call_uuid,
        lineId: Number(r.line_id),
        accountId: Number(r.account_id),
        taskId: r.task_id === null ? null : Number(r.task_id),
      });
  }
  return closed;
}
