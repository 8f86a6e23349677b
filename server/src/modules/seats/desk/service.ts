// The seat desk (issue 7): a seat's current call from the server (so a reload during a call gets it
// back: the seat's state in Redis names the call, its answered offer proves the seat took it), the
// customer card, the transcript so far, the quick follow-up, the disposition that ends wrap-up and
// the calls transferred to the seat. Who may: the seat's user, or a supervisor holding the seats
// menu over the seat's owner; another tree's seats and calls look missing (404).
import { rooms } from '../../../../../domain/events';
import {
  currentCallUuid,
  endsWrapUp,
  secondSubmit,
  type DeskCallDto,
  type DeskCurrentDto,
  type DeskRecentPage,
  type DispositionDto,
} from '../../../../../domain/seatDesk';
import { seatStateDto, type SeatStateDto } from '../../../../../domain/seats';
import { bareCard, type TransferCard, type TransferJob } from '../../../../../domain/transfer';
import { TransferChannel } from '../../../../../platform/transferChannel';
import { fillCard } from './card';
import type { Deps } from '../../../deps';
import { AppError, fieldError, forbidden, notFound } from '../../../http/errors';
import type { Actor } from '../../../db/scope';
import { decryptSecret, phoneHash } from '../../../../../platform/secrets';
import { normalizeMobile } from '../../../../../domain/phone';
import type { CustomerDto } from '../../../../../domain/crm';
import { customerWithPhone, lockCustomerPhone } from '../../crm/customers/phoneLock';
import { presentCustomer } from '../../crm/customers/presenters';
import type { AuthContext } from '../../auth/sessions';
import { writeFollowUp } from '../../crm/followups/service';
import { dispositionOf, insertDisposition, linesOf, recentCalls, takenCall, type TakenCallRow } from './repo';
import type { DeskCustomerBody, DispositionBody } from './schema';
import { seatById, workedSeat, type SeatRow } from '../admin/repo';
import { seatRef, statesOf } from '../state/state';
import { linkCustomer } from '../../../../../platform/callRecord';

const SUPERVISOR_MENU = 'dialcenter/seatsmanage';
/** The follow-up API's own permission (modules/crm/followups/routes.ts). */
const FOLLOW_UP_MENU = 'crm/mycustomer';
/** How many asks of one transfer the media worker makes (transferClient MAX_ASKS). */
const OFFER_ASKS = 3;

/** The seat, if the caller works it or supervises it; 403 for a visible seat without the menu. */
export async function deskSeat(deps: Deps, auth: AuthContext, seatId: number): Promise<SeatRow> {
  const own = await workedSeat(deps.db, auth.actor.id, seatId);
  if (own) return own;
  const seen = await seatById(deps.db, auth.actor, seatId);
  if (!seen) throw notFound();
  if (!auth.menus.includes(SUPERVISOR_MENU)) throw forbidden();
  return seen;
}

/** The call if this seat took it; anything else (another seat's, another tenant's, unknown) is 404. */
async function seatCall(deps: Deps, seat: SeatRow, callUuid: string): Promise<TakenCallRow> {
  const call = await takenCall(deps.db, seat.id, callUuid);
  if (!call) throw notFound();
  return call;
}

/**
 * The card the pop-up showed (the offer job keeps the grade so far, which is known only to the media
 * worker), refreshed with the customer's name, tags and last follow-up as they are now.
 */
async function cardOf(deps: Deps, call: TakenCallRow): Promise<TransferCard> {
  let shown: TransferCard | null = null;
  for (let n = 1; n <= OFFER_ASKS && !shown; n++) {
    const job = await deps.queues.transfers.getJob(`transfer:${call.call_uuid}:${n}`).catch(() => null);
    const data = job?.data as TransferJob | undefined;
    if (data?.kind === 'offer') shown = data.card;
  }
  return fillCard(
    deps.db,
    bareCard({
      customerId: call.customer_id === null ? null : Number(call.customer_id),
      phoneMasked: shown?.phoneMasked ?? call.phone_masked,
      grade: call.grade ?? shown?.grade ?? null,
    }),
  );
}

/**
 * The caller's number as the server knows it: an inbound call's sealed number (calls.phone_cipher), an
 * outbound call's task number; null when neither holds it (a hidden number, a call before the cipher).
 */
async function callerNumber(deps: Deps, call: TakenCallRow): Promise<string | null> {
  if (call.phone_cipher) return decryptSecret(deps.config.secretKey, call.phone_cipher);
  if (call.task_number_id === null || call.task_number_id === undefined) return null;
  const tn = await deps
    .db('task_numbers')
    .where({ id: call.task_number_id })
    .first<{ phone: string | null } | undefined>('phone');
  return tn?.phone ?? null;
}

