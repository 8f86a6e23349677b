// The side bar's icon-only mode and closed groups, kept in this browser's localStorage.
import { useCallback, useState } from 'react';
import {
  SIDEBAR_PREFS_KEY,
  parseSideBarPrefs,
  toggleGroup,
  type NavGroupId,
  type SideBarPrefs,
} from '../../../app/menuGroups';

const read = (): SideBarPrefs => {
  try {
    return parseSideBarPrefs(globalThis.localStorage?.getItem(SIDEBAR_PREFS_KEY));
  } catch {
    return parseSideBarPrefs(null);
  }
};

const write = (prefs: SideBarPrefs): void => {
  try {
    globalThis.localStorage?.setItem(SIDEBAR_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private mode may refuse storage: the choice still holds on this page.
  }
};

export function useSideBarPrefs() {
  const [prefs, setPrefs] = useState(read);
  const update = useCallback((next: (p: SideBarPrefs) => SideBarPrefs) => {
    setPrefs((p) => {
      const v = next(p);
      write(v);
      return v;
    });
  }, []);
  return {
    prefs,
    toggleCollapsed: useCallback(() => update((p) => ({ ...p, collapsed: !p.collapsed })), [update]),
    toggleGroup: useCallback((id: NavGroupId) => update((p) => toggleGroup(p, id)), [update]),
  };
}
