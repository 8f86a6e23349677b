// /rootmain/dialcenter/seatsmanage: the desk panel of the caller's own seat, then seats and seat
// groups as two tabs. Auth passwords are never shown, mobiles only masked; states update live.
import { Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { AddBar as UiAddBar, EditDeleteActions } from '../../../ui/tableParts';
import { DeleteConfirm } from '../components/DeleteConfirm';
import { GroupDialog } from '../components/GroupDialog';
import { MySeatPanel } from '../components/MySeatPanel';
import { SeatDialog } from '../components/SeatDialog';
import { StatusTag } from '../components/StatusTag';
import { seatsActions as A, selectSeats, type EditorKind } from '../slice';
import '../seats.css';
import { PageHeader } from '../../../ui/PageHeader';

function AddBar(p: { kind: EditorKind; text: string; disabled?: boolean; hint?: string }) {
  const dispatch = useAppDispatch();
  return (
    <UiAddBar
      text={p.text}
      testId={`${p.kind}-add`}
      disabled={p.disabled}
      onAdd={() => dispatch(A.editorOpened({ kind: p.kind, id: null }))}
    >
      {p.hint && <span data-testid={`${p.kind}-hint`}>{p.hint}</span>}
    </UiAddBar>
  );
}

function EditDelete(p: { kind: EditorKind; id: number; name: string }) {
  const dispatch = useAppDispatch();
  return (
    <EditDeleteActions
      kind={p.kind}
      name={p.name}
      onEdit={() => dispatch(A.editorOpened({ kind: p.kind, id: p.id }))}
      onDelete={() => dispatch(A.deleteOpened({ kind: p.kind, id: p.id }))}
    />
  );
}

function SeatsTab() {
  const { t } = useTranslation('seats');
  const s = useAppSelector(selectSeats);
  const none = t('seats.none');
  return (
    <>
      <AddBar
        kind="seat"
        text={t('seats.add')}
        disabled={s.groups.loaded && !s.groups.items.length}
        hint={s.groups.loaded && !s.groups.items.length ? t('seats.needGroup') : undefined}
      />
      <ListView
        waiting={s.seats.loading && !s.seats.loaded}
        empty={!s.seats.items.length}
        emptyIcon="headset"
        emptyText={t('seats.empty')}
        emptyTestId="seats-empty"
      >
        <DataTable
          className="cp-seat-table"
          testId="seats-table"
          columns={[
            t('fields.name'),
            t('fields.type'),
            t('fields.phone'),
            t('fields.authName'),
            t('fields.authPassword'),
            t('fields.groupId'),
            t('fields.userId'),
            t('fields.owner'),
            t('fields.enabled'),
            t('fields.autoAnswer'),
            t('fields.state'),
            '',
          ]}
        >
          {s.seats.items.map((x) => (
            <tr key={x.id} data-testid={`seat-row-${x.name}`}>
              <td>{x.name}</td>
              <td>{t(`types.${x.type}`)}</td>
              <td>{x.type === 'extension' ? x.extension : x.mobileMasked}</td>
              <td>{x.authName ?? none}</td>
              <td>
                {x.type === 'extension'
                  ? x.authPasswordSet
                    ? t('seats.passwordSet')
                    : t('seats.passwordNotSet')
                  : none}
              </td>
              <td>{x.groupName}</td>
              <td>{x.userAccount}</td>
              <td>{x.ownerAccount}</td>
              <td>{x.enabled ? t('seats.yes') : t('seats.no')}</td>
              <td>{x.autoAnswer ? t('seats.yes') : t('seats.no')}</td>
              <td>
                <StatusTag seatId={x.id} status={x.state.status} />
              </td>
              <td>
                <EditDelete kind="seat" id={x.id} name={x.name} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </>
  );
}

function GroupsTab() {
  const { t } = useTranslation('seats');
  const s = useAppSelector(selectSeats).groups;
  return (
    <>
      <AddBar kind="group" text={t('groups.add')} />
      <ListView
        waiting={s.loading && !s.loaded}
        empty={!s.items.length}
        emptyIcon="people"
        emptyText={t('groups.empty')}
        emptyTestId="groups-empty"
      >
        <DataTable
          className="cp-seat-table"
          testId="groups-table"
          columns={[t('fields.name'), t('fields.description'), t('fields.seatCount'), t('fields.owner'), '']}
        >
          {s.items.map((g) => (
            <tr key={g.id} data-testid={`group-row-${g.name}`}>
              <td>{g.name}</td>
              <td>{g.description || t('seats.none')}</td>
              <td>{g.seatCount}</td>
              <td>{g.ownerAccount}</td>
              <td>
                <EditDelete kind="group" id={g.id} name={g.name} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </>
  );
}

export default function SeatsManagePage() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<'seats' | 'groups'>('seats');
  useEffect(() => {
    dispatch(A.listRequested('groups'));
    dispatch(A.listRequested('seats'));
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="seats-page">
      <PageHeader />
      <MySeatPanel />
      <Tabs id="seat-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'seats' | 'groups')}>
        <Tab id="seats" title={t('tabs.seats')} panel={<SeatsTab />} data-testid="tab-seats" />
        <Tab id="groups" title={t('tabs.groups')} panel={<GroupsTab />} data-testid="tab-groups" />
      </Tabs>
      <GroupDialog />
      <SeatDialog />
      <DeleteConfirm />
    </div>
  );
}