async function callDto(deps: Deps, call: TakenCallRow): Promise<DeskCallDto> {
  const [card, transcript, disposition, customer, task, number] = await Promise.all([
    cardOf(deps, call),
    linesOf(deps.db, Number(call.id)),
    dispositionOf(deps.db, Number(call.id)),
    call.customer_id === null
      ? null
      : deps.db('customers').where({ id: call.customer_id }).first<{ stage: number } | undefined>('stage'),
    call.task_id === null
      ? null
      : deps.db('tasks').where({ id: call.task_id }).first<{ name: string } | undefined>('name'),
    call.customer_id === null ? callerNumber(deps, call) : null,
  ]);
  const iso = (v: Date | null) => (v ? new Date(v).toISOString() : null);
  return {
    callUuid: call.call_uuid,
    status: call.status,
    createdAt: iso(call.created_at)!,
    answeredAt: iso(call.answered_at),
    endedAt: iso(call.ended_at),
    takenAt: iso(call.taken_at),
    card,
    customerStage: customer ? Number(customer.stage) : null,
    transcript,
    disposition,
    origin: call.direction === 'in' ? 'inbound' : 'transfer',
    taskName: task?.name ?? null,
    numberKnown: number !== null,
  };
}

/**
 * The seat's state and the call it is on or wrapping up. While the call goes on, the seat's sockets
 * (re)join its room for the live transcript: after a reload they are new sockets.
 */
export async function deskCurrent(deps: Deps, auth: AuthContext, seatId: number): Promise<DeskCurrentDto> {
  const seat = await deskSeat(deps, auth, seatId);
  const state = seatStateDto(await statesOf(deps).read(seatRef(seat)));
  const uuid = currentCallUuid(state);
  const call = uuid ? await takenCall(deps.db, seat.id, uuid) : null;
  if (call && call.status !== 'ended') deps.live.joinRooms(rooms.seat(seat.id), [rooms.call(uuid!)]);
  return { seatId: seat.id, state, call: call ? await callDto(deps, call) : null };
}

/**
 * Sets the call's disposition once. The same again answers as stored (a double submit); another is
 * refused (409). It ends the seat's wrap-up of that call.
 */
export async function dispose(
  deps: Deps,
  auth: AuthContext,
  seatId: number,
  callUuid: string,
  v: DispositionBody,
): Promise<{ disposition: DispositionDto; state: SeatStateDto }> {
  const seat = await deskSeat(deps, auth, seatId);
  const call = await seatCall(deps, seat, callUuid);
  const callId = Number(call.id);
  const stored = await insertDisposition(deps.db, {
    ...v,
    callId,
    accountId: Number(call.account_id),
    seatId: seat.id,
    byAccountId: auth.actor.id,
  });
  const disposition = (await dispositionOf(deps.db, callId))!;
  if (!stored && secondSubmit(disposition, v) === 'conflict')
    throw new AppError(409, 409, 'seatdesk.disposed', {}, { disposition });
  const states = statesOf(deps);
  let live = await states.read(seatRef(seat));
  if (endsWrapUp(seatStateDto(live), callUuid))
    live = await states.change(seatRef(seat), { by: 'user', ready: true });
  return { disposition, state: seatStateDto(live) };
}

/**
 * The desk's hang-up: ends the call the seat is talking on. The media worker running it kills the
 * customer's leg (the seat's leg goes with it); the call's end then puts the seat in wrap-up. 409 when
 * the seat is not on that call any more (already ended, another call).
 */
export async function hangupDeskCall(
  deps: Deps,
  auth: AuthContext,
  seatId: number,
  callUuid: string,
): Promise<{ callUuid: string }> {
  const seat = await deskSeat(deps, auth, seatId);
  await seatCall(deps, seat, callUuid);
  const live = await statesOf(deps).read(seatRef(seat));
  if (live.activity !== 'busy' || live.callUuid !== callUuid)
    throw new AppError(409, 409, 'seatdesk.notOnCall');
  await new TransferChannel(deps.redis, deps.config.redisPrefix).hangUp(callUuid);
  return { callUuid };
}

/**
 * A follow-up record on the call's customer, with the follow-up API's rules (schema, stage change
 * leaving a system record, the customer's last follow-up time). The seat's customers are the call's
 * account's, usually not in the seat user's own subtree: taking the call is what grants the write.
 */
