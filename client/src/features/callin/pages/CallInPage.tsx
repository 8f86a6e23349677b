// /rootmain/dialcenter/callin: the inbound call records (the call-records page in its 'callin' view:
// inbound only) and the reception scenes that answer them, as two tabs.
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShellPageProps } from '../../../app/routes';
import CallRecordsPage from '../../callrecords/pages/CallRecordsPage';
import { ScenesPanel } from '../components/ScenesPanel';
import { PageHeader } from '../../../ui/PageHeader';

export default function CallInPage({ menuKey }: ShellPageProps) {
  const { t } = useTranslation('callin');
  const [tab, setTab] = useState<'records' | 'scenes'>('records');
  return (
    <div className="cp-page" data-testid="callin-page">
      <PageHeader />
      <Tabs id="callin-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'records' | 'scenes')}>
        <Tab
          id="records"
          title={t('tabs.records')}
          panel={<CallRecordsPage menuKey={menuKey} />}
          data-testid="tab-records"
        />
        <Tab id="scenes" title={t('tabs.scenes')} panel={<ScenesPanel />} data-testid="tab-scenes" />
      </Tabs>
    </div>
  );
}
