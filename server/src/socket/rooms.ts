// Which rooms a socket may join on request. Room ids of other tenants look the same as missing ones.
import type { Knex } from 'knex';
import { rooms, type SocketAck } from '../../../domain/events';
import { scoped, subtreeIds, type Actor } from '../db/scope';

const CALL_ROOM = /^call:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Rooms a socket may leave on request: a call it watched, the platform panel's. Its account, session
 * and seat rooms stay.
 */
export const mayLeaveRoom = (room: unknown): room is string =>
  typeof room === 'string' && (CALL_ROOM.test(room) || room === rooms.platform);

export async function authorizeRoom(db: Knex, actor: Actor, room: unknown): Promise<SocketAck> {
  if (typeof room !== 'string') return { code: 400 };
  // The platform panel's pulse: the super administrator only (issue 25).
  if (room === rooms.platform) return { code: actor.level === 0 ? 200 : 403 };
  // A seat's room: the account that works it, or the seat's owner and its ancestors (supervisors).
  const seat = /^seat:([1-9]\d{0,15})$/.exec(room);
  if (seat) {
    const found = await db('seats')
      .where('id', Number(seat[1]))
      .where((q) => q.where('user_id', actor.id).orWhereIn('account_id', subtreeIds(db, actor)))
      .first('id');
    return { code: found ? 200 : 404 };
  }
  // A call's room (its live transcript): the call belongs to the subtree.
  const call = CALL_ROOM.exec(room);
  if (call) {
    const found = await scoped(db('calls'), db, actor).where('call_uuid', call[1]).first('id');
    return { code: found ? 200 : 404 };
  }
  const m = /^account:([1-9]\d{0,15})$/.exec(room);
  if (!m) return { code: 404 };
  const found = await scoped(db('accounts'), db, actor, 'id').where('id', Number(m[1])).first('id');
  return { code: found ? 200 : 404 };
}
