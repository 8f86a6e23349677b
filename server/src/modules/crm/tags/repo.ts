// Tags and tag groups. A tag belongs to the account that made it (account_id) and is visible and
// usable by that account's whole subtree; only its owner edits it. So a caller sees the tags of its
// own subtree (tenant scope) plus those of its ancestors (its path), and never another tree's.
import type { Knex } from 'knex';
import type { TagDto, TagGroupDto } from '../../../../../domain/crm';
import { scoped, type Actor } from '../../../db/scope';

const ancestorIds = (actor: Actor) => actor.path.split('/').filter(Boolean).map(Number);

/** Restricts `qb` to tags/groups the actor may see and use. */
export const visible = <T extends Knex.QueryBuilder>(qb: T, db: Knex, actor: Actor, column: string): T =>
  qb.where((w) => {
    scoped(w, db, actor, column).orWhereIn(column, ancestorIds(actor));
  }) as T;

interface TagRow {
  id: number | string;
  group_id: number | string | null;
  name: string;
  color: string;
}

const presentTag = (r: TagRow): TagDto => ({
  id: Number(r.id),
  groupId: r.group_id === null ? null : Number(r.group_id),
  name: r.name,
  color: r.color,
});
const presentGroup = (r: { id: number | string; name: string }): TagGroupDto => ({
  id: Number(r.id),
  name: r.name,
});

export const listGroups = async (db: Knex, actor: Actor): Promise<TagGroupDto[]> =>
  (await visible(db('tag_groups'), db, actor, 'account_id').orderBy('id').select('id', 'name')).map(
    presentGroup,
  );

export const listTags = async (db: Knex, actor: Actor, groupId?: number): Promise<TagDto[]> =>
  (
    await visible(db('tags'), db, actor, 'account_id')
      .modify((q) => groupId && q.where('group_id', groupId))
      .orderBy('id')
      .select('id', 'group_id', 'name', 'color')
  ).map(presentTag);

/** The subset of `ids` the actor may use (for assigning to customers). */
export const usableTagIds = async (db: Knex, actor: Actor, ids: number[]): Promise<number[]> =>
  ids.length
    ? (await visible(db('tags'), db, actor, 'account_id').whereIn('id', ids).select('id')).map((r) =>
        Number(r.id),
      )
    : [];

// Editing: the owner only; anything else looks missing.
export const ownedGroup = async (db: Knex, actor: Actor, id: number) => {
  const r = await scoped(db('tag_groups'), db, actor).where({ id, account_id: actor.id }).first();
  return r ? presentGroup(r) : undefined;
};
export const ownedTag = async (db: Knex, actor: Actor, id: number) => {
  const r = await scoped(db('tags'), db, actor).where({ id, account_id: actor.id }).first();
  return r ? presentTag(r) : undefined;
};

export async function saveGroup(db: Knex, actor: Actor, name: string, id?: number): Promise<TagGroupDto> {
  const [row] = id
    ? await scoped(db('tag_groups'), db, actor)
        .where({ id, account_id: actor.id })
        .update({ name, updated_at: db.fn.now() })
        .returning(['id', 'name'])
    : await db('tag_groups').insert({ account_id: actor.id, name }).returning(['id', 'name']);
  return presentGroup(row);
}

export async function saveTag(
  db: Knex,
  actor: Actor,
  v: { name: string; color: string; groupId: number | null },
  id?: number,
): Promise<TagDto> {
  const values = { name: v.name, color: v.color, group_id: v.groupId };
  const cols = ['id', 'group_id', 'name', 'color'];
  const [row] = id
    ? await scoped(db('tags'), db, actor)
        .where({ id, account_id: actor.id })
        .update({ ...values, updated_at: db.fn.now() })
        .returning(cols)
    : await db('tags')
        .insert({ ...values, account_id: actor.id })
        .returning(cols);
  return presentTag(row);
}

/** Deleting a group keeps its tags (group_id becomes null); deleting a tag drops its assignments. */
export const deleteOwned = (db: Knex, actor: Actor, table: 'tags' | 'tag_groups', id: number) =>
  scoped(db(table), db, actor).where({ id, account_id: actor.id }).delete();
