// Merchants can only hand out roles and menus they were given (SPEC §6).
import type { RoleDto } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound, takenAsConflict } from '../../http/errors';
import { Code } from '../../../../domain/api';
import type { AuthContext } from '../auth/sessions';
import { assignableRoles, deleteOwnedRole, ownedRole, roleUsage, saveRole } from './repo';

export function assertMenusHeld(auth: AuthContext, menus: string[]): void {
  const missing = menus.filter((m) => !auth.menus.includes(m));
  if (missing.length) throw forbidden('menuNotHeld', { menus: missing.join(', ') });
}

/** Menus the actor may grant below itself: the ones it holds, within its assignable menus if set. */
export async function grantableMenus(deps: Deps, auth: AuthContext): Promise<string[]> {
  const row = await deps.db('accounts').where({ id: auth.actor.id }).first('assignable_menus');
  const assignable: string[] | null = row?.assignable_menus ?? null;
  return assignable ? auth.menus.filter((m) => assignable.includes(m)) : auth.menus;
}

/** Refuses menus the actor does not hold, or that its assignable menus (set by its superior) leave out. */
export async function assertMenusGrantable(deps: Deps, auth: AuthContext, menus: string[]): Promise<void> {
  assertMenusHeld(auth, menus);
  const grantable = await grantableMenus(deps, auth);
  const missing = menus.filter((m) => !grantable.includes(m));
  if (missing.length) throw forbidden('menuNotAssignable', { menus: missing.join(', ') });
}

export async function assertRoleAssignable(deps: Deps, auth: AuthContext, roleId: number): Promise<RoleDto> {
  const role = (await assignableRoles(deps.db, auth.actor)).find((r) => r.id === roleId);
  if (!role) throw forbidden('roleNotAssignable');
  await assertMenusGrantable(deps, auth, role.menus);
  return role;
}

export async function upsertRole(
  deps: Deps,
  auth: AuthContext,
  input: { name: string; description?: string; menus: string[] },
  id?: number,
): Promise<RoleDto> {
  await assertMenusGrantable(deps, auth, input.menus);
  if (id && !(await ownedRole(deps.db, auth.actor, id))) throw notFound();
  const roleId = await takenAsConflict(
    () =>
      saveRole(
        deps.db,
        auth.actor,
        { ...input, description: input.description ?? '', menus: [...new Set(input.menus)] },
        id,
      ),
    ['name', 'duplicateName'],
  );
  return (await ownedRole(deps.db, auth.actor, roleId))!;
}

/**
 * Deletes a role the actor made. Refused (409, with the count) while any account that is not deleted
 * holds it, and for the registration role (self-registered accounts get it).
 */
export async function removeRole(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const role = await ownedRole(deps.db, auth.actor, id);
  if (!role) throw notFound();
  const usage = await roleUsage(deps.db, id);
  if (usage.registration) throw new AppError(Code.Conflict, 409, 'roles.registrationRole');
  if (usage.accounts) throw new AppError(Code.Conflict, 409, 'roles.inUse', { count: usage.accounts });
  await deleteOwnedRole(deps.db, auth.actor, id);
}
