// The menus an editor may grant, grouped like the side bar (app/menuGroups.ts), and the checked state
// of a group (all, some, none of its menus).
import { NAV_GROUPS, type NavGroupId } from '../../app/menuGroups';

export interface MenuGroup {
  id: NavGroupId;
  keys: string[];
}

/** The side-bar groups with only the menus `held`; empty groups left out. */
export function grantableGroups(held: readonly string[]): MenuGroup[] {
  const have = new Set(held);
  return NAV_GROUPS.map((g) => ({ id: g.id, keys: g.keys.filter((k) => have.has(k)) })).filter(
    (g) => g.keys.length > 0,
  );
}

export type GroupCheck = 'all' | 'some' | 'none';

export function groupCheck(keys: readonly string[], chosen: ReadonlySet<string>): GroupCheck {
  const n = keys.filter((k) => chosen.has(k)).length;
  return n === 0 ? 'none' : n === keys.length ? 'all' : 'some';
}

/** Ticking a group grants all its menus unless all are granted already, then takes them all away. */
export function toggleGroup(keys: readonly string[], chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen);
  const all = groupCheck(keys, chosen) === 'all';
  for (const k of keys) {
    if (all) next.delete(k);
    else next.add(k);
  }
  return next;
}
