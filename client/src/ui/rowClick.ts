// Which clicks on a table row open it: not those on (or inside) a control of the row.
const INTERACTIVE =
  'a,button,input,select,textarea,label,[role="button"],[role="checkbox"],[role="switch"],.bp6-control,.bp6-popover';

/** The row key (data-row-key of the nearest row) a click should open, or null (a control was hit). */
export function rowKeyOfClick(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  if (target.closest(INTERACTIVE)) return null;
  const tr = target.closest('tr[data-row-key]');
  return tr instanceof HTMLElement ? (tr.dataset.rowKey ?? null) : null;
}
