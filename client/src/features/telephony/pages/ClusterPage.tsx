// /rootmain/systemset/clusterserver (super administrator): FreeSWITCH nodes with their live state,
// pushed by the server over the socket (fs:status) while the page shows.
import { Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { AllowListSection } from '../../outbound/components/AllowListSection';
import { RegistrationTrialSection } from '../../registrationTrial/components/RegistrationTrialSection';
import { DeleteConfirm } from '../components/DeleteConfirm';
import { NodeDialog } from '../components/NodeDialog';
import { NodeProbeCell } from '../components/NodeProbeCell';
import { AddBar, EditDeleteActions, SecretSet } from '../components/tableParts';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';
import { PageHeader } from '../../../ui/PageHeader';

export default function ClusterPage() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).nodes;
  useEffect(() => {
    dispatch(T.listRequested('nodes'));
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="cluster-page">
      <PageHeader />
      <AddBar kind="node" text={t('cluster.add')} testId="node-add">
        <Tag minimal icon="pulse">
          {t('cluster.live')}
        </Tag>
      </AddBar>
      <ListView
        waiting={s.loading && !s.loaded}
        empty={s.items.length === 0}
        emptyIcon="database"
        emptyText={t('cluster.empty')}
        emptyTestId="nodes-empty"
      >
        <DataTable
          className="cp-tel-table"
          testId="nodes-table"
          columns={[
            t('fields.name'),
            t('fields.eslHost'),
            t('fields.eslPort'),
            t('fields.eslPassword'),
            t('fields.weight'),
            t('fields.enabled'),
            t('fields.status'),
            t('fields.channels'),
            t('fields.sps'),
            t('fields.lastError'),
            t('probe.title'),
            t('fields.updatedAt'),
            '',
          ]}
        >
          {s.items.map((n) => (
            <tr key={n.id} data-testid={`node-row-${n.name}`}>
              <td>{n.name}</td>
              <td>{n.eslHost}</td>
              <td>{n.eslPort}</td>
              <td>
                <SecretSet set={n.eslPasswordSet} />
              </td>
              <td>{n.weight}</td>
              <td>{n.enabled ? t('lines.enabled') : t('lines.disabled')}</td>
              <td data-testid={`node-status-${n.name}`}>
                {n.status === null ? (
                  <Tag minimal>{t('cluster.noReport')}</Tag>
                ) : n.status.connected ? (
                  <Tag intent={Intent.SUCCESS}>{t('cluster.connected')}</Tag>
                ) : (
                  <Tag intent={Intent.DANGER}>{t('cluster.disconnected')}</Tag>
                )}
              </td>
              <td data-testid={`node-channels-${n.name}`}>{n.status?.channels ?? t('lines.none')}</td>
              <td>{n.status?.sps ?? t('lines.none')}</td>
              <td>{n.status?.lastError || t('lines.none')}</td>
              <td>
                <NodeProbeCell probe={n.status?.probe} testId={`node-probe-${n.name}`} />
              </td>
              <td>{n.status ? formatDateTime(n.status.updatedAt) : t('lines.none')}</td>
              <td className="cp-tel-actions">
                <EditDeleteActions kind="node" id={n.id} name={n.name} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <NodeDialog />
      <DeleteConfirm />
      <AllowListSection />
      <RegistrationTrialSection />
    </div>
  );
}
