// The concurrency quota of each direct subordinate (calls at once), at most its AI seats; set by the parent.
import { Button, FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateQuota, type QuotaRowDto } from '../../../../../domain/shields';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { selectShields, shieldsActions as A } from '../slice';

function QuotaRow({ row }: { row: QuotaRowDto }) {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectShields).quotas.savingId === row.accountId;
  const [text, setText] = useState('');
  useEffect(() => setText(row.concurrencyQuota === null ? '' : String(row.concurrencyQuota)), [row]);
  const value = text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const problem = validateQuota(value, row.aiSeats);
  return (
    <tr data-testid={`quota-row-${row.account}`}>
      <td>{row.account}</td>
      <td>{row.aiSeats}</td>
      <td>
        <FormGroup
          intent={problem ? Intent.DANGER : Intent.NONE}
          helperText={problem ? t('defaults.problems.quota') : undefined}
        >
          <InputGroup
            className="cp-shd-quota"
            aria-label={t('defaults.quota')}
            data-testid={`quota-input-${row.account}`}
            value={text}
            placeholder={String(row.aiSeats)}
            intent={problem ? Intent.DANGER : Intent.NONE}
            onValueChange={setText}
          />
        </FormGroup>
      </td>
      <td>
        <Button
          small
          text={t('defaults.saveQuota')}
          disabled={problem !== null}
          loading={saving}
          data-testid={`quota-save-${row.account}`}
          onClick={() =>
            dispatch(A.quotaSaveRequested({ accountId: row.accountId, concurrencyQuota: value }))
          }
        />
      </td>
    </tr>
  );
}

export function QuotaTable() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const q = useAppSelector(selectShields).quotas;
  useEffect(() => {
    dispatch(A.quotasRequested());
  }, [dispatch]);
  return (
    <section className="cp-shd-section" data-testid="quotas">
      <H5>{t('defaults.quotas')}</H5>
      <p>{t('defaults.quotasHelp')}</p>
      <ErrorCallout error={q.error} testId="quota-error" />
      <ListView
        waiting={q.loading && !q.loaded}
        empty={q.items.length === 0}
        emptyIcon="people"
        emptyText={t('defaults.noSubordinates')}
        emptyTestId="quotas-empty"
      >
        <DataTable
          className="cp-shd-table"
          testId="quota-table"
          columns={[t('defaults.account'), t('defaults.aiSeats'), t('defaults.quota'), '']}
        >
          {q.items.map((r) => (
            <QuotaRow key={r.accountId} row={r} />
          ))}
        </DataTable>
      </ListView>
    </section>
  );
}
