// Allocate the selected customers: to myself, evenly among chosen subordinates, or by quantity.
import {
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { AllocationMode } from '../../../../../domain/crm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAllocation } from '../slice';
import { allocationActions as A } from '../slice/allocation';
import { hasErrors, validateAllocation } from '../validation';

export function AllocateDialog({ customerIds }: { customerIds: number[] }) {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectAllocation);
  const [mode, setMode] = useState<0 | 1 | 2>(AllocationMode.SplitEvenly);
  const [targets, setTargets] = useState<number[]>([]);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!s.open) return;
    setTargets([]);
    setQuantities({});
    setSubmitted(false);
  }, [s.open]);

  const v = { mode, targets: mode === 0 ? [] : targets, quantities };
  const errors = submitted ? validateAllocation(v, customerIds.length) : {};
  const message = (k: string) => (errors[k] ? t(errors[k]) : s.fieldErrors[k]);
  const submit = () => {
    setSubmitted(true);
    if (hasErrors(validateAllocation(v, customerIds.length))) return;
    dispatch(
      A.allocateRequested({
        mode,
        customerIds,
        ...(mode === 0 ? {} : { targets }),
        ...(mode === 2 ? { quantities: targets.map((id) => Number(quantities[id])) } : {}),
      }),
    );
  };
  const toggle = (id: number) =>
    setTargets((ts) => (ts.includes(id) ? ts.filter((x) => x !== id) : [...ts, id]));

  return (
    <Dialog isOpen={s.open} onClose={() => dispatch(A.closed())} title={t('allocate.title')} icon="flows">
      <DialogBody>
        <div data-testid="allocate-dialog">
          <p>{t('allocate.help', { count: customerIds.length })}</p>
          <RadioGroup
            label={t('allocate.mode')}
            selectedValue={String(mode)}
            onChange={(e) => setMode(Number(e.currentTarget.value) as 0 | 1 | 2)}
          >
            {[0, 1, 2].map((m) => (
              <Radio
                key={m}
                value={String(m)}
                label={t(`allocate.mode${m}`)}
                data-testid={`allocate-mode-${m}`}
              />
            ))}
          </RadioGroup>
          {mode !== 0 && s.loading && <Spinner size={20} />}
          {mode !== 0 && !s.loading && s.accounts.length === 0 && <p>{t('allocate.noAccounts')}</p>}
          {mode !== 0 &&
            s.accounts.map((a) => (
              <div key={a.id} className="cp-crm-bar">
                <Checkbox
                  className="cp-crm-grow"
                  checked={targets.includes(a.id)}
                  label={a.realName ? `${a.account} (${a.realName})` : a.account}
                  data-testid={`allocate-target-${a.account}`}
                  onChange={() => toggle(a.id)}
                />
                {mode === 2 && targets.includes(a.id) && (
                  <InputGroup
                    aria-label={t('allocate.quantity')}
                    placeholder={t('allocate.quantity')}
                    inputMode="numeric"
                    data-testid={`allocate-qty-${a.account}`}
                    value={quantities[a.id] ?? ''}
                    onValueChange={(q) => setQuantities((x) => ({ ...x, [a.id]: q }))}
                  />
                )}
              </div>
            ))}
          {[message('targets'), message('quantities'), s.formError].filter(Boolean).map((m) => (
            <Callout key={m} intent={Intent.DANGER} data-testid="allocate-error">
              {m}
            </Callout>
          ))}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.cancel')}
        onClose={() => dispatch(A.closed())}
        loading={s.saving}
        text={t('allocate.submit')}
        testId="allocate-submit"
        onClick={submit}
      />
    </Dialog>
  );
}
