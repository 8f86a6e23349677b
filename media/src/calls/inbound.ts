// Inbound calls: the dialplan parks a call to one of our numbers (CHANNEL_PARK, Call-Direction
// inbound) and every worker connected to that node hears it; one claims it (Redis SET NX on the
// channel uuid). The dialed number (Caller-Destination-Number) and the line the call arrived on
// (inboundRoute.ts: the gateway FreeSWITCH matched, else the source address) pick the reception scene;
// a scene on another line is not this call's, whatever its number. A bot scene
// runs the same CallSession as an outbound call (answered instead of originated), a seat-group scene
// offers the call to the group's seats (inboundSeat.ts). A number no scene answers is turned away
// unanswered with UNALLOCATED_NUMBER (SIP 404: the caller's carrier says the number is not in use)
// and noted in a capped Redis list; a known scene that cannot answer (disabled, bot unpublished)
// turns the call away with NO_ROUTE_DESTINATION and leaves a record for the scene's owner.
import type { Knex } from 'knex';
import type { DialJob } from '../../../domain/calls';
import { maskPhone } from '../../../domain/format';
import { didOf, REJECT_CAUSE, type InboundRoute } from '../../../domain/scenes';
import { coded, type ReasonCode } from '../../../domain/reasons';
import type { EslEvent } from '../esl/events';
import type { EslNode } from '../esl/node';
import type { NodePool } from '../esl/pool';
import { customerOf } from './inboundRecord';
import { arrivalOf, routeOf } from './inboundRoute';
import { sweepLostInbound, SWEEP_MS } from './inboundRecover';
import { InboundSeatCall } from './inboundSeat';
import { outcomeOf, UNKNOWN_FACTS } from './outcome';
import { closeRecord, openInboundRecord, type InboundCall } from '../../../platform/callRecord';
import { CallSession, type SessionDeps } from './session';
import { checkJob } from './checkJob';
import { log } from '../../../platform/log';

/** How long a claim on an inbound channel is kept (longer than any call). */
const CLAIM_TTL_S = 6 * 3600;
/** Turned-away calls kept for inspection (newest first). */
export const REJECTED_KEEP = 1000;
export const inboundClaimKey = (prefix: string, uuid: string) => `${prefix}:inbound:claim:${uuid}`;
export const inboundRejectedKey = (prefix: string) => `${prefix}:inbound:rejected`;

export interface RejectedInbound {
  at: string;
  node: string;
  did: string;
  caller: string;
  why: string;
}

type Active = CallSession | InboundSeatCall;

/** The record's reason when a known scene cannot answer. */
const REFUSED = {
  disabled: 'inbound_disabled',
  botUnpublished: 'inbound_botUnpublished',
  noGroup: 'inbound_noGroup',
} as const satisfies Record<string, ReasonCode>;

export interface InboundCalls {
  active: Map<string, Active>;
  /** Resolves when the calls started so far have ended. */
  idle(): Promise<void>;
  stop(): void;
}

const digits = (s: string | undefined, max = 20) => (s ?? '').replace(/\D/g, '').slice(0, max);

