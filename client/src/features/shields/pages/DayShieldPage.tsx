// /rootmain/dialcenter/dayshieldmanage: the day shield (rules and today's shielded numbers) and, on a
// second tab, the account's dialing defaults and caps with its subordinates' concurrency quotas.
import { Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { DialDefaultsForm } from '../components/DialDefaultsForm';
import { QuotaTable } from '../components/QuotaTable';
import { ShieldList } from '../components/ShieldList';
import { ShieldRules } from '../components/ShieldRules';
import { shieldsActions as A } from '../slice';
import '../shields.css';
import { PageHeader } from '../../../ui/PageHeader';

type TabId = 'shields' | 'defaults';

export default function DayShieldPage() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<TabId>('shields');
  useEffect(() => {
    dispatch(A.settingsRequested());
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="day-shield-page">
      <PageHeader />
      <Tabs
        id="shield-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="shields"
          title={t('day.tabShields')}
          data-testid="tab-shields"
          panel={
            <>
              <ShieldRules />
              <ShieldList />
            </>
          }
        />
        <Tab
          id="defaults"
          title={t('day.tabDefaults')}
          data-testid="tab-defaults"
          panel={
            <>
              <DialDefaultsForm />
              <QuotaTable />
            </>
          }
        />
      </Tabs>
    </div>
  );
}
