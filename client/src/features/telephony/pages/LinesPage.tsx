// /rootmain/dialcenter/callout: SIP lines (own ones editable, assigned ones read-only) and the voice
// gateways, as two tabs. Passwords are never shown, only whether one is set.
import {
  Button,
  H3,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AssignDialog } from '../components/AssignDialog';
import { DeleteConfirm } from '../components/DeleteConfirm';
import { GatewayDialog } from '../components/GatewayDialog';
import { LineDialog } from '../components/LineDialog';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';

function LinesTab() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).lines;
  return (
    <>
      <div className="cp-tel-bar">
        <span className="cp-tel-grow" />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('lines.add')}
          data-testid="line-add"
          onClick={() => dispatch(T.editorOpened({ kind: 'line', id: null }))}
        />
      </div>
      {s.loading && !s.loaded ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <NonIdealState icon="phone" description={t('lines.empty')} data-testid="lines-empty" />
      ) : (
        <HTMLTable compact striped className="cp-tel-table" data-testid="lines-table">
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.mode')}</th>
              <th>{t('fields.serverIp')}</th>
              <th>{t('fields.account')}</th>
              <th>{t('fields.password')}</th>
              <th>{t('fields.callerNumber')}</th>
              <th>{t('fields.prefix')}</th>
              <th>{t('fields.codec')}</th>
              <th>{t('fields.sendRate')}</th>
              <th>{t('fields.portCount')}</th>
              <th>{t('fields.enabled')}</th>
              <th>{t('lines.assignedTo')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.items.map((l) => (
              <tr key={l.id} data-testid={`line-row-${l.name}`} data-owned={String(l.owned)}>
                <td>
                  {l.name}{' '}
                  {!l.owned && (
                    <Tag minimal intent={Intent.WARNING} data-testid={`line-readonly-${l.name}`}>
                      {t('lines.readOnly')} · {l.ownerAccount}
                    </Tag>
                  )}
                </td>
                <td>{t(`modes.${l.mode}`)}</td>
                <td>
                  {l.serverIp}:{l.port}
                </td>
                <td>{l.owned ? l.account : t('lines.none')}</td>
                <td data-testid={`line-password-${l.name}`}>
                  {l.owned
                    ? l.passwordSet
                      ? t('lines.passwordSet')
                      : t('lines.passwordNotSet')
                    : t('lines.none')}
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
                  <Button
                    minimal
                    small
                    icon="people"
                    text={t('actions.assign')}
                    data-testid={`line-assign-${l.name}`}
                    onClick={() => dispatch(T.assignOpened(l.id))}
                  />
                  {l.owned && (
                    <>
                      <Button
                        minimal
                        small
                        icon="edit"
                        text={t('actions.edit')}
                        data-testid={`line-edit-${l.name}`}
                        onClick={() => dispatch(T.editorOpened({ kind: 'line', id: l.id }))}
                      />
                      <Button
                        minimal
                        small
                        icon="trash"
                        intent={Intent.DANGER}
                        text={t('actions.delete')}
                        data-testid={`line-delete-${l.name}`}
                        onClick={() => dispatch(T.deleteOpened({ kind: 'line', id: l.id }))}
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}

function GatewaysTab() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).gateways;
  const online = { online: Intent.SUCCESS, offline: Intent.DANGER, unknown: Intent.NONE };
  return (
    <>
      <div className="cp-tel-bar">
        <span className="cp-tel-grow" />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('gateways.add')}
          data-testid="gateway-add"
          onClick={() => dispatch(T.editorOpened({ kind: 'gateway', id: null }))}
        />
      </div>
      {s.loading && !s.loaded ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <NonIdealState icon="exchange" description={t('gateways.empty')} data-testid="gateways-empty" />
      ) : (
        <HTMLTable compact striped className="cp-tel-table" data-testid="gateways-table">
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.authName')}</th>
              <th>{t('fields.authPassword')}</th>
              <th>{t('fields.sips')}</th>
              <th>{t('fields.prefix')}</th>
              <th>{t('fields.transferSip')}</th>
              <th>{t('fields.thirdSip')}</th>
              <th>{t('fields.online')}</th>
              <th>{t('fields.work')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.items.map((g) => (
              <tr key={g.id} data-testid={`gateway-row-${g.name}`}>
                <td>{g.name}</td>
                <td>{g.authName}</td>
                <td>{g.authPasswordSet ? t('lines.passwordSet') : t('lines.passwordNotSet')}</td>
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
                  <Button
                    minimal
                    small
                    icon="edit"
                    text={t('actions.edit')}
                    data-testid={`gateway-edit-${g.name}`}
                    onClick={() => dispatch(T.editorOpened({ kind: 'gateway', id: g.id }))}
                  />
                  <Button
                    minimal
                    small
                    icon="trash"
                    intent={Intent.DANGER}
                    text={t('actions.delete')}
                    data-testid={`gateway-delete-${g.name}`}
                    onClick={() => dispatch(T.deleteOpened({ kind: 'gateway', id: g.id }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
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
      <H3>{t('lines.title')}</H3>
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
