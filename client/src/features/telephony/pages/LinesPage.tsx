// /rootmain/system/dockset: SIP lines (own ones editable, assigned ones read-only) and the voice
// gateways, as two tabs. Passwords are never shown, only whether one is set.
import { Intent, Switch, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { AssignDialog } from '../components/AssignDialog';
import { DeleteConfirm } from '../components/DeleteConfirm';
import { GatewayDialog } from '../components/GatewayDialog';
import { LineDialog } from '../components/LineDialog';
import { AddBar, EditDeleteActions, SecretSet } from '../components/tableParts';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';
import { PageHeader } from '../../../ui/PageHeader';

function LinesTab() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).lines;
  return (
    <>
      <AddBar kind="line" text={t('lines.add')} testId="line-add" />
      <ListView
        waiting={s.loading && !s.loaded}
        empty={s.items.length === 0}
        emptyIcon="phone"
        emptyText={t('lines.empty')}
        emptyTestId="lines-empty"
      >
        <DataTable
          className="cp-tel-table"
          testId="lines-table"
          pinFirst
          pinLast
          columns={[
            t('fields.name'),
            t('fields.mode'),
            t('fields.serverIp'),
            t('fields.account'),
            t('fields.password'),
            t('fields.callerNumber'),
            t('fields.prefix'),
            t('fields.codec'),
            t('fields.sendRate'),
            t('fields.portCount'),
            t('fields.enabled'),
            t('lines.assignedTo'),
            t('common:table.actions'),
          ]}
        >
          {s.items.map((l) => (
            <tr key={l.id} data-testid={`line-row-${l.name}`} data-owned={String(l.owned)}>
              <td>
                {l.name}{' '}
                {!l.owned && (
                  <Tag minimal intent={Intent.WARNING} data-testid={`line-readonly-${l.name}`}>
                    {t('lines.readOnly')} · {l.ownerAccount}
                  </Tag>
                )}
                {l.fault && (
                  <Tag
                    intent={Intent.DANGER}
                    data-testid={`line-fault-${l.name}`}
                    title={formatDateTime(l.fault.at)}
                  >
                    {t('lineFault.tag', { cause: t(`lineFault.causes.${l.fault.cause}`, l.fault.cause) })}
                  </Tag>
                )}
              </td>
              <td>{t(`modes.${l.mode}`)}</td>
              <td>
                {l.serverIp}:{l.port}
              </td>
              <td>{l.owned ? l.account : t('lines.none')}</td>
              <td data-testid={`line-password-${l.name}`}>
                {l.owned ? <SecretSet set={l.passwordSet} /> : t('lines.none')}
              </td>
              <td>{l.callerNumber || t('lines.none')}</td>
              <td>{l.prefix || t('lines.none')}</td>
              <td>{l.codec}</td>
              <td>{l.sendRate}</td>
              <td>{l.portCount}</td>
              <td>
                {l.owned ? (
                  <Switch
                    checked={l.enabled}
                    data-testid={`line-enabled-${l.name}`}
                    aria-label={t('fields.enabled')}
                    onChange={(e) =>
                      dispatch(T.enableRequested({ id: l.id, enabled: e.currentTarget.checked }))
                    }
                  />
                ) : l.enabled ? (
                  t('lines.enabled')
                ) : (
                  t('lines.disabled')
                )}
              </td>
              <td data-testid={`line-assigned-${l.name}`}>
                {l.assignedTo.map((a) => a.account).join(', ') || t('lines.none')}
              </td>
              <td className="cp-tel-actions">
                <RowAction
                  icon="people"
                  text={t('actions.assign')}
                  testId={`line-assign-${l.name}`}
                  onClick={() => dispatch(T.assignOpened(l.id))}
                />
                {l.owned && <EditDeleteActions kind="line" id={l.id} name={l.name} />}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </>
  );
}

function GatewaysTab() {
  const { t } = useTranslation('telephony');
  const s = useAppSelector(selectTelephony).gateways;
  const online = { online: Intent.SUCCESS, offline: Intent.DANGER, unknown: Intent.NONE };
  return (
    <>
      <AddBar kind="gateway" text={t('gateways.add')} testId="gateway-add" />
      <ListView
        waiting={s.loading && !s.loaded}
        empty={s.items.length === 0}
        emptyIcon="exchange"
        emptyText={t('gateways.empty')}
        emptyTestId="gateways-empty"
      >
        <DataTable
          className="cp-tel-table"
          testId="gateways-table"
          pinFirst
          pinLast
          columns={[
            t('fields.name'),
            t('fields.authName'),
            t('fields.authPassword'),
            t('fields.sips'),
            t('fields.prefix'),
            t('fields.transferSip'),
            t('fields.thirdSip'),
            t('fields.online'),
            t('fields.work'),
            t('common:table.actions'),
          ]}
        >
          {s.items.map((g) => (
            <tr key={g.id} data-testid={`gateway-row-${g.name}`}>
              <td>{g.name}</td>
              <td>{g.authName}</td>
              <td>
                <SecretSet set={g.authPasswordSet} />
              </td>
              <td>{g.sips}</td>
              <td>{g.prefix || t('lines.none')}</td>
              <td>{g.transferSip || t('lines.none')}</td>
              <td>{g.thirdSip || t('lines.none')}</td>
              <td>
                <Tag
                  minimal
                  intent={online[g.online]}
                  title={g.statusAt ? formatDateTime(g.statusAt) : undefined}
                >
                  {t(`online.${g.online}`)}
                </Tag>
              </td>
              <td>{t(`work.${g.work}`)}</td>
              <td className="cp-tel-actions">
                <EditDeleteActions kind="gateway" id={g.id} name={g.name} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </>
  );
}

export default function LinesPage() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<'lines' | 'gateways'>('lines');
  useEffect(() => {
    dispatch(T.listRequested('lines'));
    dispatch(T.listRequested('gateways'));
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="lines-page">
      <PageHeader />
      <Tabs id="tel-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'lines' | 'gateways')}>
        <Tab id="lines" title={t('lines.tabLines')} panel={<LinesTab />} data-testid="tab-lines" />
        <Tab
          id="gateways"
          title={t('lines.tabGateways')}
          panel={<GatewaysTab />}
          data-testid="tab-gateways"
        />
      </Tabs>
      <LineDialog />
      <GatewayDialog />
      <AssignDialog />
      <DeleteConfirm />
    </div>
  );
}
