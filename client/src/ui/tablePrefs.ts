// A table's column choice and density, kept per table in localStorage (pure parts + the hook).
import { useCallback, useState } from 'react';
import type { Density } from './DataTable';

export interface TablePrefs {
  hidden: string[];
  density: Density;
}

/** Reads stored prefs, dropping what no longer fits (unknown or unhideable columns, odd density). */
export function parsePrefs(
  raw: string | null,
  hideable: readonly string[],
  defaults: TablePrefs,
): TablePrefs {
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<TablePrefs> | null;
    if (!v || typeof v !== 'object') return defaults;
    const hidden = Array.isArray(v.hidden) ? v.hidden.filter((k) => hideable.includes(k)) : defaults.hidden;
    const density = v.density === 'comfortable' || v.density === 'compact' ? v.density : defaults.density;
    return { hidden, density };
  } catch {
    return defaults;
  }
}

/** Shows or hides one column. */
export const toggleHidden = (hidden: readonly string[], key: string): string[] =>
  hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];

export function useTablePrefs(tableId: string, hideable: readonly string[], defaults: TablePrefs) {
  const storageKey = `table:${tableId}`;
  const [prefs, setPrefs] = useState<TablePrefs>(() =>
    parsePrefs(globalThis.localStorage?.getItem(storageKey) ?? null, hideable, defaults),
  );
  const save = useCallback(
    (next: TablePrefs) => {
      setPrefs(next);
      globalThis.localStorage?.setItem(storageKey, JSON.stringify(next));
    },
    [storageKey],
  );
  return { prefs, save };
}
