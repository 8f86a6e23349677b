// The account's dialing defaults and per-number caps, checked as typed with the shared rules; the
// server's field errors show under the same fields. Its own concurrency quota is shown, not editable.
import { Button, Callout, FormGroup, H5, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CapCount } from '../../../../../domain/shields';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { formOf, inputOf, problemKey, problemsOf, type DefaultsForm } from '../form';
import { selectShields, shieldsActions as A } from '../slice';

type TextKey = Exclude<keyof DefaultsForm, 'capCount'>;
/** The API's field names for the form's (server errors). */
const apiField: Partial<Record<TextKey, string>> = { lowBalanceYuan: 'lowBalanceFen' };

export function DialDefaultsForm() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields).settings;
  const [f, setF] = useState<DefaultsForm | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (s.data) setF(formOf(s.data.settings));
    setChecked(false);
  }, [s.data]);
  if (!f || !s.data) return null;
  const problems = problemsOf(f);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length === 0) dispatch(A.defaultsSaveRequested(inputOf(f)));
  };
  const errorOf = (k: keyof DefaultsForm): string | undefined => {
    const p = problems[k];
    if (checked && p) return t(problemKey(p));
    return s.serverErrors[apiField[k as TextKey] ?? k];
  };
  const text = (k: TextKey, helper?: string) => {
    const error = errorOf(k);
    return (
      <FormGroup
        label={t(`defaults.${k === 'lowBalanceYuan' ? 'lowBalance' : k}`)}
        labelFor={`dd-${k}`}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ? <span data-testid={`error-dd-${k}`}>{error}</span> : helper}
      >
        <InputGroup
          id={`dd-${k}`}
          data-testid={`input-dd-${k}`}
          value={f[k]}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(v) => setF({ ...f, [k]: v })}
        />
      </FormGroup>
    );
  };
  const quota = s.data.settings.concurrencyQuota;
  return (
    <form className="cp-shd-section" onSubmit={submit} noValidate data-testid="dial-defaults">
      <H5>{t('defaults.title')}</H5>
      <p>{t('defaults.help')}</p>
      {s.data.isDefault && (
        <Callout intent={Intent.PRIMARY} data-testid="dial-defaults-default">
          {t('defaults.usingDefaults')}
        </Callout>
      )}
      <div className="cp-shd-form">
        {text('callStart', t('defaults.callHoursHelp'))}
        {text('callEnd', t('defaults.callHoursHelp'))}
        {text('timeZone', t('defaults.timeZoneHelp'))}
        {text('lowBalanceYuan')}
        {text('capPerDay', t('defaults.capHelp'))}
        {text('capPerPeriod', t('defaults.capHelp'))}
        {text('capPeriodDays')}
        <FormGroup label={t('defaults.capCount')} labelFor="dd-capCount">
          <HTMLSelect
            id="dd-capCount"
            data-testid="input-dd-capCount"
            value={f.capCount}
            onChange={(e) => setF({ ...f, capCount: e.currentTarget.value as CapCount })}
          >
            <option value="connected">{t('defaults.capCountConnected')}</option>
            <option value="all">{t('defaults.capCountAll')}</option>
          </HTMLSelect>
        </FormGroup>
      </div>
      <p data-testid="dial-defaults-own-quota">
        {t('defaults.ownQuota', {
          quota: quota ?? t('defaults.quotaBySeats', { seats: s.data.aiSeats }),
        })}
      </p>
      <ErrorCallout error={s.error} testId="dial-defaults-error" />
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        text={t('defaults.save')}
        loading={s.savingDefaults}
        data-testid="dial-defaults-save"
      />
    </form>
  );
}
