// Add one number to the call blacklist: a mobile (SPEC §5, checked as typed) and a reason.
import { Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeMobile } from '../../../../../domain/shields';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { selectShields, shieldsActions as A } from '../slice';
import { AddResult } from './AddResult';

export function BlacklistAddDialog() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields).blacklistAdd;
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!s.open) return;
    setPhone('');
    setReason('');
    setTouched(false);
  }, [s.open]);
  const valid = normalizeMobile(phone) !== null;
  const close = () => dispatch(A.adderOpened({ key: 'blacklistAdd', open: false }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) dispatch(A.blacklistAddRequested({ phone: phone.trim(), reason: reason.trim() }));
  };
  const error = touched && !valid ? t('ui.mobileInvalid') : undefined;
  return (
    <Dialog isOpen={s.open} onClose={close} title={t('blacklist.add')} icon="disable">
      <form onSubmit={submit} noValidate data-testid="cbl-add-dialog">
        <DialogBody>
          <FormGroup
            label={t('blacklist.phone')}
            labelFor="cbl-add-phone"
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error && <span data-testid="error-cbl-add-phone">{error}</span>}
          >
            <InputGroup
              id="cbl-add-phone"
              data-testid="input-cbl-add-phone"
              value={phone}
              maxLength={20}
              autoFocus
              intent={error ? Intent.DANGER : Intent.NONE}
              onValueChange={(v) => {
                setPhone(v);
                setTouched(false);
              }}
            />
          </FormGroup>
          <FormGroup label={t('blacklist.reason')} labelFor="cbl-add-reason">
            <InputGroup
              id="cbl-add-reason"
              data-testid="input-cbl-add-reason"
              value={reason}
              maxLength={200}
              onValueChange={setReason}
            />
          </FormGroup>
          <AddResult result={s.result} testId="cbl-add-result" />
          <ErrorCallout error={s.error} testId="cbl-add-error" />
        </DialogBody>
        <DialogActions
          closeText={t('ui.close')}
          onClose={close}
          submit
          loading={s.pending}
          text={t('blacklist.submitAdd')}
          testId="cbl-add-submit"
        />
      </form>
    </Dialog>
  );
}