export async function deskFollowUp(
  deps: Deps,
  auth: AuthContext,
  seatId: number,
  callUuid: string,
  v: {
    recordType: 0 | 1;
    stage: number;
    contactMethod: number;
    details: string;
    remindAt?: string;
  },
) {
  const seat = await deskSeat(deps, auth, seatId);
  if (!auth.menus.includes(FOLLOW_UP_MENU)) throw forbidden();
  const call = await seatCall(deps, seat, callUuid);
  if (call.customer_id === null) throw new AppError(409, 409, 'seatdesk.noCustomer');
  const customerId = Number(call.customer_id);
  return deps.db.transaction(async (trx) => {
    const customer = await trx('customers')
      .where({ id: customerId, in_sea: false })
      .forUpdate()
      .first<{ id: string; stage: number } | undefined>('id', 'stage');
    if (!customer) throw notFound();
    return writeFollowUp(trx, auth.actor.id, { id: customerId, stage: Number(customer.stage) }, v);
  });
}

export async function deskRecent(
  deps: Deps,
  auth: AuthContext,
  seatId: number,
  q: { limit: number; before?: number },
): Promise<DeskRecentPage> {
  const seat = await deskSeat(deps, auth, seatId);
  const items = await recentCalls(deps.db, seat.id, q.limit, q.before);
  return { items, nextBefore: items.length === q.limit ? items[items.length - 1]!.id : null };
}

/**
 * Makes a customer of the call's unknown caller: in the call's account, with the call's number (the
 * server's: the browser only has the mask), the customer form's rules (SPEC §5: a mobile number), one
 * customer per number in the account's tree (under the number's lock, phoneLock.ts). A customer the
 * tree already has with that number is linked instead (created: false). The call gets the customer;
 * a call that has one already is refused (409), so a second submit does not make a second customer.
 * Who may: the seat that took the call, or a supervisor over the seat (deskSeat).
 */
export async function deskCreateCustomer(
  deps: Deps,
  auth: AuthContext,
  seatId: number,
  callUuid: string,
  v: DeskCustomerBody,
): Promise<{ created: boolean; customer: CustomerDto; call: DeskCallDto }> {
  const seat = await deskSeat(deps, auth, seatId);
  const call = await seatCall(deps, seat, callUuid);
  const hasOne = (customerId: unknown) =>
    new AppError(409, 409, 'seatdesk.hasCustomer', {}, { customerId: Number(customerId) });
  if (call.customer_id !== null) throw hasOne(call.customer_id);
  const number = await callerNumber(deps, call);
  if (number === null) throw new AppError(409, 409, 'seatdesk.noNumber');
  const phone = normalizeMobile(number);
  if (phone === null) throw fieldError('phone', 'validation.mobile');
  const owner = await deps
    .db('accounts')
    .where({ id: call.account_id })
    .first<{ id: string; level: number; path: string } | undefined>('id', 'level', 'path');
  if (!owner) throw notFound();
  const actor: Actor = {
    id: Number(owner.id),
    level: Number(owner.level) as Actor['level'],
    path: owner.path,
  };
  const hash = phoneHash(deps.config.secretKey, phone);
  const { id, created } = await deps.db.transaction(async (trx) => {
    const locked = await trx('calls')
      .where({ id: call.id })
      .forUpdate()
      .first<{ customer_id: string | null }>('customer_id');
    if (locked.customer_id !== null) throw hasOne(locked.customer_id);
    await lockCustomerPhone(trx, actor, hash);
    const taken = await customerWithPhone(trx, actor, hash);
    let id = taken;
    if (id === null) {
      const cols: Record<string, unknown> = {
        account_id: actor.id,
        name: v.name,
        phone,
        phone_hash: hash,
        contact: v.contact,
        sex: v.sex,
        company: v.company,
        address: v.address,
        source: v.source,
        stage: v.stage,
      };
      v.remarks?.forEach((r, i) => (cols[`remark${i + 1}`] = r));
      for (const k of Object.keys(cols)) if (cols[k] === undefined) delete cols[k];
      const [row] = await trx('customers').insert(cols).returning<{ id: string }[]>('id');
      id = Number(row!.id);
    }
    await linkCustomer(trx, call.id, id);
    return { id, created: taken === null };
  });
  const row = await deps.db('customers').where({ id }).first();
  // The number goes back masked, as everywhere on the desk.
  const customer = { ...presentCustomer(row), phone: call.phone_masked };
  return { created, customer, call: await callDto(deps, { ...call, customer_id: String(id) }) };
}
