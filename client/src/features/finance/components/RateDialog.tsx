// Edit a subordinate's call rate: yuan per minute (stored as whole fen, 0 to 1,000 yuan) and the
// billing accuracy (6 s or 60 s), checked like the API does before anything is sent.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '../../../../../domain/format';
import type { BillingAccuracy } from '../../../../../domain/dialer/billing';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/fields';
import { TextField } from '../../../ui/TextField';
import { parseRateYuan, rateProblems, type FormProblems, type RateForm } from '../form';
import { financeActions as F, selectFinance } from '../slice';
import { accountLabel } from './accountOptions';

export function RateDialog() {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const { rate, accounts } = useAppSelector(selectFinance);
  const row = accounts.items.find((a) => a.accountId === rate.accountId);
  const [form, setForm] = useState<RateForm>({ rate: '', accuracyS: '60' });
  const [local, setLocal] = useState<FormProblems>({});
  useEffect(() => {
    if (!row) return;
    setForm({ rate: fenToYuan(row.ratePerMinFen), accuracyS: String(row.accuracyS) });
    setLocal({});
    // Only when the dialog opens on a row, not when the row's figures reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rate.accountId]);
  const problems = { ...rate.problems, ...local };
  const msg = (k: string) => {
    const p = problems[k];
    return p ? (p.startsWith('rates.') ? t(p) : p) : undefined;
  };
  const submit = () => {
    const p = rateProblems(form);
    setLocal(p);
    const r = parseRateYuan(form.rate);
    if (Object.keys(p).length || !r.ok || rate.accountId === null) return;
    dispatch(
      F.rateSubmitted({
        accountId: rate.accountId,
        ratePerMinFen: r.fen,
        accuracyS: Number(form.accuracyS) as BillingAccuracy,
      }),
    );
  };
  return (
    <FormDialog
      isOpen={rate.accountId !== null}
      title={t('rates.editTitle', { account: row ? accountLabel(row) : '' })}
      icon="edit"
      testId="rate-form"
      saving={rate.saving}
      formError={rate.error}
      onSubmit={submit}
      onClose={() => dispatch(F.rateClosed())}
    >
      <TextField
        id="rate-rate"
        label={t('rates.rate')}
        helper={t('rates.rateHelp')}
        value={form.rate}
        error={msg('rate')}
        onChange={(v) => {
          setForm((f) => ({ ...f, rate: v }));
          setLocal((l) => ({ ...l, rate: undefined }));
        }}
      />
      <SelectField
        id="rate-accuracy"
        label={t('rates.accuracy')}
        value={form.accuracyS}
        options={[
          { value: '6', label: t('rates.accuracy6') },
          { value: '60', label: t('rates.accuracy60') },
        ]}
        error={msg('accuracyS')}
        onChange={(v) => setForm((f) => ({ ...f, accuracyS: v }))}
      />
    </FormDialog>
  );
}
