// Add a follow-up or a reminder to the open customer (a reminder needs a future time).
import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  Intent,
  SegmentedControl,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactMethod, RecordType, USER_CONTACT_METHODS } from '../../../../../domain/crm';
import type { FieldErrors, FollowUpInput } from '../types';
import { contactKey } from '../labels';
import { hasErrors, localToIso, validateFollowUp } from '../validation';
import { StageSelect } from './StageSelect';
import { DateField } from '../../../ui/DateField';

interface Values {
  recordType: 0 | 1;
  stage: number;
  contactMethod: number;
  details: string;
  remindLocal: string;
}

const fresh = (stage: number): Values => ({
  recordType: RecordType.FollowUp,
  stage,
  contactMethod: ContactMethod.Phone,
  details: '',
  remindLocal: '',
});

export const toInput = (v: Values): FollowUpInput => ({
  recordType: v.recordType,
  stage: v.stage,
  contactMethod: v.contactMethod,
  details: v.details,
  remindAt: v.recordType === RecordType.Reminder ? localToIso(v.remindLocal) : undefined,
});

export function FollowUpForm(p: {
  stage: number;
  saving: boolean;
  /** Bumped after each successful add: the form clears. */
  added: number;
  formError: string | null;
  serverErrors: FieldErrors;
  onSubmit(input: FollowUpInput): void;
}) {
  const { t } = useTranslation('crm');
  const [v, setV] = useState<Values>(fresh(p.stage));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setV(fresh(p.stage));
    setSubmitted(false);
  }, [p.added, p.stage]);

  const errors = submitted ? validateFollowUp(toInput(v)) : {};
  const errorOf = (k: string) => (errors[k] ? t(errors[k]) : p.serverErrors[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateFollowUp(toInput(v)))) p.onSubmit(toInput(v));
  };
  const field = (k: string, label: string, child: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`fu-${k}`}
      intent={errorOf(k) ? Intent.DANGER : Intent.NONE}
      helperText={errorOf(k) && <span data-testid={`error-fu-${k}`}>{errorOf(k)}</span>}
    >
      {child}
    </FormGroup>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="follow-up-form" data-type={v.recordType}>
      <div className="cp-crm-form-row">
        {field(
          'recordType',
          t('drawer.recordType'),
          <SegmentedControl
            size="small"
            data-testid="fu-recordType"
            value={String(v.recordType)}
            options={[
              { value: '1', label: t('recordType.1') },
              { value: '0', label: t('recordType.0') },
            ]}
            onValueChange={(x) => setV((s) => ({ ...s, recordType: Number(x) as 0 | 1 }))}
          />,
        )}
        {field(
          'stage',
          t('form.stage'),
          <StageSelect
            id="fu-stage"
            value={v.stage}
            onChange={(stage) => setV((s) => ({ ...s, stage: stage ?? s.stage }))}
          />,
        )}
        {field(
          'contactMethod',
          t('drawer.contactMethod'),
          <HTMLSelect
            id="fu-contactMethod"
            data-testid="fu-contactMethod"
            value={v.contactMethod}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setV((s) => ({ ...s, contactMethod: Number(value) }));
            }}
          >
            {USER_CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(contactKey(m))}
              </option>
            ))}
          </HTMLSelect>,
        )}
        {v.recordType === RecordType.Reminder &&
          field(
            'remindAt',
            t('drawer.remindAt'),
            <DateField
              id="fu-remindAt"
              testId="fu-remindAt"
              withTime
              value={v.remindLocal}
              onChange={(value) => setV((s) => ({ ...s, remindLocal: value }))}
            />,
          )}
      </div>
      {field(
        'details',
        t('drawer.content'),
        <TextArea
          id="fu-details"
          data-testid="fu-details"
          fill
          maxLength={2000}
          value={v.details}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setV((s) => ({ ...s, details: value }));
          }}
        />,
      )}
      {p.formError && (
        <Callout intent={Intent.DANGER} data-testid="fu-error">
          {p.formError}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        loading={p.saving}
        text={t('drawer.submit')}
        data-testid="fu-submit"
      />
    </form>
  );
}
