// One ledger view of the finance page: the recharge records (recharges only: time, account, amount,
// balance before and after, description) or the full ledger (kind, change, balance after, description,
// time), each filtered by account and date range (the ledger also by kind), keyset-paged, exportable.
// Every figure is the ledger row's own, formatted with fenToYuan.
import { Button, Classes, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import { LEDGER_KINDS, type LedgerKind } from '../../../../../domain/finance';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { DataTable } from '../../../ui/DataTable';
import { DateRangeField } from '../../../ui/DateRangeField';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { LoadMore } from '../../../ui/LoadMore';
import { financeActions as F, selectFinance } from '../slice';
import type { LedgerFilter, LedgerTab } from '../types';
import { accountOptions } from './accountOptions';
import { ExportDialog } from './ExportDialog';

export function LedgerView({ tab }: { tab: LedgerTab }) {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const { views, accounts } = useAppSelector(selectFinance);
  const v = views[tab];
  const [exportOpen, setExportOpen] = useState(false);
  const set = (change: Partial<LedgerFilter>) =>
    dispatch(F.ledgerRequested({ tab, filter: { ...v.filter, ...change } }));
  const money = (fen: number) => <td className="cp-fin-money">{fenToYuan(fen)}</td>;
  const columns =
    tab === 'records'
      ? [
          t('col.time'),
          t('col.account'),
          t('col.amount'),
          t('col.before'),
          t('col.after'),
          t('col.description'),
          t('col.by'),
        ]
      : [
          t('col.time'),
          t('col.account'),
          t('col.kind'),
          t('col.delta'),
          t('col.after'),
          t('col.description'),
        ];
  return (
    <div data-testid={`${tab}-view`}>
      <div className="cp-fin-bar">
        <HTMLSelect
          aria-label={t('filter.account')}
          title={t('filter.account')}
          value={v.filter.accountId === null ? '' : String(v.filter.accountId)}
          options={accountOptions(accounts.items, me, t('filter.allAccounts'))}
          onChange={(e) => set({ accountId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          data-testid={`${tab}-filter-account`}
        />
        {tab === 'ledger' && (
          <HTMLSelect
            aria-label={t('filter.kind')}
            title={t('filter.kind')}
            value={v.filter.kind}
            options={[
              { value: '', label: t('filter.allKinds') },
              ...LEDGER_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
            onChange={(e) => set({ kind: e.currentTarget.value as LedgerKind | '' })}
            data-testid="ledger-filter-kind"
          />
        )}
        <DateRangeField
          from={v.filter.from}
          to={v.filter.to}
          onChange={(r) => set(r)}
          testId={`${tab}-filter-date`}
        />
        <Button
          icon="refresh"
          text={t('refresh')}
          loading={v.loading}
          onClick={() => dispatch(F.ledgerRequested({ tab }))}
          data-testid={`${tab}-refresh`}
        />
        <span className="cp-fin-grow" />
        <Button
          icon="export"
          text={t('export.button')}
          disabled={!v.items.length}
          onClick={() => {
            dispatch(F.exportReset());
            setExportOpen(true);
          }}
          data-testid={`${tab}-export`}
        />
      </div>
      <ErrorCallout error={v.error} testId={`${tab}-error`} />
      {!v.loading && !v.error && v.items.length === 0 ? (
        <NonIdealState
          icon="bank-account"
          title={t(`empty.${tab}`)}
          description={t('empty.hint')}
          data-testid={`${tab}-empty`}
        />
      ) : (
        <DataTable className="cp-fin-table" testId={`${tab}-table`} columns={columns}>
          {v.items.map((e) => (
            <tr key={e.id} data-row-key={e.id} data-testid={`${tab}-row-${e.id}`} data-account={e.account}>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(e.createdAt)}</td>
              <td>{e.account}</td>
              {tab === 'records' ? (
                <>
                  {money(e.deltaFen)}
                  {money(e.balanceBeforeFen)}
                  {money(e.balanceAfterFen)}
                  <td>{e.description}</td>
                  <td>{e.createdByAccount ?? ''}</td>
                </>
              ) : (
                <>
                  <td>{t(`kind.${e.kind}`)}</td>
                  {money(e.deltaFen)}
                  {money(e.balanceAfterFen)}
                  <td>{e.description}</td>
                </>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore
        hasMore={v.nextBeforeId !== null}
        loading={v.loading}
        onClick={() => dispatch(F.ledgerRequested({ tab, more: true }))}
        testId={`${tab}-more`}
      />
      <ExportDialog tab={tab} open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
