// What lets the server close a dead worker's outbound calls within seconds (domain/lostCall.ts,
// server/src/dialer/lostOutbound.ts), off every call's hot path:
// - the alive loop: every CALLS_ALIVE_MS one Redis SET (the worker's alive key, short TTL) and one
//   batched UPDATE stamping alive_at on this worker's open calls (the last moment each was known
//   alive: an orphan's talk is billed up to it);
// - hang-ups of channels this worker does not drive (every worker hears the switch's events): kept a
//   while in Redis, so a dead worker's call keeps the result the switch reported (busy, no answer…);
// - channels the server closed as lost are hung up by the worker driving their node, so a customer
//   does not sit in silence.
// All of it runs only in a worker with an id (the media process: media/src/main.ts).
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import {
  aliveConnectionName,
  CALLS_ALIVE_MS,
  CALLS_ALIVE_TTL_MS,
  callsAliveKey,
  LOST_HANGUP_TTL_S,
  lostChannelsChannel,
  lostHangupKey,
  type LostChannels,
  type LostHangup,
} from '../../../domain/lostCall';
import type { EslEvent } from '../esl/events';
import type { NodePool } from '../esl/pool';
import { log } from '../../../platform/log';
import { stampWorkerCalls } from '../../../platform/callRecord';

export interface AliveLoopDeps {
  db: Knex;
  redis: Redis;
  prefix: string;
  workerId: string;
  pool: NodePool;
  /** Calls this worker drives (never hung up on the server's word). */
  isActive(uuid: string): boolean;
}

/** The worker's alive key (short TTL): says the process lives. */
const setAliveKey = (d: Pick<AliveLoopDeps, 'redis' | 'prefix' | 'workerId'>) =>
  d.redis.set(callsAliveKey(d.prefix, d.workerId), String(Date.now()), 'PX', CALLS_ALIVE_TTL_MS);

/** Starts the loop, the hang-up memory and the lost-channel listener; resolves to their stop. */
export async function startAliveLoop(d: AliveLoopDeps): Promise<() => Promise<void>> {
  await setAliveKey(d);
  await stampWorkerCalls(d.db, d.workerId);
  let stamping: Promise<void> | null = null;
  const timer = setInterval(() => {
    // The alive key never waits behind a slow database's stamp (a call whose stamp is late but whose
    // worker's key is there is not swept).
    void setAliveKey(d).catch(() => undefined);
    // One stamp at a time: a slow database is not piled on.
    stamping ??= stampWorkerCalls(d.db, d.workerId)
      .catch((err: Error) =>
        log.error('media: alive stamp failed', { workerId: d.workerId, err: err.message }),
      )
      .finally(() => (stamping = null));
  }, CALLS_ALIVE_MS);

  const offs: (() => void)[] = [];
  for (const node of d.pool.nodes) {
    const onHangup = (ev: EslEvent) => {
      if (ev.name !== 'CHANNEL_HANGUP_COMPLETE') return;
      const seen: LostHangup = {
        cause: ev.cause,
        sipStatus: ev.sipStatus,
        createdUs: ev.createdUs,
        answeredUs: ev.answeredUs,
        hangupUs: ev.hangupUs,
      };
      void d.redis
        .set(lostHangupKey(d.prefix, ev.uuid), JSON.stringify(seen), 'EX', LOST_HANGUP_TTL_S)
        .catch(() => undefined);
    };
    node.on('unownedHangup', onHangup);
    offs.push(() => node.off('unownedHangup', onHangup));
  }

  // Named: the server tells a starved worker (still connected) from a dead one (lostOutbound.ts).
  const sub = d.redis.duplicate({ connectionName: aliveConnectionName(d.prefix, d.workerId) });
  const channel = lostChannelsChannel(d.prefix);
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let msg: LostChannels;
    try {
      msg = JSON.parse(raw) as LostChannels;
    } catch {
      return;
    }
    for (const c of msg.calls ?? []) {
      if (d.isActive(c.uuid)) continue;
      const node = (c.fsNode ? d.pool.byName(c.fsNode) : undefined) ?? d.pool.pick();
      if (node?.connected) void node.api(`uuid_kill ${c.uuid} NORMAL_CLEARING`).catch(() => undefined);
    }
  });
  await sub.subscribe(channel);

  return async () => {
    clearInterval(timer);
    await stamping;
    for (const off of offs) off();
    await sub.unsubscribe(channel).catch(() => undefined);
    sub.disconnect();
    // Its open calls (their jobs are retried elsewhere) are the server's to close as soon as stamps stop.
    await d.redis.del(callsAliveKey(d.prefix, d.workerId)).catch(() => undefined);
  };
}
