// The super administrator's registration trial: what a self-registered account starts with (AI
// seats, days until it expires, and a trial balance credited once its e-mail is verified).
import { Button, Callout, FormGroup, H4, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseYuan } from '../../../../../domain/finance';
import { fenToYuan } from '../../../../../domain/format';
import { trialProblems, type RegistrationTrialDto } from '../../../../../domain/registrationTrial';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { registrationTrialActions as A, selectRegistrationTrial } from '../slice';

interface Form {
  aiSeats: string;
  days: string;
  balance: string;
}

const formOf = (v: RegistrationTrialDto): Form => ({
  aiSeats: String(v.aiSeats),
  days: String(v.days),
  balance: fenToYuan(v.balanceFen),
});

/** The form as the setting, or the fields that are not valid (checked as the server checks them). */
function valueOf(f: Form): { value: RegistrationTrialDto } | { bad: string[] } {
  const whole = (s: string) => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : NaN);
  const money = f.balance.trim();
  const fen = /^0+(\.0{0,2})?$/.test(money) ? 0 : parseYuan(money);
  const value = {
    aiSeats: whole(f.aiSeats),
    days: whole(f.days),
    balanceFen: typeof fen === 'number' ? fen : fen.ok ? fen.fen : NaN,
  };
  const bad = trialProblems(value);
  return bad.length ? { bad } : { value };
}

export function RegistrationTrialSection() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectRegistrationTrial);
  const [form, setForm] = useState<Form | null>(null);
  const [bad, setBad] = useState<string[]>([]);
  useEffect(() => {
    dispatch(A.loadRequested());
  }, [dispatch]);
  useEffect(() => {
    if (s.value) setForm(formOf(s.value));
  }, [s.value, s.savedAt]);

  const field = (name: keyof Form, key: 'aiSeats' | 'days' | 'balanceFen') => {
    const problem = bad.includes(key) ? t(`trial.bad.${key}`) : s.errors[key];
    return (
      <FormGroup
        label={t(`trial.${key}`)}
        labelFor={`trial-${key}`}
        intent={problem ? Intent.DANGER : Intent.NONE}
        helperText={problem}
      >
        <InputGroup
          id={`trial-${key}`}
          data-testid={`trial-${key}`}
          value={form?.[name] ?? ''}
          disabled={!form}
          intent={problem ? Intent.DANGER : Intent.NONE}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setForm((f) => (f ? { ...f, [name]: v } : f));
          }}
        />
      </FormGroup>
    );
  };

  return (
    <section className="cp-trial" data-testid="registration-trial">
      <H4>{t('trial.title')}</H4>
      <Callout icon="new-person" intent={Intent.PRIMARY}>
        {t('trial.hint')}
      </Callout>
      {field('aiSeats', 'aiSeats')}
      {field('days', 'days')}
      {field('balance', 'balanceFen')}
      {s.errors.form && (
        <Callout intent={Intent.DANGER} data-testid="trial-error">
          {s.errors.form}
        </Callout>
      )}
      <Button
        icon="floppy-disk"
        intent={Intent.PRIMARY}
        text={t('trial.save')}
        loading={s.saving}
        disabled={!form}
        data-testid="trial-save"
        onClick={() => {
          if (!form) return;
          const r = valueOf(form);
          if ('bad' in r) return setBad(r.bad);
          setBad([]);
          dispatch(A.saveRequested(r.value));
        }}
      />
      {s.savedAt !== null && !s.saving && !Object.keys(s.errors).length && (
        <span className="cp-trial-saved" data-testid="trial-saved">
          {t('trial.saved')}
        </span>
      )}
    </section>
  );
}
