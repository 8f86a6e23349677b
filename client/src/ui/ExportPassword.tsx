// The export password of the export dialogs (customer center, call records): the field and its
// state, cleared whenever the dialog opens; a missing password is flagged before any request.
import { useEffect, useState } from 'react';
import { TextField } from './TextField';

export function useExportPassword(open: boolean) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!open) return;
    setPassword('');
    setMissing(false);
  }, [open]);
  return {
    password,
    setPassword,
    missing,
    /** Flags a missing password; true when one is given. */
    check: () => {
      setMissing(password === '');
      return password !== '';
    },
  };
}

export function ExportPasswordField(p: {
  id: string;
  label: string;
  helper: string;
  value: string;
  error?: string;
  onChange(v: string): void;
}) {
  return (
    <TextField
      id={p.id}
      type="password"
      autoComplete="current-password"
      label={p.label}
      helper={p.helper}
      value={p.value}
      error={p.error}
      onChange={p.onChange}
    />
  );
}
