// Change the login or export password (POST /api/auth/password via the auth saga).
import { Dialog, DialogBody, SegmentedControl } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import type { ChangePasswordRequest } from '../../../../../domain/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TextField } from '../../../ui/TextField';
import { FormError } from '../../auth/components/FormParts';
import { authActions, selectForm } from '../../auth/slice';
import { hasErrors, serverFieldError, validateChangePassword } from '../../auth/validation';

const empty: ChangePasswordRequest = { kind: 'login', oldPassword: '', password: '', confirm: '' };
type Field = 'oldPassword' | 'password' | 'confirm';
const FIELDS: Field[] = ['oldPassword', 'password', 'confirm'];

export function ChangePasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['shell', 'auth']);
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectForm('password'));
  const [values, setValues] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  // Set once the opening transition ends: Blueprint moves focus into the dialog at that moment.
  const [opened, setOpened] = useState(false);

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!isOpen) return;
    setValues(empty);
    setSubmitted(false);
    dispatch(authActions.formReset('password'));
  }, [isOpen, dispatch]);

  // Close when a request of this dialog finishes well (export password; a login password change
  // ends the session and leaves the shell anyway).
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !form.pending && form.done !== null) onClose();
    wasPending.current = form.pending;
  }, [form.pending, form.done, onClose]);

  const errors = submitted ? validateChangePassword(values) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateChangePassword(values))) dispatch(authActions.passwordChangeRequested(values));
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpened={() => setOpened(true)}
      onClosed={() => setOpened(false)}
      title={t('password.title')}
      icon="key"
    >
      <form onSubmit={submit} noValidate data-testid="password-dialog" data-opened={opened ? 'yes' : 'no'}>
        <DialogBody>
          <div className="cp-field" data-testid="password-kind" data-kind={values.kind}>
            <SegmentedControl
              aria-label={t('password.kind')}
              value={values.kind}
              onValueChange={(kind) =>
                setValues((s) => ({ ...s, kind: kind as ChangePasswordRequest['kind'] }))
              }
              options={[
                { value: 'login', label: t('password.kindLogin') },
                { value: 'export', label: t('password.kindExport') },
              ]}
            />
          </div>
          {FIELDS.map((k) => (
            <TextField
              key={k}
              id={k}
              type="password"
              autoFocus={k === 'oldPassword'}
              autoComplete={k === 'oldPassword' ? 'current-password' : 'new-password'}
              label={t(`password.${k}`)}
              value={values[k]}
              onChange={(v) => setValues((s) => ({ ...s, [k]: v }))}
              helper={k === 'oldPassword' && values.kind === 'export' ? t('password.exportHint') : undefined}
              error={errors[k] ? t(errors[k]) : serverFieldError(form.fieldErrors, k)}
            />
          ))}
          <FormError message={form.error} testId="password-error" />
        </DialogBody>
        <DialogActions
          closeText={t('common:actions.cancel')}
          onClose={onClose}
          submit
          loading={form.pending}
          text={t('password.submit')}
          testId="password-submit"
        />
      </form>
    </Dialog>
  );
}
