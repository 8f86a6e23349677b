// The allocation form of SPEC §4 shared by the customer center and the call records: the mode
// (0 to myself, 1 evenly among chosen subordinates, 2 by quantity), the target accounts and, in
// mode 2, a quantity per target. Texts come from the caller's namespace (allocate.* keys).
import { Checkbox, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AllocationModeValue = 0 | 1 | 2;

/** The form state, reset (targets and quantities) whenever the dialog opens. */
export function useAllocationForm(open: boolean, initialMode: AllocationModeValue) {
  const [mode, setMode] = useState<AllocationModeValue>(initialMode);
  const [targets, setTargets] = useState<number[]>([]);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  useEffect(() => {
    if (!open) return;
    setTargets([]);
    setQuantities({});
  }, [open]);
  return {
    mode,
    setMode,
    targets,
    quantities,
    toggle: (id: number) => setTargets((ts) => (ts.includes(id) ? ts.filter((x) => x !== id) : [...ts, id])),
    setQuantity: (id: number, q: string) => setQuantities((x) => ({ ...x, [id]: q })),
    /** The request's mode, targets and quantities (only those the mode uses). */
    request: () => ({
      mode,
      ...(mode === 0 ? {} : { targets }),
      ...(mode === 2 ? { quantities: targets.map((id) => Number(quantities[id])) } : {}),
    }),
  };
}

export type AllocationForm = ReturnType<typeof useAllocationForm>;

export function AllocationFields(p: {
  ns: string;
  form: AllocationForm;
  accounts: { id: number; account: string; realName?: string | null }[];
  loading?: boolean;
}) {
  const { t } = useTranslation(p.ns);
  const { mode, targets, quantities } = p.form;
  return (
    <>
      <RadioGroup
        label={t('allocate.mode')}
        selectedValue={String(mode)}
        onChange={(e) => p.form.setMode(Number(e.currentTarget.value) as AllocationModeValue)}
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
      {mode !== 0 && p.loading && <Spinner size={20} />}
      {mode !== 0 && !p.loading && p.accounts.length === 0 && <p>{t('allocate.noAccounts')}</p>}
      {mode !== 0 &&
        p.accounts.map((a) => (
          <div key={a.id} className="cp-crm-bar">
            <Checkbox
              className="cp-crm-grow"
              checked={targets.includes(a.id)}
              label={a.realName ? `${a.account} (${a.realName})` : a.account}
              data-testid={`allocate-target-${a.account}`}
              onChange={() => p.form.toggle(a.id)}
            />
            {mode === 2 && targets.includes(a.id) && (
              <InputGroup
                aria-label={t('allocate.quantity')}
                placeholder={t('allocate.quantity')}
                inputMode="numeric"
                data-testid={`allocate-qty-${a.account}`}
                value={quantities[a.id] ?? ''}
                onValueChange={(q) => p.form.setQuantity(a.id, q)}
              />
            )}
          </div>
        ))}
    </>
  );
}
