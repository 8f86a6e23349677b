// Merchants can only hand out roles and menus they were given (SPEC §6).
import type { RoleDto } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { forbidden, notFound, takenAsConflict } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { assignableRoles, ownedRole, saveRole } from './repo';

export function assertMenusHeld(auth: AuthContext, menus: string[]): void {
  const missing = menus.filter((m) => !auth.menus.includes(m));
  if (missing.length) throw forbidden('menuNotHeld', { menus: missing.join(', ') });
}

export async function assertRoleAssignable(deps: Deps, auth: AuthContext, roleId: number): Promise<RoleDto> {
  const role = (await assignableRoles(deps.db, auth.actor)).find((r) => r.id === roleId);
  if (!role) throw forbidden('roleNotAssignable');
  assertMenusHeld(auth, role.menus);
  return role;
}

export async function upsertRole(
  deps: Deps,
  auth: AuthContext,
  input: { name: string; description?: string; menus: string[] },
  id?: number,
): Promise<RoleDto> {
  assertMenusHeld(auth, input.menus);
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
