// Controls of the selectable list tables (customers, call records, sea, blacklist): the select-all
// header box (test id select-all), a row's box (select-<id>) — a page may name both boxes itself —
// and a row's focus star (focus-<id>).
import { Button, Checkbox, Intent } from '@blueprintjs/core';

/** Checked when every row is selected, indeterminate when some are; a click selects all or none. */
export function SelectAllBox(p: {
  label: string;
  count: number;
  selected: number;
  onToggleAll(all: boolean): void;
  /** select-all unless given. */
  testId?: string;
}) {
  const all = p.count > 0 && p.selected === p.count;
  const some = p.selected > 0 && !all;
  return (
    <Checkbox
      aria-label={p.label}
      checked={all}
      indeterminate={some}
      data-testid={p.testId ?? 'select-all'}
      onChange={() => p.onToggleAll(!all)}
    />
  );
}

/** A row's box; its test id is select-<id> unless given. */
export function SelectBox(p: {
  id: number;
  label: string;
  checked: boolean;
  onToggle(): void;
  testId?: string;
}) {
  return (
    <Checkbox
      aria-label={p.label}
      checked={p.checked}
      data-testid={p.testId ?? `select-${p.id}`}
      onChange={p.onToggle}
    />
  );
}

/** The focus star; labelled with what a click does. */
export function FocusStar(p: {
  id: number;
  focus: boolean;
  labelOn: string;
  labelOff: string;
  onToggle(): void;
}) {
  return (
    <Button
      variant="minimal"
      size="small"
      icon={p.focus ? 'star' : 'star-empty'}
      intent={p.focus ? Intent.WARNING : Intent.NONE}
      aria-label={p.focus ? p.labelOff : p.labelOn}
      data-testid={`focus-${p.id}`}
      data-focus={p.focus ? 'yes' : 'no'}
      onClick={p.onToggle}
    />
  );
}
