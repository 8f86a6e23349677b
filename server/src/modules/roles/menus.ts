// Effective menus of an account: its role's menus, narrowed by every ancestor's effective menus, so
// a merchant can never pass down (or keep passing down) a menu it no longer holds. Level 0 holds all.
// An account above with assignable menus set (merchant management, issue 24) narrows its subtree to them.
import type { Knex } from 'knex';
import { MENU_KEYS } from '../../../../domain/menus';
import type { Actor } from '../../db/scope';

export async function effectiveMenus(db: Knex, actor: Actor): Promise<string[]> {
  if (actor.level === 0) return [...MENU_KEYS];
  const ids = actor.path.split('/').filter(Boolean).map(Number);
  const rows: {
    id: string;
    level: number;
    menu_key: string | null;
    assignable_menus: string[] | null;
  }[] = await db('accounts as a')
    .leftJoin('role_menus as rm', 'rm.role_id', 'a.role_id')
    .whereIn('a.id', ids)
    .select('a.id', 'a.level', 'rm.menu_key', 'a.assignable_menus');
  const byAccount = new Map<number, Set<string>>();
  const assignable = new Map<number, Set<string>>();
  for (const r of rows) {
    const id = Number(r.id);
    if (id !== actor.id && r.assignable_menus) assignable.set(id, new Set(r.assignable_menus));
    if (r.level === 0) continue;
    const set = byAccount.get(id) ?? new Set<string>();
    if (r.menu_key) set.add(r.menu_key);
    byAccount.set(id, set);
  }
  const own = byAccount.get(actor.id) ?? new Set<string>();
  const narrowing = [...byAccount.values(), ...assignable.values()];
  return MENU_KEYS.filter((k) => own.has(k) && narrowing.every((s) => s.has(k)));
}
