// Small labelled inputs of the editor forms (ids give the data-testids e2e tests use:
// input-<id>, error-<id>). Text inputs are ui/TextField.
import { FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';

/** A labelled select with its error. */
export function SelectField<V extends string>(p: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  error?: string;
  onChange(v: V): void;
}) {
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      intent={p.error ? Intent.DANGER : Intent.NONE}
      helperText={p.error ? <span data-testid={`error-${p.id}`}>{p.error}</span> : undefined}
    >
      <HTMLSelect
        id={p.id}
        data-testid={`input-${p.id}`}
        value={p.value}
        options={p.options}
        fill
        onChange={(e) => p.onChange(e.currentTarget.value as V)}
      />
    </FormGroup>
  );
}

/** A labelled on/off switch. */
export function ToggleField(p: { id: string; label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <Switch
      id={p.id}
      data-testid={`input-${p.id}`}
      label={p.label}
      checked={p.checked}
      onChange={(e) => p.onChange(e.currentTarget.checked)}
    />
  );
}
