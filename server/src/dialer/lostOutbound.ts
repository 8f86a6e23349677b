// Outbound calls of a media worker that died (SIGKILL, a lost machine), closed within seconds of the
// death (issue 21) instead of after Bull's stalled-job check (a minute or more) and whether or not any
// worker is left. A worker stamps its open calls alive every 2 s with a short-lived Redis key beside
// (media/src/calls/aliveLoop.ts); a call whose stamp is stale and whose worker's key is gone is lost.
// It is closed here with what is known (domain/lostCall.ts): the hang-up the switch reported when a
// living worker heard it, else unknown (90) with talk billed up to the last alive stamp. The record is
// then settled by the settlement outbox like any other, once: the dead worker's retried job finds it
// ended (and hangs up a channel still up), and a close by that job first makes this close a no-op
// (platform/callRecord.ts closeLostCall).
// Living workers hang up the channels closed here (lostChannelsChannel).
import {
  aliveConnectionName,
  CALLS_ALIVE_STALE_S,
  STARVED_GRACE_S,
  RINGING_GRACE_S,
  callsAliveKey,
  lostCallClose,
  lostChannelsChannel,
  lostHangupKey,
  LOST_HANGUP_TTL_S,
  type LostCallClose,
  type LostChannels,
  type LostHangup,
} from '../../../domain/lostCall';
import { outboundLegHangupOf } from '../../../domain/cdr';
import { Events, rooms, type CallStateEvent } from '../../../domain/events';
import type { Deps } from '../deps';
import { closeLostCall } from '../../../platform/callRecord';

const BATCH = 500;

interface OpenOutbound {
  id: string;
  call_uuid: string;
  media_worker: string;
  fs_node: string | null;
  account_id: string;
  task_id: string | null;
  line_id: string | null;
  phone_masked: string;
  test: boolean;
  originated_at: Date;
  answered_at: Date | null;
  alive_at: Date | null;
}

const parseSeen = (raw: string | null): LostHangup | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as LostHangup;
  } catch {
    return null;
  }
};

