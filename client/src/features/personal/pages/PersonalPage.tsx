// /rootmain/mymain/main, the personal center: who I am (read-only; the password is changed with the
// same dialog as the header's user menu), the web softphone with its dial records (features/softphone;
// `?tab=softphone` opens it) and the environment check for calls in the browser.
import { Button, Card, Classes, HTMLTable, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { ChangePasswordDialog } from '../../shell/components/ChangePasswordDialog';
import { SoftphonePanel } from '../../softphone/components/SoftphonePanel';
import { EnvCheck } from '../components/EnvCheck';
import '../personal.css';
import { PageHeader } from '../../../ui/PageHeader';

function InfoTab() {
  const { t } = useTranslation('personal');
  const me = useAppSelector(selectMe);
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!me) return null;
  const rows: [string, string, string][] = [
    ['account', t('info.account'), me.account],
    ['realName', t('info.realName'), me.realName || t('info.none')],
    ['email', t('info.email'), me.email || t('info.none')],
    ['level', t('info.level'), t(`levels.${me.level}`)],
    ['expires', t('info.expiresAt'), me.expiresAt ? formatDateTime(me.expiresAt) : t('info.never')],
  ];
  return (
    <Card className="cp-personal-info">
      <HTMLTable compact>
        <tbody>
          {rows.map(([key, label, value]) => (
            <tr key={key}>
              <th className={Classes.TEXT_MUTED}>{label}</th>
              <td data-testid={`me-${key}`}>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button
        icon="key"
        text={t('info.changePassword')}
        onClick={() => setPasswordOpen(true)}
        data-testid="me-change-password"
      />
      <ChangePasswordDialog isOpen={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}

const TABS = ['info', 'softphone', 'env'] as const;
type PersonalTab = (typeof TABS)[number];

export default function PersonalPage() {
  const { t } = useTranslation('personal');
  const [params] = useSearchParams();
  const [tab, setTab] = useState<PersonalTab>(() => TABS.find((x) => x === params.get('tab')) ?? 'info');
  return (
    <div className="cp-page" data-testid="personal-page">
      <PageHeader />
      <Tabs id="personal-tabs" selectedTabId={tab} onChange={(id) => setTab(id as PersonalTab)}>
        <Tab id="info" title={t('tabs.info')} panel={<InfoTab />} data-testid="tab-info" />
        <Tab
          id="softphone"
          title={t('softphone:tab')}
          panel={<SoftphonePanel />}
          data-testid="tab-softphone"
        />
        <Tab id="env" title={t('tabs.env')} panel={<EnvCheck />} data-testid="tab-env" />
      </Tabs>
    </div>
  );
}
