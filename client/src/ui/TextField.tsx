// A labelled text input with its validation message (Blueprint FormGroup + InputGroup).
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  helper?: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

export function TextField(p: TextFieldProps) {
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      helperText={p.error ? <span data-testid={`error-${p.id}`}>{p.error}</span> : p.helper}
      intent={p.error ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id={p.id}
        name={p.id}
        data-testid={`input-${p.id}`}
        type={p.type ?? 'text'}
        value={p.value}
        placeholder={p.placeholder}
        autoComplete={p.autoComplete}
        autoFocus={p.autoFocus}
        intent={p.error ? Intent.DANGER : Intent.NONE}
        onValueChange={(v) => p.onChange(v)}
      />
    </FormGroup>
  );
}