/** Names of the open Redis subscriber connections (the workers' alive connections are among them). */
async function openConnectionNames(deps: Deps): Promise<Set<string>> {
  const list = (await deps.redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
  const names = new Set<string>();
  for (const line of list.split('\n')) {
    const m = / name=(\S+)/.exec(line);
    if (m) names.add(m[1]!);
  }
  return names;
}

/**
 * Where an open outbound call's stamp is stale (on the database's clock, which stamped it): a living
 * worker's calls are stamped every 2 s, so this matches (through calls_open) almost nothing while all
 * is well. A call never stamped (a worker without the alive loop) is left to its job's retry. One not
 * answered waits a little longer for the switch to say how it ended (RINGING_GRACE_S).
 */
const STALE_OUTBOUND = `status <> 'ended' AND direction = 'out' AND media_worker IS NOT NULL
  AND originated_at IS NOT NULL AND alive_at < now() - make_interval(secs => ?)
  AND (answered_at IS NOT NULL OR alive_at < now() - make_interval(secs => ?))`;

/** Closes the open outbound calls of dead media workers; returns the uuids it closed. */
export async function closeLostOutbound(deps: Deps, limit = BATCH): Promise<string[]> {
  const prefix = deps.config.redisPrefix;
  const stale = [CALLS_ALIVE_STALE_S, RINGING_GRACE_S];
  const { rows: stamped } = (await deps.db.raw(
    `SELECT DISTINCT media_worker FROM calls WHERE ${STALE_OUTBOUND}`,
    stale,
  )) as { rows: { media_worker: string }[] };
  if (!stamped.length) return [];
  const workers = stamped.map((r) => r.media_worker);
  const exists = await deps.redis.pipeline(workers.map((w) => ['exists', callsAliveKey(prefix, w)])).exec();
  const lapsed = workers.filter((_, i) => exists?.[i]?.[0] === null && exists[i]![1] === 0);
  if (!lapsed.length) return [];
  // A lapsed key with the worker's connection still open: starved, not dead (a grace, not for ever).
  // Decided before the batch is read, so a starved worker's calls never fill it ahead of a dead one's.
  const connected = await openConnectionNames(deps);
  const starved = lapsed.filter((w) => connected.has(aliveConnectionName(prefix, w)));
  const { rows: lost } = (await deps.db.raw(
    `SELECT id, call_uuid, media_worker, fs_node, originated_at, answered_at, alive_at,
            account_id, task_id, line_id, phone_masked, test FROM calls
     WHERE ${STALE_OUTBOUND} AND media_worker = ANY(?::text[])
       AND (media_worker <> ALL(?::text[]) OR alive_at < now() - make_interval(secs => ?))
     ORDER BY id LIMIT ?`,
    [...stale, lapsed, starved, STARVED_GRACE_S, limit],
  )) as { rows: OpenOutbound[] };
  if (!lost.length) return [];
  const seen = await deps.redis.mget(lost.map((r) => lostHangupKey(prefix, r.call_uuid)));

  const closed: LostChannels['calls'] = [];
  for (const [i, r] of lost.entries()) {
    const heard = parseSeen(seen[i] ?? null);
    const c = lostCallClose(
      { originatedAt: new Date(r.originated_at), answeredAt: r.answered_at, aliveAt: r.alive_at },
      heard,
    );
    const done = await closeLostCall(deps.db, r.id, c);
    if (done && !heard) closed.push({ uuid: r.call_uuid, fsNode: r.fs_node });
    if (done) {
      console.warn(`call ${r.call_uuid}: media worker ${r.media_worker} died; closed (${c.resultLevel})`);
      emitEnded(deps, r, c);
    }
  }
  // Channels still up (nobody heard them end): hung up by a living worker driving their node.
  if (closed.length)
    await deps.redis.publish(
      lostChannelsChannel(prefix),
      JSON.stringify({ calls: closed } satisfies LostChannels),
    );
  return lost.map((r) => r.call_uuid);
}

/**
 * The 'ended' call:state the dead worker never sent, as a worker sends it (media/src/calls/live.ts):
 * at once to the call's watchers, batched to its account and task rooms, so the wallboard and task
 * overview drop the call now rather than at settlement.
 */
function emitEnded(deps: Deps, r: OpenOutbound, c: LostCallClose): void {
  const taskId = r.task_id === null ? null : Number(r.task_id);
  const e: CallStateEvent = {
    callUuid: r.call_uuid,
    accountId: Number(r.account_id),
    taskId,
    status: 'ended',
    resultLevel: c.resultLevel,
    grade: null,
    test: r.test,
    talkMs: c.talkMs,
    billableMs: c.billableMs,
    ...(r.line_id === null ? {} : { lineId: Number(r.line_id) }),
    phoneMasked: r.phone_masked,
    transferOutcome: null,
    at: new Date().toISOString(),
  };
  deps.live.toRooms([rooms.call(r.call_uuid)], Events.CallState, e);
  const batched = [rooms.account(e.accountId), ...(taskId === null ? [] : [rooms.task(taskId)])];
  deps.live.toRoomsBatched(batched, [Events.CallState, e]);
}

/**
 * Keeps how an outbound leg ended, from the switch's CDR (POST /fsapi/cdr): with a single media worker,
 * dead, nobody else hears the switch, but FreeSWITCH still posts each leg's CDR. One Redis SET.
 */
export async function rememberOutboundLeg(deps: Pick<Deps, 'redis' | 'config'>, doc: unknown): Promise<void> {
  const leg = outboundLegHangupOf(doc);
  if (!leg) return;
  await deps.redis
    .set(
      lostHangupKey(deps.config.redisPrefix, leg.uuid),
      JSON.stringify(leg.hangup),
      'EX',
      LOST_HANGUP_TTL_S,
    )
    .catch(() => undefined);
}
