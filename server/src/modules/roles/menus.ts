// Effective menus of an account: its role's menus, narrowed by every ancestor's effective menus, so
// a merchant can never pass down (or keep passing down) a menu it no longer holds. Level 0 holds all.
import type { Knex } from 'knex';
import { MENU_KEYS } from '../../../../domain/menus';
import type { Actor } from '../../db/scope';

export async function effectiveMenus(db: Knex, actor: Actor): Promise<string[]> {
  if (actor.level === 0) return [...MENU_KEYS];
  const ids = actor.path.split('/').filter(Boolean).map(Number);
  const rows: { id: string; level: number; role_id: string | null; menu_key: string | null }[] = await db(
    'accounts as a',
  )
    .leftJoin('role_menus as rm', 'rm.role_id', 'a.role_id')
    .whereIn('a.id', ids)
    .select('a.id', 'a.level', 'a.role_id', 'rm.menu_key');
  const byAccount = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.level === 0) continue;
    const set = byAccount.get(Number(r.id)) ?? new Set<string>();
    if (r.menu_key) set.add(r.menu_key);
    byAccount.set(Number(r.id), set);
  }
  const own = byAccount.get(actor.id) ?? new Set<string>();
  return MENU_KEYS.filter((k) => own.has(k) && [...byAccount.values()].every((s) => s.has(k)));
}
