// Seat presence on the socket gateway. A connecting socket of a seat's user joins seat:<id> and is told
// its seats' states from Redis (the truth after a reconnect; nothing in Redis = offline); it may ask
// again with seat:sync. When every socket of that user has been gone for the grace period (checked
// across server processes through the adapter), its seats go offline; a call in progress carries on.
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { Events, rooms, type SeatStateEvent } from '../../../../../domain/events';
import { log } from '../../../../../platform/log';
import { createLive, type IoServer } from '../../../socket/live';
import { SEAT_REF_COLUMNS, SeatStateError, seatRefOf, seatStates, type SeatRef } from './state';
import { answerOffer } from './transfer';

/** Mutable so tests can shorten the grace and see a sweep finish (the server runs in-process). */
export const seatPresence: { graceMs: number; onSwept: ((accountId: number) => void) | null } = {
  graceMs: 30_000,
  onSwept: null,
};

export async function seatsWorkedBy(db: Knex, accountId: number): Promise<SeatRef[]> {
  const rows = await db('seats').where('user_id', accountId).orderBy('id').select(SEAT_REF_COLUMNS);
  return rows.map(seatRefOf);
}

/** The grace timers of each gateway, cleared when its server closes (detachSeatPresence). */
const pending = new WeakMap<IoServer, Set<NodeJS.Timeout>>();

/** Stops the gateway's presence sweeps: a closed server must not touch Redis or the database later. */
export function detachSeatPresence(io: IoServer): void {
  for (const t of pending.get(io) ?? []) clearTimeout(t);
  pending.delete(io);
}

export function attachSeatPresence(io: IoServer, d: { db: Knex; redis: Redis; prefix: string }): void {
  const states = seatStates({ ...d, live: createLive(io) });
  const timers = new Set<NodeJS.Timeout>();
  pending.set(io, timers);

  async function snapshot(accountId: number): Promise<{ refs: SeatRef[]; events: SeatStateEvent[] }> {
    const refs = await seatsWorkedBy(d.db, accountId);
    const live = await states.readMany(refs);
    return { refs, events: refs.map((r) => states.eventOf(r, live.get(r.id)!)) };
  }

  async function sweep(accountId: number): Promise<void> {
    try {
      const refs = await seatsWorkedBy(d.db, accountId);
      if (!refs.length) return;
      if ((await io.in(rooms.user(accountId)).fetchSockets()).length) return;
      for (const ref of refs)
        await states.change(ref, { by: 'presence', online: false }).catch((e) => {
          if (!(e instanceof SeatStateError)) throw e;
        });
    } catch (e) {
      log.warn('seat presence sweep failed', { accountId, err: String(e) });
    } finally {
      seatPresence.onSwept?.(accountId);
    }
  }

  io.on('connection', (socket) => {
    const accountId = socket.data.accountId as number;
    void (async () => {
      try {
        const { refs, events } = await snapshot(accountId);
        if (!refs.length) return;
        await socket.join(refs.map((r) => rooms.seat(r.id)));
        for (const e of events) socket.emit(Events.SeatState, e);
      } catch (e) {
        log.warn('seat state reconcile failed', { accountId, err: String(e) });
      }
    })();
    socket.on('seat:sync', async (ack) => {
      if (typeof ack !== 'function') return;
      try {
        ack({ code: 200, seats: (await snapshot(accountId)).events });
      } catch {
        ack({ code: 500 });
      }
    });
    // The seat's user takes or declines the call offered to the seat (transfer.ts answerOffer).
    socket.on('seat:answer', async (req, ack) => {
      if (typeof ack !== 'function') return;
      const ok =
        req &&
        typeof req.callUuid === 'string' &&
        /^[0-9a-f-]{36}$/i.test(req.callUuid) &&
        Number.isSafeInteger(req.seatId) &&
        req.seatId > 0 &&
        typeof req.accept === 'boolean';
      if (!ok) return ack({ code: 400, message: 'invalid answer' });
      try {
        const refused = await answerOffer(d, accountId, req);
        if (refused === 'notYourSeat') return ack({ code: 403, message: 'not your seat' });
        if (refused === 'offerGone') return ack({ code: 404, message: 'the offer is over' });
        ack({ code: 200 });
      } catch {
        ack({ code: 500 });
      }
    });
    // Only sockets that sat in a seat room can leave a seat without its user.
    socket.on('disconnecting', (reason) => {
      // A socket may leave after detachSeatPresence (its close packet still in flight): no new timer then.
      if (reason === 'server shutting down' || pending.get(io) !== timers) return;
      if (![...socket.rooms].some((r) => r.startsWith('seat:'))) return;
      const t = setTimeout(() => {
        timers.delete(t);
        void sweep(accountId);
      }, seatPresence.graceMs).unref();
      timers.add(t);
    });
  });
}
