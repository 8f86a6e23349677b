// Recharge a subordinate (SPEC §5 Recharge, §6): the account (subordinates only), the amount in yuan
// by the API's rule (parseYuan: required, > 0, at most 2 decimals, at most 10,000,000), a description,
// the confirmation box. A merchant pays from its own balance, the super administrator adds new money.
// The dialog's one request id makes a double submit one recharge; the result shows the balances
// before and after as the ledger wrote them.
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { SelectField } from '../../../ui/fields';
import { TextField } from '../../../ui/TextField';
import { rechargeProblems, type FormProblems, type RechargeForm } from '../form';
import { financeActions as F, selectFinance } from '../slice';
import { accountLabel } from './accountOptions';

const empty = (accountId: number | null): RechargeForm => ({
  accountId,
  amount: '',
  description: '',
  confirm: false,
});

export function RechargeDialog() {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const { recharge: r, accounts } = useAppSelector(selectFinance);
  const [form, setForm] = useState<RechargeForm>(empty(null));
  const [local, setLocal] = useState<FormProblems>({});
  useEffect(() => {
    if (!r.open) return;
    setForm(empty(r.initialAccountId));
    setLocal({});
  }, [r.open, r.requestId, r.initialAccountId]);
  const close = () => dispatch(F.rechargeClosed());
  const problems: FormProblems = { ...r.problems, ...local };
  const msg = (k: string) => {
    const p = problems[k];
    return p ? (p.startsWith('recharge.') ? t(p) : p) : undefined;
  };
  const change = (c: Partial<RechargeForm>) => {
    setForm((f) => ({ ...f, ...c }));
    setLocal((l) => {
      const n = { ...l };
      for (const k of Object.keys(c)) delete n[k];
      return n;
    });
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (r.saving || r.result) return;
    const p = rechargeProblems(form);
    setLocal(p);
    if (Object.keys(p).length || form.accountId === null) return;
    dispatch(F.rechargeSubmitted({ ...form, accountId: form.accountId }));
  };
  const target = accounts.items.find((a) => a.accountId === form.accountId);
  const res = r.result;
  return (
    <Dialog
      isOpen={r.open}
      onClose={close}
      title={t('recharge.title')}
      icon="bank-account"
      style={{ width: 560 }}
    >
      {res ? (
        <>
          <DialogBody>
            <Callout intent={Intent.SUCCESS} data-testid="recharge-result" className="cp-fin-result">
              <p>
                {res.applied
                  ? t('recharge.done', {
                      account: res.credit.account,
                      amount: fenToYuan(res.credit.deltaFen),
                    })
                  : t('recharge.replayed', {
                      account: res.credit.account,
                      amount: fenToYuan(res.credit.deltaFen),
                    })}
              </p>
              <table>
                <tbody>
                  <tr data-testid="recharge-result-credit">
                    <td>{res.credit.account}</td>
                    <td>{t('col.before')}</td>
                    <td className="cp-fin-money" data-testid="recharge-credit-before">
                      {fenToYuan(res.credit.balanceBeforeFen)}
                    </td>
                    <td>{t('col.after')}</td>
                    <td className="cp-fin-money" data-testid="recharge-credit-after">
                      {fenToYuan(res.credit.balanceAfterFen)}
                    </td>
                  </tr>
                  {res.debit && (
                    <tr data-testid="recharge-result-debit">
                      <td>{t('recharge.yourBalance', { account: res.debit.account })}</td>
                      <td>{t('col.before')}</td>
                      <td className="cp-fin-money" data-testid="recharge-debit-before">
                        {fenToYuan(res.debit.balanceBeforeFen)}
                      </td>
                      <td>{t('col.after')}</td>
                      <td className="cp-fin-money" data-testid="recharge-debit-after">
                        {fenToYuan(res.debit.balanceAfterFen)}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
              {!res.debit && <p>{t('recharge.newMoney')}</p>}
              {res.resumedTaskIds.length > 0 && (
                <p>{t('recharge.resumed', { count: res.resumedTaskIds.length })}</p>
              )}
            </Callout>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('close')} onClick={close} data-testid="recharge-close" />
                <Button
                  intent={Intent.PRIMARY}
                  icon="add"
                  text={t('recharge.another')}
                  onClick={() => dispatch(F.rechargeOpened(null))}
                  data-testid="recharge-another"
                />
              </>
            }
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate data-testid="recharge-form">
          <DialogBody>
            <SelectField
              id="recharge-account"
              label={t('recharge.account')}
              value={form.accountId === null ? '' : String(form.accountId)}
              options={[
                { value: '', label: t('recharge.pickAccount') },
                ...accounts.items.map((a) => ({ value: String(a.accountId), label: accountLabel(a) })),
              ]}
              error={msg('accountId')}
              onChange={(v) => change({ accountId: v ? Number(v) : null })}
            />
            {target && (
              <p className={Classes.TEXT_MUTED} data-testid="recharge-target-balance">
                {t('recharge.currentBalance', { balance: fenToYuan(target.balanceFen) })}
              </p>
            )}
            <TextField
              id="recharge-amount"
              label={t('recharge.amount')}
              helper={t('recharge.amountHelp')}
              value={form.amount}
              error={msg('amount')}
              onChange={(v) => change({ amount: v })}
            />
            <TextField
              id="recharge-description"
              label={t('recharge.description')}
              value={form.description}
              error={msg('description')}
              onChange={(v) => change({ description: v })}
            />
            <FormGroup
              intent={problems.confirm ? Intent.DANGER : Intent.NONE}
              helperText={
                problems.confirm ? (
                  <span data-testid="error-recharge-confirm">{msg('confirm')}</span>
                ) : undefined
              }
            >
              <Checkbox
                data-testid="input-recharge-confirm"
                checked={form.confirm}
                label={t('recharge.confirm')}
                onChange={(e) => change({ confirm: e.currentTarget.checked })}
              />
            </FormGroup>
            <ErrorCallout error={r.error} testId="recharge-error" />
          </DialogBody>
          <DialogActions
            closeText={t('cancel')}
            onClose={close}
            text={t('recharge.submit')}
            testId="recharge-submit"
            icon="bank-account"
            submit
            loading={r.saving}
          />
        </form>
      )}
    </Dialog>
  );
}
