// /rootmain/bussinesscentral/financial (SPEC §3 Recharge record, §5 Recharge, §6): recharge a
// subordinate, the recharge records, the ledger with its running balance, and the call rates of the
// subordinates. Only the super administrator and merchants handle money (domain/finance.ts
// canManageMoney); others see the records and the ledger of their subtree and are told why.
import { Button, Callout, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canManageMoney } from '../../../../../domain/finance';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../ui/PageHeader';
import { selectMe } from '../../auth/slice';
import { LedgerView } from '../components/LedgerView';
import { RateDialog } from '../components/RateDialog';
import { RatesView } from '../components/RatesView';
import { RechargeDialog } from '../components/RechargeDialog';
import { financeActions as F } from '../slice';
import '../finance.css';

type TabId = 'records' | 'ledger' | 'rates';

export default function FinancePage() {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const canManage = !!me && canManageMoney(me.level);
  const [tab, setTab] = useState<TabId>('records');
  useEffect(() => {
    dispatch(F.accountsRequested());
    dispatch(F.ledgerRequested({ tab: 'records' }));
    dispatch(F.ledgerRequested({ tab: 'ledger' }));
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="finance-page">
      <PageHeader>
        {canManage && (
          <Button
            intent={Intent.PRIMARY}
            icon="bank-account"
            text={t('recharge.button')}
            onClick={() => dispatch(F.rechargeOpened(null))}
            data-testid="finance-recharge"
          />
        )}
      </PageHeader>
      {!canManage && (
        <Callout intent={Intent.PRIMARY} data-testid="finance-read-only">
          {t('readOnly')}
        </Callout>
      )}
      <Tabs
        id="finance-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="records"
          title={t('tabs.records')}
          data-testid="tab-records"
          panel={<LedgerView tab="records" />}
        />
        <Tab
          id="ledger"
          title={t('tabs.ledger')}
          data-testid="tab-ledger"
          panel={<LedgerView tab="ledger" />}
        />
        <Tab
          id="rates"
          title={t('tabs.rates')}
          data-testid="tab-rates"
          panel={<RatesView canManage={canManage} />}
        />
      </Tabs>
      <RechargeDialog />
      <RateDialog />
    </div>
  );
}
