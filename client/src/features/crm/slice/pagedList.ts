// What every id-paged, selectable list of the customer center does with a loaded page and
// with its row selection (my customers, sea, blacklist).

export interface SelectableList<T extends { id: number }> {
  items: T[];
  selected: number[];
}

/** Appends a page (skipping rows already shown) or replaces the list and clears the selection. */
export function takePage<T extends { id: number }>(
  state: SelectableList<T>,
  items: T[],
  append: boolean,
): void {
  if (append) {
    const seen = new Set(state.items.map((c) => c.id));
    state.items.push(...items.filter((c) => !seen.has(c.id)));
  } else {
    state.items = items;
    state.selected = [];
  }
}

export function toggleSelected(state: SelectableList<{ id: number }>, id: number): void {
  state.selected = state.selected.includes(id)
    ? state.selected.filter((s) => s !== id)
    : [...state.selected, id];
}

export function selectAll(state: SelectableList<{ id: number }>, on: boolean): void {
  state.selected = on ? state.items.map((c) => c.id) : [];
}

/** Drops the given rows from the list and the selection. */
export function dropRows(state: SelectableList<{ id: number }>, ids: Iterable<number>): void {
  const gone = new Set(ids);
  state.items = state.items.filter((c) => !gone.has(c.id));
  state.selected = state.selected.filter((id) => !gone.has(id));
}
