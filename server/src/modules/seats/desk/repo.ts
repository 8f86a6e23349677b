// Rows of the seat desk: the calls a seat took (its answered offer), their transcript and
// disposition, and the calls transferred to the seat (calls.transfer_seat_id) with their outcome.
// Callers have checked the seat is the actor's (its user or a supervisor over it).
import type { Knex } from 'knex';
import {
  presentConversationLine,
  type ConversationLine,
  type ConversationLineRow,
} from '../../../../../domain/calls';
import type {
  DeskRecentCallDto,
  Disposition,
  DispositionDto,
  DispositionInput,
} from '../../../../../domain/seatDesk';
import type { CallRow } from '../../../dialer/rows';

/** A call the seat took, with when it answered the offer. */
export interface TakenCallRow extends CallRow {
  taken_at: Date;
}

/** A seat_dispositions row with its call's uuid and its author's name (dispositionOf). */
interface DispositionRow {
  call_id: string;
  account_id: string;
  seat_id: string | null;
  disposition: Disposition;
  note: string;
  by_account_id: string | null;
  created_at: Date;
  call_uuid: string;
  by_account: string | null;
}

/** A call transferred to the seat, with its customer's name and its disposition (recentCalls). */
interface RecentCallRow extends CallRow {
  customer_name: string | null;
  disposition: Disposition | null;
  disposition_note: string | null;
}

const iso = (v: Date | null) => (v === null || v === undefined ? null : new Date(v).toISOString());

/** The call `callUuid` if `seatId` took it (its offer to the seat was answered), with when. */
export async function takenCall(db: Knex, seatId: number, callUuid: string): Promise<TakenCallRow | null> {
  const offer = await db('seat_offers')
    .where({ seat_id: seatId, call_uuid: callUuid })
    .whereNotNull('answered_at')
    .orderBy('id', 'desc')
    .first<{ answered_at: Date } | undefined>('answered_at');
  if (!offer) return null;
  const call = await db('calls').where({ call_uuid: callUuid }).first<CallRow | undefined>();
  return call ? { ...call, taken_at: offer.answered_at } : null;
}

export async function linesOf(db: Knex, callId: number): Promise<ConversationLine[]> {
  const rows = await db<ConversationLineRow>('conversation_lines').where({ call_id: callId }).orderBy('seq');
  return rows.map(presentConversationLine);
}

const dispositionDto = (r: DispositionRow): DispositionDto => ({
  callUuid: r.call_uuid,
  seatId: Number(r.seat_id),
  disposition: r.disposition,
  note: r.note,
  byAccount: r.by_account ?? '',
  createdAt: iso(r.created_at)!,
});

export async function dispositionOf(db: Knex, callId: number): Promise<DispositionDto | null> {
  const r = await db('seat_dispositions as d')
    .join('calls as c', 'c.id', 'd.call_id')
    .leftJoin('accounts as a', 'a.id', 'd.by_account_id')
    .where('d.call_id', callId)
    .first<DispositionRow | undefined>('d.*', 'c.call_uuid', 'a.account as by_account');
  return r ? dispositionDto(r) : null;
}

/** Stores the call's disposition; false when the call already has one (the first stays). */
export async function insertDisposition(
  db: Knex,
  v: DispositionInput & { callId: number; accountId: number; seatId: number; byAccountId: number },
): Promise<boolean> {
  const rows = await db('seat_dispositions')
    .insert({
      call_id: v.callId,
      account_id: v.accountId,
      seat_id: v.seatId,
      disposition: v.disposition,
      note: v.note,
      by_account_id: v.byAccountId,
    })
    .onConflict('call_id')
    .ignore()
    .returning('call_id');
  return rows.length === 1;
}

/** Calls transferred to the seat, newest first, keyset-paged by call id. */
export async function recentCalls(
  db: Knex,
  seatId: number,
  limit: number,
  before?: number,
): Promise<DeskRecentCallDto[]> {
  const rows = await db('calls as c')
    .leftJoin('seat_dispositions as d', 'd.call_id', 'c.id')
    .leftJoin('customers as cu', 'cu.id', 'c.customer_id')
    .where('c.transfer_seat_id', seatId)
    .modify((q) => before && q.where('c.id', '<', before))
    .orderBy('c.id', 'desc')
    .limit(limit)
    .select<RecentCallRow[]>(
      'c.*',
      'cu.name as customer_name',
      'd.disposition',
      'd.note as disposition_note',
    );
  return rows.map((r) => ({
    id: Number(r.id),
    callUuid: r.call_uuid,
    phoneMasked: r.phone_masked,
    customerName: r.customer_name ?? '',
    status: r.status,
    transferOutcome: r.transfer_outcome,
    resultLevel: r.result_level,
    grade: r.grade,
    talkMs: Number(r.talk_ms),
    createdAt: iso(r.created_at)!,
    endedAt: iso(r.ended_at),
    disposition: r.disposition ?? null,
    dispositionNote: r.disposition_note ?? null,
    origin: r.direction === 'in' ? 'inbound' : 'transfer',
  }));
}
