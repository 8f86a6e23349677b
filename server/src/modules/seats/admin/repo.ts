// Seat and seat-group rows, always through the tenant scope: what an actor sees is its own subtree's.
// Secrets stay sealed here; presenters add the live state.
import type { Knex } from 'knex';
import type { SeatDto, SeatGroupDto, SeatType } from '../../../../../domain/seats';
import { scoped, subtreeIds, type Actor } from '../../../db/scope';
import type { SeatTableRow } from './rows';

/** A seat group with its owner's name and its number of seats (groupSelect). */
interface GroupRow {
  id: string;
  account_id: string;
  name: string;
  description: string;
  created_at: Date;
  updated_at: Date;
  owner_account: string;
  seat_count: number;
}

/** A seats row with its group's, owner's and user's names (seatSelect). */
interface SeatDbRow extends SeatTableRow {
  group_name: string;
  owner_account: string;
  user_account: string;
}

const iso = (v: Date) => new Date(v).toISOString();
const LIST_MAX = 1000;

// ---- groups ----

const groupSelect = (db: Knex, actor: Actor) =>
  scoped(db('seat_groups as g'), db, actor, 'g.account_id')
    .join('accounts as o', 'o.id', 'g.account_id')
    .select<GroupRow[]>(
      'g.*',
      'o.account as owner_account',
      db.raw('(SELECT count(*) FROM seats s WHERE s.group_id = g.id)::int AS seat_count'),
    );

const groupDto = (r: GroupRow): SeatGroupDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  ownerAccount: r.owner_account,
  name: r.name,
  description: r.description,
  seatCount: Number(r.seat_count),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export async function listGroups(db: Knex, actor: Actor): Promise<SeatGroupDto[]> {
  return (await groupSelect(db, actor).orderBy('g.id').limit(LIST_MAX)).map(groupDto);
}

export async function groupById(db: Knex, actor: Actor, id: number): Promise<SeatGroupDto | undefined> {
  const r: GroupRow | undefined = await groupSelect(db, actor).where('g.id', id).first();
  return r ? groupDto(r) : undefined;
}

export async function insertGroup(db: Knex, accountId: number, v: { name: string; description: string }) {
  const [r] = await db('seat_groups')
    .insert({ account_id: accountId, ...v })
    .returning<{ id: string }[]>('id');
  return Number(r!.id);
}

export async function updateGroup(
  db: Knex,
  actor: Actor,
  id: number,
  v: { name: string; description: string },
) {
  return scoped(db('seat_groups'), db, actor)
    .where('id', id)
    .update({ ...v, updated_at: db.fn.now() });
}

export async function seatCountOfGroup(db: Knex, groupId: number): Promise<number> {
  const r = await db('seats').where('group_id', groupId).count<{ n: string }[]>({ n: '*' });
  return Number(r[0]?.n ?? 0);
}

export async function deleteGroup(db: Knex, actor: Actor, id: number): Promise<number> {
  return scoped(db('seat_groups'), db, actor).where('id', id).delete();
}

// ---- seats ----

/** A seat as stored: the browser's SeatDto without the live state, and whether a mobile is set. */
export type SeatRow = Omit<SeatDto, 'state'> & { mobileSet: boolean };

const seatRow = (r: SeatDbRow): SeatRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  ownerAccount: r.owner_account,
  groupId: Number(r.group_id),
  groupName: r.group_name,
  name: r.name,
  type: r.type,
  extension: r.extension,
  authName: r.auth_name,
  authPasswordSet: r.auth_password_enc !== null,
  mobileMasked: r.mobile_masked,
  mobileSet: r.mobile_enc !== null,
  userId: Number(r.user_id),
  userAccount: r.user_account,
  enabled: r.enabled,
  autoAnswer: r.auto_answer,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

const seatSelect = (db: Knex) =>
  db('seats as s')
    .join('seat_groups as g', 'g.id', 's.group_id')
    .join('accounts as o', 'o.id', 's.account_id')
    .join('accounts as u', 'u.id', 's.user_id')
    .select<SeatDbRow[]>(
      's.*',
      'g.name as group_name',
      'o.account as owner_account',
      'u.account as user_account',
    );

