// Tag and tag-group rules: names are unique per owner (409), a tag's group must be the owner's own.
import type { z } from 'zod';
import type { Deps } from '../../../deps';
import { notFound, takenAsConflict } from '../../../http/errors';
import type { AuthContext } from '../../auth/sessions';
import { deleteOwned, ownedGroup, ownedTag, saveGroup, saveTag } from './repo';
import type { groupSchema, tagSchema } from './schema';

const uniqueName = <T>(run: () => Promise<T>) => takenAsConflict(run, ['name', 'duplicateName']);

export async function upsertGroup(
  deps: Deps,
  auth: AuthContext,
  v: z.infer<typeof groupSchema>,
  id?: number,
) {
  if (id && !(await ownedGroup(deps.db, auth.actor, id))) throw notFound();
  return uniqueName(() => saveGroup(deps.db, auth.actor, v.name, id));
}

export async function upsertTag(deps: Deps, auth: AuthContext, v: z.infer<typeof tagSchema>, id?: number) {
  if (id && !(await ownedTag(deps.db, auth.actor, id))) throw notFound();
  if (v.groupId !== null && !(await ownedGroup(deps.db, auth.actor, v.groupId))) throw notFound();
  return uniqueName(() => saveTag(deps.db, auth.actor, v, id));
}

export async function removeOwned(deps: Deps, auth: AuthContext, table: 'tags' | 'tag_groups', id: number) {
  if (!(await deleteOwned(deps.db, auth.actor, table, id))) throw notFound();
}
