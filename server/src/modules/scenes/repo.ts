// Scene rows, always through the tenant scope: an actor sees and changes its own subtree's scenes;
// another tree's ids match nothing (404). The media worker's lookup by DID is in
// media/src/calls/inboundRoute.ts.
import type { Knex } from 'knex';
import type { SceneDto, SceneTarget } from '../../../../domain/scenes';
import { scoped, type Actor } from '../../db/scope';
import type { SceneBody } from './schema';

/** A scene with the names of its owner, line, bot and seat group (`select` below). */
interface SceneRow {
  id: string;
  account_id: string;
  name: string;
  did: string;
  line_id: string | null;
  target: SceneTarget;
  bot_id: string | null;
  seat_group_id: string | null;
  wait_seconds: number;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  owner_account: string;
  line_name: string | null;
  bot_name: string | null;
  group_name: string | null;
}

const LIST_MAX = 1000;
const iso = (v: Date) => new Date(v).toISOString();
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const select = (db: Knex, actor: Actor) =>
  scoped(db('scenes as s'), db, actor, 's.account_id')
    .join('accounts as o', 'o.id', 's.account_id')
    .leftJoin('sip_lines as l', 'l.id', 's.line_id')
    .leftJoin('bots as b', 'b.id', 's.bot_id')
    .leftJoin('seat_groups as g', 'g.id', 's.seat_group_id')
    .select<SceneRow[]>(
      's.*',
      'o.account as owner_account',
      'l.name as line_name',
      'b.name as bot_name',
      'g.name as group_name',
    );

const dto = (r: SceneRow): SceneDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  ownerAccount: r.owner_account,
  name: r.name,
  did: r.did,
  lineId: num(r.line_id),
  lineName: r.line_name ?? null,
  target: r.target,
  botId: num(r.bot_id),
  botName: r.bot_name ?? null,
  seatGroupId: num(r.seat_group_id),
  seatGroupName: r.group_name ?? null,
  waitSeconds: Number(r.wait_seconds),
  enabled: r.enabled,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export async function listScenes(db: Knex, actor: Actor): Promise<SceneDto[]> {
  return (await select(db, actor).orderBy('s.id').limit(LIST_MAX)).map(dto);
}

export async function sceneById(db: Knex, actor: Actor, id: number): Promise<SceneDto | undefined> {
  const r: SceneRow | undefined = await select(db, actor).where('s.id', id).first();
  return r ? dto(r) : undefined;
}

const columns = (v: SceneBody) => ({
  name: v.name,
  did: v.did,
  line_id: v.lineId,
  target: v.target,
  bot_id: v.target === 'bot' ? v.botId : null,
  seat_group_id: v.target === 'seatGroup' ? v.seatGroupId : null,
  wait_seconds: v.waitSeconds,
  enabled: v.enabled,
});

export async function insertScene(db: Knex, accountId: number, v: SceneBody): Promise<number> {
  const [r] = await db('scenes')
    .insert({ account_id: accountId, ...columns(v) })
    .returning<{ id: string }[]>('id');
  return Number(r!.id);
}

export async function updateScene(db: Knex, id: number, v: SceneBody): Promise<number> {
  return db('scenes')
    .where({ id })
    .update({ ...columns(v), updated_at: db.fn.now() });
}

export async function deleteScene(db: Knex, actor: Actor, id: number): Promise<number> {
  return scoped(db('scenes'), db, actor).where('id', id).delete();
}
