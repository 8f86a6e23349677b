// /rootmain/systemset/clusterserver (super administrator): FreeSWITCH nodes with their live state,
// pushed by the server over the socket (fs:status) while the page shows.
import { Button, H3, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DeleteConfirm } from '../components/DeleteConfirm';
import { NodeDialog } from '../components/NodeDialog';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';

export default function ClusterPage() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).nodes;
  useEffect(() => {
    dispatch(T.listRequested('nodes'));
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="cluster-page">
      <H3>{t('cluster.title')}</H3>
      <div className="cp-tel-bar">
        <Tag minimal icon="pulse">
          {t('cluster.live')}
        </Tag>
        <span className="cp-tel-grow" />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('cluster.add')}
          data-testid="node-add"
          onClick={() => dispatch(T.editorOpened({ kind: 'node', id: null }))}
        />
      </div>
      {s.loading && !s.loaded ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <NonIdealState icon="database" description={t('cluster.empty')} data-testid="nodes-empty" />
      ) : (
        <HTMLTable compact striped className="cp-tel-table" data-testid="nodes-table">
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.eslHost')}</th>
              <th>{t('fields.eslPort')}</th>
              <th>{t('fields.eslPassword')}</th>
              <th>{t('fields.weight')}</th>
              <th>{t('fields.enabled')}</th>
              <th>{t('fields.status')}</th>
              <th>{t('fields.channels')}</th>
              <th>{t('fields.sps')}</th>
              <th>{t('fields.lastError')}</th>
              <th>{t('fields.updatedAt')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.items.map((n) => (
              <tr key={n.id} data-testid={`node-row-${n.name}`}>
                <td>{n.name}</td>
                <td>{n.eslHost}</td>
                <td>{n.eslPort}</td>
                <td>{n.eslPasswordSet ? t('lines.passwordSet') : t('lines.passwordNotSet')}</td>
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
                <td>{n.status ? formatDateTime(n.status.updatedAt) : t('lines.none')}</td>
                <td className="cp-tel-actions">
                  <Button
                    minimal
                    small
                    icon="edit"
                    text={t('actions.edit')}
                    data-testid={`node-edit-${n.name}`}
                    onClick={() => dispatch(T.editorOpened({ kind: 'node', id: n.id }))}
                  />
                  <Button
                    minimal
                    small
                    icon="trash"
                    intent={Intent.DANGER}
                    text={t('actions.delete')}
                    data-testid={`node-delete-${n.name}`}
                    onClick={() => dispatch(T.deleteOpened({ kind: 'node', id: n.id }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <NodeDialog />
      <DeleteConfirm />
    </div>
  );
}
