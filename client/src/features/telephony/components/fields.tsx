// Small labelled inputs of the telephony forms (ids give the data-testids e2e tests use).
import { FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { TextField } from '../../../ui/TextField';

export function Text(p: {
  id: string;
  label: string;
  value: string;
  error?: string;
  helper?: string;
  type?: 'text' | 'password';
  autoFocus?: boolean;
  onChange(v: string): void;
}) {
  return (
    <TextField
      id={p.id}
      label={p.label}
      value={p.value}
      error={p.error}
      helper={p.helper}
      type={p.type}
      autoComplete={p.type === 'password' ? 'new-password' : 'off'}
      autoFocus={p.autoFocus}
      onChange={p.onChange}
    />
  );
}

export function Select<V extends string>(p: {
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

export function Toggle(p: { id: string; label: string; checked: boolean; onChange(v: boolean): void }) {
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
