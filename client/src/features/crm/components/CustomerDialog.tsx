// Add or edit a customer. Checked on the client with the server's rules before sending.
import { Callout, Dialog, DialogBody, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { Stage, type CustomerDto } from '../../../../../domain/crm';
import { TextField } from '../../../ui/TextField';
import type { CustomerInput, FieldErrors } from '../types';
import { hasErrors, validateCustomer } from '../validation';
import { StageSelect } from './StageSelect';

const REMARKS = [0, 1, 2, 3, 4];

export function inputOf(c: CustomerDto | null): CustomerInput {
  return {
    name: c?.name ?? '',
    phone: c ? (c.phoneHidden ? undefined : c.phone) : '',
    contact: c?.contact ?? '',
    sex: c?.sex ?? null,
    company: c?.company ?? '',
    address: c?.address ?? '',
    remarks: c ? [...c.remarks] : ['', '', '', '', ''],
    source: c?.source ?? '',
    stage: c?.stage ?? Stage.New,
  };
}

type TextKey = 'name' | 'phone' | 'contact' | 'company' | 'address' | 'source';

export function CustomerDialog(p: {
  isOpen: boolean;
  customer: CustomerDto | null;
  saving: boolean;
  formError: string | null;
  serverErrors: FieldErrors;
  onSave(input: CustomerInput): void;
  onClose(): void;
  /**
   * A new customer whose number is set elsewhere (the seat desk: the call's number, which the server
   * holds): shown masked with `phoneNote`, not editable, not sent.
   */
  fixedPhone?: { masked: string; note: string };
}) {
  const { t } = useTranslation(['crm', 'common']);
  const [v, setV] = useState<CustomerInput>(inputOf(p.customer));
  const [submitted, setSubmitted] = useState(false);
  const phoneEditable = !p.customer?.phoneHidden && !p.fixedPhone;

  useEffect(() => {
    if (!p.isOpen) return;
    setV(inputOf(p.customer));
    setSubmitted(false);
  }, [p.isOpen, p.customer]);

  const errors = submitted ? validateCustomer(v, phoneEditable) : {};
  const errorOf = (k: string) => (errors[k] ? t(errors[k]) : p.serverErrors[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateCustomer(v, phoneEditable))) p.onSave(v);
  };
  const text = (k: TextKey, autoFocus = false) => (
    <TextField
      id={`customer-${k}`}
      label={t(`form.${k}`)}
      value={v[k] ?? ''}
      autoFocus={autoFocus}
      type={k === 'phone' ? 'tel' : 'text'}
      onChange={(value) => setV((s) => ({ ...s, [k]: value }))}
      error={errorOf(k)}
    />
  );

  return (
    <Dialog
      isOpen={p.isOpen}
      onClose={p.onClose}
      title={p.customer ? t('form.titleEdit') : t('form.titleNew')}
      icon="person"
    >
      <form onSubmit={submit} noValidate data-testid="customer-dialog">
        <DialogBody>
          <div className="cp-crm-form-row">
            {text('name', true)}
            {phoneEditable ? (
              text('phone')
            ) : (
              <FormGroup label={t('form.phone')} helperText={p.fixedPhone?.note ?? t('form.phoneLocked')}>
                <span data-testid="customer-phone-locked">{p.fixedPhone?.masked ?? p.customer?.phone}</span>
              </FormGroup>
            )}
          </div>
          <div className="cp-crm-form-row">
            {text('contact')}
            <FormGroup label={t('form.sex')} labelFor="customer-sex">
              <HTMLSelect
                id="customer-sex"
                data-testid="customer-sex"
                value={v.sex === null ? '' : String(v.sex)}
                onChange={(e) => {
                  const s = e.currentTarget.value;
                  setV((x) => ({ ...x, sex: s === '' ? null : (Number(s) as 0 | 1) }));
                }}
              >
                <option value="">{t('sex.none')}</option>
                <option value="0">{t('sex.0')}</option>
                <option value="1">{t('sex.1')}</option>
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('form.stage')} labelFor="customer-stage">
              <StageSelect
                id="customer-stage"
                value={v.stage}
                onChange={(s) => setV((x) => ({ ...x, stage: s ?? Stage.New }))}
              />
            </FormGroup>
          </div>
          <div className="cp-crm-form-row">
            {text('company')}
            {text('source')}
          </div>
          {text('address')}
          <div className="cp-crm-form-row">
            {REMARKS.map((i) => (
              <TextField
                key={i}
                id={`customer-remark${i + 1}`}
                label={t('form.remark', { n: i + 1 })}
                value={v.remarks[i] ?? ''}
                onChange={(value) =>
                  setV((s) => ({
                    ...s,
                    remarks: REMARKS.map((j) => (j === i ? value : (s.remarks[j] ?? ''))),
                  }))
                }
                error={p.serverErrors[`remarks.${i}`]}
              />
            ))}
          </div>
          {p.formError && (
            <Callout intent={Intent.DANGER} data-testid="customer-error">
              {p.formError}
            </Callout>
          )}
        </DialogBody>
        <DialogActions
          closeText={t('common:actions.cancel')}
          onClose={p.onClose}
          submit
          loading={p.saving}
          text={t('actions.save')}
          testId="customer-submit"
        />
      </form>
    </Dialog>
  );
}
