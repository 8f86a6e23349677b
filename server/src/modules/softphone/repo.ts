// softphone_calls: the dial records of the web softphone, always read and written through the
// account that works the seat (user_id), never by id alone.
import type { Knex } from 'knex';
import {
  talkSeconds,
  type SoftphoneCallDto,
  type SoftphoneDirection,
  type SoftphoneOutcome,
} from '../../../../domain/softphone';

/** A softphone_calls row, as every query here returns it (`*`). */
export interface SoftphoneCallRow {
  id: string;
  account_id: string;
  seat_id: string;
  user_id: string | null;
  direction: SoftphoneDirection;
  number: string;
  call_uuid: string | null;
  outcome: SoftphoneOutcome | null;
  started_at: Date;
  answered_at: Date | null;
  ended_at: Date | null;
  fs_uuid: string | null;
  billed_seconds: number | null;
  charged_fen: string;
  hangup_cause: string | null;
  settled_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const callDto = (r: SoftphoneCallRow): SoftphoneCallDto => ({
  id: Number(r.id),
  seatId: Number(r.seat_id),
  direction: r.direction,
  number: r.number,
  callUuid: r.call_uuid,
  outcome: r.outcome,
  startedAt: new Date(r.started_at).toISOString(),
  answeredAt: iso(r.answered_at),
  endedAt: iso(r.ended_at),
  talkSeconds:
    r.billed_seconds ??
    talkSeconds(r.answered_at ? new Date(r.answered_at) : null, r.ended_at ? new Date(r.ended_at) : null),
  chargedFen: r.settled_at ? Number(r.charged_fen) : null,
});

export async function insertCall(
  db: Knex,
  v: {
    accountId: number;
    seatId: number;
    userId: number;
    direction: SoftphoneDirection;
    number: string;
    callUuid: string | null;
  },
): Promise<SoftphoneCallDto> {
  const [row] = await db('softphone_calls')
    .insert({
      account_id: v.accountId,
      seat_id: v.seatId,
      user_id: v.userId,
      direction: v.direction,
      number: v.number,
      call_uuid: v.callUuid,
    })
    .returning<SoftphoneCallRow[]>('*');
  return callDto(row!);
}

export async function ownCall(db: Knex, userId: number, id: number): Promise<SoftphoneCallRow | undefined> {
  return db('softphone_calls').where({ id, user_id: userId }).first<SoftphoneCallRow | undefined>();
}

export async function markAnswered(
  db: Knex,
  userId: number,
  id: number,
): Promise<SoftphoneCallRow | undefined> {
  const [row] = await db('softphone_calls')
    .where({ id, user_id: userId })
    .whereNull('ended_at')
    .update({ answered_at: db.raw('COALESCE(answered_at, now())') })
    .returning<SoftphoneCallRow[]>('*');
  return row;
}

export async function finishCall(
  db: Knex,
  userId: number,
  id: number,
  outcome: SoftphoneOutcome,
  answered: boolean,
): Promise<SoftphoneCallRow | undefined> {
  const [row] = await db('softphone_calls')
    .where({ id, user_id: userId })
    .whereNull('ended_at')
    .update({
      outcome,
      ended_at: db.fn.now(),
      answered_at: answered ? db.raw('COALESCE(answered_at, now())') : db.raw('answered_at'),
    })
    .returning<SoftphoneCallRow[]>('*');
  return row;
}

export async function listCalls(db: Knex, userId: number, limit: number): Promise<SoftphoneCallDto[]> {
  const rows = await db('softphone_calls')
    .where({ user_id: userId })
    .orderBy('id', 'desc')
    .limit(limit)
    .select<SoftphoneCallRow[]>('*');
  return rows.map(callDto);
}
