import type { Knex } from 'knex';
import type { RoleDto } from '../../../../domain/api';
import type { Actor } from '../../db/scope';

async function withMenus(
  db: Knex,
  rows: { id: string; owner_id: string; name: string; description: string }[],
): Promise<RoleDto[]> {
  const ids = rows.map((r) => r.id);
  const menus: { role_id: string; menu_key: string }[] = ids.length
    ? await db('role_menus').whereIn('role_id', ids)
    : [];
  return rows.map((r) => ({
    id: Number(r.id),
    ownerId: Number(r.owner_id),
    name: r.name,
    description: r.description,
    menus: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_key),
  }));
}

/** Roles the actor may hand out: the ones it made, and its own role. */
export async function assignableRoles(db: Knex, actor: Actor): Promise<RoleDto[]> {
  const rows = await db('roles as r')
    .where('r.owner_id', actor.id)
    .orWhereIn('r.id', db('accounts').where('id', actor.id).whereNotNull('role_id').select('role_id'))
    .orderBy('r.id')
    .select('r.id', 'r.owner_id', 'r.name', 'r.description');
  return withMenus(db, rows);
}

export async function ownedRole(db: Knex, actor: Actor, id: number): Promise<RoleDto | undefined> {
  const rows = await db('roles')
    .where({ id, owner_id: actor.id })
    .select('id', 'owner_id', 'name', 'description');
  return (await withMenus(db, rows))[0];
}

export async function saveRole(
  db: Knex,
  actor: Actor,
  input: { name: string; description: string; menus: string[] },
  id?: number,
): Promise<number> {
  return db.transaction(async (trx) => {
    let roleId = id;
    if (roleId) {
      await trx('roles')
        .where({ id: roleId, owner_id: actor.id })
        .update({ name: input.name, description: input.description, updated_at: trx.fn.now() });
      await trx('role_menus').where({ role_id: roleId }).delete();
    } else {
      const [row] = await trx('roles')
        .insert({ owner_id: actor.id, name: input.name, description: input.description })
        .returning('id');
      roleId = Number(row.id);
    }
    if (input.menus.length)
      await trx('role_menus').insert(input.menus.map((m) => ({ role_id: roleId, menu_key: m })));
    return roleId;
  });
}

/** How a role is used: accounts (not deleted) holding it, and whether it is the registration role. */
export async function roleUsage(db: Knex, id: number): Promise<{ accounts: number; registration: boolean }> {
  const [row] = await db('accounts').where({ role_id: id }).whereNull('deleted_at').count({ n: '*' });
  const role = await db('roles').where({ id }).first('registration_default');
  return { accounts: Number(row?.n ?? 0), registration: Boolean(role?.registration_default) };
}

/** Deleted accounts that held the role keep none (role_id is set null by the foreign key). */
export const deleteOwnedRole = (db: Knex, actor: Actor, id: number) =>
  db('roles').where({ id, owner_id: actor.id }).delete();
