// Which rooms a socket may join on request. Room ids of other tenants look the same as missing ones.
import type { Knex } from 'knex';
import type { SocketAck } from '../../../domain/events';
import { scoped, type Actor } from '../db/scope';

export async function authorizeRoom(db: Knex, actor: Actor, room: unknown): Promise<SocketAck> {
  if (typeof room !== 'string') return { code: 400 };
  const m = /^account:([1-9]\d{0,15})$/.exec(room);
  if (!m) return { code: 404 };
  const found = await scoped(db('accounts'), db, actor, 'id').where('id', Number(m[1])).first('id');
  return { code: found ? 200 : 404 };
}
