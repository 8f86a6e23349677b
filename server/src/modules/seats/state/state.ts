// Live seat state in Redis (the store: platform/seatStore.ts): reads, changes by the seat's user, by
// presence and by the transfer flow (markBusy / markWrapUp / markIdle), and the atomic claim of the
// longest-idle seat of a group (pick). Every change is pushed as seat:state to the seat's room and to
// the owner's and the user's account rooms. Nothing known in Redis (new seat, Redis lost) = offline.
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { Events, rooms, type SeatStateEvent } from '../../../../../domain/events';
import { SeatStore } from '../../../../../platform/seatStore';
import {
  applySeatChange,
  isPickable,
  offlineSeat,
  seatStateDto,
  type SeatChange,
  type SeatChangeProblem,
  type SeatLive,
} from '../../../../../domain/seats';
import type { Deps } from '../../../deps';
import type { Live } from '../../../socket/live';

/** What the state store needs to know about a seat (from PostgreSQL). */
export interface SeatRef {
  id: number;
  accountId: number;
  userId: number;
  groupId: number;
  enabled: boolean;
  autoAnswer: boolean;
}

/** The ref of a seat read as a DTO row (or anything carrying the ref's fields), and nothing more. */
export const seatRef = (s: SeatRef): SeatRef => ({
  id: s.id,
  accountId: s.accountId,
  userId: s.userId,
  groupId: s.groupId,
  enabled: s.enabled,
  autoAnswer: s.autoAnswer,
});

export class SeatStateError extends Error {
  constructor(readonly problem: SeatChangeProblem) {
    super(problem);
  }
}

export interface SeatStatesDeps {
  db: Knex;
  redis: Redis;
  prefix: string;
  live: Pick<Live, 'toRooms' | 'toRoomsBatched'>;
  now?: () => number;
}

export const SEAT_REF_COLUMNS = ['id', 'account_id', 'user_id', 'group_id', 'enabled', 'auto_answer'];

/** A seats row as SEAT_REF_COLUMNS selects it. */
export interface SeatRefRow {
  id: string;
  account_id: string;
  user_id: string;
  group_id: string;
  enabled: boolean;
  auto_answer: boolean;
}

export const seatRefOf = (r: SeatRefRow): SeatRef => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  userId: Number(r.user_id),
  groupId: Number(r.group_id),
  enabled: Boolean(r.enabled),
  autoAnswer: Boolean(r.auto_answer),
});

const MAX_TRIES = 50;

export function seatStates(d: SeatStatesDeps) {
  const now = d.now ?? Date.now;
  const store = new SeatStore(d.redis, d.prefix);

  const defaults = (ref: SeatRef) => offlineSeat(ref.groupId, ref.enabled, ref.autoAnswer);

  const eventOf = (ref: SeatRef, s: SeatLive): SeatStateEvent => ({
    seatId: ref.id,
    accountId: ref.accountId,
    userId: ref.userId,
    groupId: s.groupId,
    state: seatStateDto(s),
  });

  function push(ref: SeatRef, s: SeatLive): void {
    // The seat's room and its user's own sockets at once (the desk); the owner's room, which
    // supervisors' wallboards watch, in live:batch frames. Not account:<user>: every wallboard above
    // the user is in that room too, and would get each change twice, the first time alone.
    const e = eventOf(ref, s);
    d.live.toRooms([rooms.seat(ref.id), rooms.user(ref.userId)], Events.SeatState, e);
    d.live.toRoomsBatched([rooms.account(ref.accountId)], [Events.SeatState, e]);
    // Transfers waiting for a seat of this group try again at once (transferWakes.ts).
    if (isPickable(s)) store.announceFree(ref.groupId).catch(() => undefined);
  }

  async function refOf(seatId: number): Promise<SeatRef | null> {
    const r = await d.db('seats').where('id', seatId).first<SeatRefRow | undefined>(SEAT_REF_COLUMNS);
    return r ? seatRefOf(r) : null;
  }

  /** The seat's state now (offline when Redis knows nothing). */
  async function read(ref: SeatRef): Promise<SeatLive> {
    return (await store.read(ref.id)) ?? defaults(ref);
  }

  async function readMany(refs: SeatRef[]): Promise<Map<number, SeatLive>> {
    const states = await store.readMany(refs.map((r) => r.id));
    return new Map(refs.map((r, i) => [r.id, states[i] ?? defaults(r)]));
  }

  /** Applies `change` atomically (compare-and-set, retried on a concurrent change) and pushes the result. */
  async function change(ref: SeatRef, c: SeatChange): Promise<SeatLive> {
    for (let i = 0; i < MAX_TRIES; i++) {
      const stored = await store.load(ref.id);
      const cur = stored.state ?? defaults(ref);
      const r = applySeatChange(cur, c, now());
      if (!r.ok) throw new SeatStateError(r.problem);
      if (r.state === cur) return cur;
      const n = r.state;
      if (await store.compareAndSet(ref.id, stored.version, cur.groupId, n, ref)) {
        push(ref, n);
        return n;
      }
    }
    throw new Error(`seat ${ref.id}: state contention`);
  }

  async function byId(seatId: number, c: SeatChange): Promise<SeatLive> {
    const ref = await refOf(seatId);
    if (!ref) throw new Error(`seat ${seatId} does not exist`);
    return change(ref, c);
  }

  return {
    read,
    readMany,
    change,
    refOf,
    eventOf,
    /** The transfer flow: the seat took a call (auto-answer, softphone, inbound). */
    markBusy: (seatId: number, callUuid: string) => byId(seatId, { by: 'call', kind: 'busy', callUuid }),
    /** The call ended; the seat finishes its notes. */
    markWrapUp: (seatId: number, callUuid?: string) => byId(seatId, { by: 'call', kind: 'wrapup', callUuid }),
    /** Free again (wrap-up done, offer declined or timed out). */
    markIdle: (seatId: number, callUuid?: string) => byId(seatId, { by: 'call', kind: 'idle', callUuid }),

    /**
     * Claims the group's longest-idle pickable seat for `callUuid` (never one of `exclude`) and marks it
     * busy, atomically: two calls never get the same seat. Null when no seat can take the call.
     */
    async pick(groupId: number, callUuid: string, exclude: readonly number[] = []): Promise<number | null> {
      const seatId = await store.pick(groupId, callUuid, now(), exclude);
      if (seatId === null) return null;
      const owned = await store.readOwned(seatId);
      if (owned)
        push(
          {
            id: seatId,
            ...owned.owners,
            groupId,
            enabled: owned.state.enabled,
            autoAnswer: owned.state.autoAnswer,
          },
          owned.state,
        );
      return seatId;
    },

    /** Forgets a deleted seat. */
    async remove(ref: SeatRef): Promise<void> {
      const cur = await read(ref);
      await store.remove(ref.id, [cur.groupId, ref.groupId]);
    },
  };
}

export type SeatStates = ReturnType<typeof seatStates>;

/** The seat states of the server's process (its database, Redis and live fan-out). */
export const statesOf = (deps: Deps) =>
  seatStates({ db: deps.db, redis: deps.redis, prefix: deps.config.redisPrefix, live: deps.live });