export function listenInbound(pool: NodePool, deps: SessionDeps): InboundCalls {
  const active = new Map<string, Active>();
  const running = new Set<Promise<void>>();
  const offs: Array<() => void> = [];
  for (const node of pool.nodes) {
    const onParked = (ev: EslEvent) => {
      const p = handle(node, ev).catch((err: Error) =>
        log.error('inbound call failed', { callUuid: ev.uuid, node: node.config.name, err: err.message }),
      );
      running.add(p);
      void p.finally(() => running.delete(p));
    };
    const onDown = () => {
      for (const c of active.values()) if (c.nodeName === node.config.name) c.nodeDown();
    };
    node.on('parked', onParked);
    node.on('down', onDown);
    offs.push(() => {
      node.off('parked', onParked);
      node.off('down', onDown);
    });
  }

  async function handle(node: EslNode, ev: EslEvent): Promise<void> {
    if (ev.headers.get('Call-Direction') !== 'inbound' || !/^[0-9a-f-]{36}$/i.test(ev.uuid)) return;
    const { redis, config } = deps;
    const claimed = await redis.set(
      inboundClaimKey(config.redisPrefix, ev.uuid),
      deps.workerId ?? 'worker',
      'EX',
      CLAIM_TTL_S,
      'NX',
    );
    if (claimed !== 'OK') return;
    const did = didOf(ev.headers.get('Caller-Destination-Number'));
    const caller = digits(ev.headers.get('Caller-Caller-ID-Number') ?? ev.headers.get('Caller-ANI')) || '0';
    const route = await routeOf(deps.db, did, arrivalOf(ev));
    if (route.kind === 'reject') return reject(node, ev, route, did, caller);
    const call: InboundCall = {
      callUuid: ev.uuid,
      accountId: route.accountId,
      sceneId: route.sceneId,
      lineId: route.lineId,
      botId: route.kind === 'bot' ? route.botId : null,
      botVersion: route.kind === 'bot' ? route.botVersion : null,
      phone: caller,
    };
    const customerId = await customerOf(deps.db, config.secretKey, call.accountId, caller);
    const recordId = await openInboundRecord(deps.db, config.secretKey, call, customerId);
    const job: DialJob = {
      callUuid: ev.uuid,
      accountId: route.accountId,
      botId: call.botId ?? 0,
      botVersion: call.botVersion ?? 0,
      lineId: route.lineId,
      phone: caller,
      callerNumber: did ?? '',
      customerId,
      taskId: null,
      direction: 'in',
      fsNode: node.config.name,
    };
    const c: Active =
      route.kind === 'bot'
        ? new CallSession(checkJob(job), deps)
        : new InboundSeatCall(
            {
              ...checkSeatJob(job),
              seatGroupId: route.seatGroupId,
              waitSeconds: route.waitSeconds,
              recordId,
            },
            deps,
            node,
            await linePrefix(deps.db, route.lineId),
          );
    active.set(c.uuid, c);
    try {
      await c.run();
    } catch (err) {
      await giveUp(deps.db, recordId, err as Error);
      await node.api(`uuid_kill ${ev.uuid} NORMAL_TEMPORARY_FAILURE`).catch(() => undefined);
      throw err;
    } finally {
      active.delete(c.uuid);
    }
  }

  async function reject(
    node: EslNode,
    ev: EslEvent,
    route: Extract<InboundRoute, { kind: 'reject' }>,
    did: string | null,
    caller: string,
  ): Promise<void> {
    const cause = REJECT_CAUSE[route.why];
    await node.api(`uuid_kill ${ev.uuid} ${cause}`).catch(() => undefined);
    const entry: RejectedInbound = {
      at: new Date().toISOString(),
      node: node.config.name,
      did: did ?? digits(ev.headers.get('Caller-Destination-Number')),
      caller: maskPhone(caller),
      why: route.why,
    };
    const key = inboundRejectedKey(deps.config.redisPrefix);
    await deps.redis
      .multi()
      .lpush(key, JSON.stringify(entry))
      .ltrim(key, 0, REJECTED_KEEP - 1)
      .exec();
    log.warn('inbound call turned away', { did: entry.did, caller: entry.caller, why: route.why, cause });
    if (route.why !== 'unknownNumber') await recordRefused(route.sceneId, caller, ev, cause, route.why);
  }

  /** A scene that exists but cannot answer: its owner sees the missed call in /dialcenter/callin. */
  async function recordRefused(sceneId: number, caller: string, ev: EslEvent, cause: string, why: string) {
    const s = await deps.db('scenes').where({ id: sceneId }).first('id', 'account_id', 'line_id', 'bot_id');
    if (!s) return;
    const id = await openInboundRecord(
      deps.db,
      deps.config.secretKey,
      {
        callUuid: ev.uuid,
        accountId: Number(s.account_id),
        sceneId: Number(s.id),
        lineId: s.line_id === null ? null : Number(s.line_id),
        botId: s.bot_id === null ? null : Number(s.bot_id),
        botVersion: null,
        phone: caller,
      },
      null,
    );
    const now = Date.now() * 1000;
    const o = outcomeOf({
      ...UNKNOWN_FACTS,
      unknown: null,
      hangupCause: cause,
      createdUs: now,
      hangupUs: now,
    });
    const said = coded(REFUSED[why as keyof typeof REFUSED] ?? 'inbound_refused');
    await closeRecord(deps.db, id, {
      ...o,
      reason: { kind: 'hangup', ...said },
      hangupCause: cause,
      sipStatus: null,
      rounds: 0,
      recordingPath: null,
    });
  }

  // Calls a dead worker left open (inboundRecover.ts).
  const sweep = setInterval(() => {
    void sweepLostInbound({
      db: deps.db,
      workerAlive: deps.workerAlive,
      nodeOf: (name) => pool.byName(name),
      isActive: (uuid) => active.has(uuid),
    }).catch((err: Error) => log.error('inbound sweep failed', { err: err.message }));
  }, SWEEP_MS);
  sweep.unref();

  return {
    active,
    async idle() {
      await Promise.allSettled([...running]);
    },
    stop() {
      clearInterval(sweep);
      for (const off of offs) off();
    },
  };
}

/** checkJob without the bot (a seat-group call has none). */
function checkSeatJob(j: DialJob): DialJob {
  checkJob({ ...j, botId: 1, botVersion: 1 });
  return j;
}

async function linePrefix(db: Knex, lineId: number): Promise<string> {
  const r = await db('sip_lines').where({ id: lineId }).first('prefix');
  return r?.prefix ?? '';
}

async function giveUp(db: Knex, recordId: number, err: Error): Promise<void> {
  const now = Date.now() * 1000;
  const o = outcomeOf({
    ...UNKNOWN_FACTS,
    createdUs: now,
    hangupUs: now,
    unknown: { code: 'inboundError', params: { error: err.message.slice(0, 200) } },
  });
  await closeRecord(db, recordId, {
    ...o,
    hangupCause: null,
    sipStatus: null,
    rounds: 0,
    recordingPath: null,
  });
}
