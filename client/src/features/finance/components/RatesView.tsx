// The subordinates with their balance and call rate (yuan per minute, billing accuracy), each with
// "edit rate" and "recharge" for callers who handle money (the super administrator and merchants).
import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { LoadMore } from '../../../ui/LoadMore';
import { financeActions as F, selectFinance } from '../slice';

export function RatesView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const { accounts } = useAppSelector(selectFinance);
  const columns = [
    t('col.account'),
    t('col.realName'),
    t('col.balance'),
    t('rates.rate'),
    t('rates.accuracy'),
    t('col.updatedAt'),
    ...(canManage ? [t('col.actions')] : []),
  ];
  return (
    <div data-testid="rates-view">
      <ErrorCallout error={accounts.error} testId="rates-error" />
      {accounts.loaded && !accounts.error && accounts.items.length === 0 ? (
        <NonIdealState icon="people" title={t('empty.rates')} data-testid="rates-empty" />
      ) : (
        <DataTable className="cp-fin-table" testId="rates-table" columns={columns} pinLast={canManage}>
          {accounts.items.map((a) => (
            <tr key={a.accountId} data-row-key={a.accountId} data-testid={`rate-row-${a.account}`}>
              <td>{a.account}</td>
              <td>{a.realName ?? ''}</td>
              <td className="cp-fin-money" data-testid={`rate-balance-${a.account}`}>
                {fenToYuan(a.balanceFen)}
              </td>
              <td className="cp-fin-money" data-testid={`rate-rate-${a.account}`}>
                {t('rates.perMinute', { yuan: fenToYuan(a.ratePerMinFen) })}
              </td>
              <td data-testid={`rate-accuracy-${a.account}`}>{t(`rates.accuracy${a.accuracyS}`)}</td>
              <td className={Classes.TEXT_MUTED}>
                {a.updatedAt ? formatDateTime(a.updatedAt) : t('rates.default')}
              </td>
              {canManage && (
                <td>
                  <Button
                    small
                    minimal
                    icon="edit"
                    text={t('rates.edit')}
                    onClick={() => dispatch(F.rateOpened(a.accountId))}
                    data-testid={`rate-edit-${a.account}`}
                  />
                  <Button
                    small
                    minimal
                    icon="bank-account"
                    text={t('recharge.button')}
                    onClick={() => dispatch(F.rechargeOpened(a.accountId))}
                    data-testid={`recharge-${a.account}`}
                  />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore
        hasMore={accounts.nextAfterId !== null}
        loading={accounts.loading}
        onClick={() => dispatch(F.accountsRequested({ more: true }))}
        testId="rates-more"
      />
    </div>
  );
}
