// The dialog shell of the editor forms (telephony, seats): a form, its fields in a two-column
// grid, a server error callout and the save/cancel footer. Field checks happen in the caller.
import { Dialog, DialogBody, type IconName } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions';
import { ErrorCallout } from './ErrorCallout';

export function FormDialog(p: {
  isOpen: boolean;
  title: string;
  icon: IconName;
  testId: string;
  saving: boolean;
  formError: string | null;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.saving) p.onSubmit();
  };
  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={p.title} icon={p.icon} style={{ width: 640 }}>
      <form onSubmit={submit} noValidate data-testid={p.testId}>
        <DialogBody>
          <div className="cp-form-grid">{p.children}</div>
          <ErrorCallout error={p.formError} testId={`${p.testId}-error`} />
        </DialogBody>
        <DialogActions
          closeText={t('actions.cancel')}
          onClose={p.onClose}
          text={t('actions.save')}
          testId={`${p.testId}-submit`}
          submit
          loading={p.saving}
        />
      </form>
    </Dialog>
  );
}
