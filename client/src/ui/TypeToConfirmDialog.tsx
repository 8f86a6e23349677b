// "Type delete to confirm" (SPEC §5): a destructive action runs only once the word is typed.
// The caller passes the translated texts, so any feature can reuse it.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorCallout } from './ErrorCallout';

export const CONFIRM_WORD = 'delete';

export interface TypeToConfirmDialogProps {
  isOpen: boolean;
  title: string;
  body: string;
  prompt: string;
  confirmText: string;
  cancelText: string;
  pending?: boolean;
  error?: string | null;
  testId: string;
  onConfirm(typed: string): void;
  onClose(): void;
}

export function TypeToConfirmDialog(p: TypeToConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (p.isOpen) setTyped('');
  }, [p.isOpen]);
  const ready = typed.trim() === CONFIRM_WORD;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) p.onConfirm(typed.trim());
  };
  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={p.title} icon="trash">
      <form onSubmit={submit} noValidate data-testid={p.testId}>
        <DialogBody>
          <p>{p.body}</p>
          <FormGroup label={p.prompt} labelFor={`${p.testId}-input`}>
            <InputGroup
              id={`${p.testId}-input`}
              data-testid={`${p.testId}-input`}
              value={typed}
              placeholder={CONFIRM_WORD}
              autoFocus
              onValueChange={setTyped}
            />
          </FormGroup>
          <ErrorCallout error={p.error} testId={`${p.testId}-error`} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={p.cancelText} onClick={p.onClose} />
              <Button
                type="submit"
                intent={Intent.DANGER}
                disabled={!ready}
                loading={p.pending}
                text={p.confirmText}
                data-testid={`${p.testId}-submit`}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