export async function listSeats(db: Knex, actor: Actor, groupId?: number): Promise<SeatRow[]> {
  const q = scoped(seatSelect(db), db, actor, 's.account_id').orderBy('s.id').limit(LIST_MAX);
  if (groupId) q.where('s.group_id', groupId);
  return (await q).map(seatRow);
}

/** A seat the actor can see (its subtree's), or undefined. */
export async function seatById(db: Knex, actor: Actor, id: number): Promise<SeatRow | undefined> {
  const r: SeatDbRow | undefined = await scoped(seatSelect(db), db, actor, 's.account_id')
    .where('s.id', id)
    .first();
  return r ? seatRow(r) : undefined;
}

/** The seats an account works (its own desk), whoever owns them. */
export async function seatsOfUser(db: Knex, userId: number): Promise<SeatRow[]> {
  return (await seatSelect(db).where('s.user_id', userId).orderBy('s.id')).map(seatRow);
}

/** A seat the actor works itself, or undefined. */
export async function workedSeat(db: Knex, userId: number, id: number): Promise<SeatRow | undefined> {
  const r: SeatDbRow | undefined = await seatSelect(db).where({ 's.id': id, 's.user_id': userId }).first();
  return r ? seatRow(r) : undefined;
}

export interface SeatValues {
  group_id: number;
  name: string;
  type: SeatType;
  extension: string | null;
  auth_name: string | null;
  auth_password_enc?: string | null;
  mobile_enc?: string | null;
  mobile_masked?: string | null;
  user_id: number;
  enabled: boolean;
  auto_answer: boolean;
}

export async function insertSeat(db: Knex, accountId: number, v: SeatValues): Promise<number> {
  const [r] = await db('seats')
    .insert({ account_id: accountId, ...v })
    .returning<{ id: string }[]>('id');
  return Number(r!.id);
}

export async function updateSeat(db: Knex, id: number, v: SeatValues) {
  await db('seats')
    .where('id', id)
    .update({ ...v, updated_at: db.fn.now() });
}

export async function setAutoAnswer(db: Knex, id: number, autoAnswer: boolean) {
  await db('seats').where('id', id).update({ auto_answer: autoAnswer, updated_at: db.fn.now() });
}

export async function deleteSeat(db: Knex, id: number): Promise<number> {
  return db('seats').where('id', id).delete();
}

/** A group the owner may put seats in: its own groups only. */
export async function ownGroup(db: Knex, ownerId: number, groupId: number) {
  return db('seat_groups')
    .where({ id: groupId, account_id: ownerId })
    .first<{ id: string } | undefined>('id');
}

/** Is `userId` the owner or below it? */
export async function inSubtreeOf(db: Knex, owner: Actor, userId: number): Promise<boolean> {
  return Boolean(await db('accounts').whereIn('id', subtreeIds(db, owner)).where('id', userId).first('id'));
}

export async function tenantOf(db: Knex, accountId: number): Promise<Actor | undefined> {
  const r = await db('accounts')
    .where('id', accountId)
    .first<{ id: string; level: Actor['level']; path: string } | undefined>('id', 'level', 'path');
  return r ? { id: Number(r.id), level: r.level, path: r.path } : undefined;
}

/** Accounts that can work a seat of the actor: itself and its subtree, with the seat each already works. */
export async function seatUsers(db: Knex, actor: Actor) {
  const rows = await scoped(db('accounts as a'), db, actor, 'a.id')
    .leftJoin('seats as s', 's.user_id', 'a.id')
    .select<{ id: string; account: string; real_name: string; level: number; seat_id: string | null }[]>(
      'a.id',
      'a.account',
      'a.real_name',
      'a.level',
      's.id as seat_id',
    )
    .orderBy('a.id')
    .limit(LIST_MAX);
  return rows.map((r) => ({
    id: Number(r.id),
    account: r.account,
    realName: r.real_name,
    level: Number(r.level),
    seatId: r.seat_id === null ? null : Number(r.seat_id),
  }));
}
