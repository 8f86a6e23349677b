// Allocate the selected customers: to myself, evenly among chosen subordinates, or by quantity.
import { Callout, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AllocationFields, useAllocationForm } from '../../../ui/AllocationFields';
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
  const form = useAllocationForm(s.open, AllocationMode.SplitEvenly);
  const { mode, targets, quantities } = form;
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (s.open) setSubmitted(false);
  }, [s.open]);

  const v = { mode, targets: mode === 0 ? [] : targets, quantities };
  const errors = submitted ? validateAllocation(v, customerIds.length) : {};
  const message = (k: string) => (errors[k] ? t(errors[k]) : s.fieldErrors[k]);
  const submit = () => {
    setSubmitted(true);
    if (hasErrors(validateAllocation(v, customerIds.length))) return;
    dispatch(A.allocateRequested({ ...form.request(), customerIds }));
  };

  return (
    <Dialog isOpen={s.open} onClose={() => dispatch(A.closed())} title={t('allocate.title')} icon="flows">
      <DialogBody>
        <div data-testid="allocate-dialog">
          <p>{t('allocate.help', { count: customerIds.length })}</p>
          <AllocationFields ns="crm" form={form} accounts={s.accounts} loading={s.loading} />
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
