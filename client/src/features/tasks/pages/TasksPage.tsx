// The AI task page (SPEC §2 AI tasks; /dialcenter/singletask, by kind; /dialcenter/multtask is the
// batch page, BatchTasksPage): own/all switch, filters, the list with status and run state, new/edit/copy/typed delete,
// start/pause/stop (a refusal, e.g. no numbers or no call rate, is explained), bulk start/pause with
// the skipped ones explained, what a new task's numbers came to, "dialling begins at" for a queued or
// running task outside its hours, and the detail drawer.
import { Button, Checkbox, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_PAUSE_STATUSES,
  BULK_START_STATUSES,
  isDialableStatus,
} from '../../../../../domain/dialer/status';
import { formatDateTime } from '../../../../../domain/format';
import type { TaskDto, TaskKind } from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { BulkResult } from '../components/BulkResult';
import { CreatedNumbers } from '../components/CreatedNumbers';
import { DialStartNote } from '../components/DialStartNote';
import { RunStateText, StatusTag } from '../components/StatusTags';
import { TaskDialog } from '../components/TaskDialog';
import { TaskDrawer } from '../components/TaskDrawer';
import { PAGE_SIZE, selectTasks, tasksActions as A } from '../slice';
import '../tasks.css';
import { TaskFilterBar } from '../components/TaskFilterBar';
import { TasksPager } from '../components/TasksPager';
import { PageHeader } from '../../../ui/PageHeader';

const canStart = (t: TaskDto) => t.active && BULK_START_STATUSES.includes(t.status);
const canPause = (t: TaskDto) =>
  t.active && (isDialableStatus(t.status) || BULK_PAUSE_STATUSES.includes(t.status));
const canStop = (t: TaskDto) => t.active && t.status !== 100;

export function TasksPage({ kind }: { kind: TaskKind }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  useEffect(() => {
    dispatch(A.pageOpened(kind));
    dispatch(A.listRequested({ page: 1 }));
  }, [dispatch, kind]);
  const items = s.kind === kind ? s.list.items : [];
  const deleting = items.find((x) => x.id === s.deleting.id);
  const allChecked = items.length > 0 && s.selected.length === items.length;

  return (
    <div data-testid={`tasks-page-${kind}`}>
      <PageHeader />
      <TaskFilterBar
        filters={s.filters}
        bots={s.options?.bots ?? []}
        onApply={({ kind: _kind, ...filters }) => dispatch(A.listRequested({ filters, page: 1 }))}
      />
      <div className="cp-tasks-bar">
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('actions.new')}
          data-testid="task-new"
          onClick={() => dispatch(A.editorOpened(null))}
        />
        <Button
          icon="play"
          text={t('actions.bulkStart')}
          data-testid="bulk-start"
          disabled={s.selected.length === 0}
          loading={s.bulk.pending && s.bulk.action === 'start'}
          onClick={() => dispatch(A.bulkRequested('start'))}
        />
        <Button
          icon="pause"
          text={t('actions.bulkPause')}
          data-testid="bulk-pause"
          disabled={s.selected.length === 0}
          loading={s.bulk.pending && s.bulk.action === 'pause'}
          onClick={() => dispatch(A.bulkRequested('pause'))}
        />
        <span className="cp-tasks-grow" />
        <Button
          minimal
          icon="refresh"
          text={t('actions.refresh')}
          onClick={() => dispatch(A.listRequested())}
        />
      </div>
      <BulkResult />
      <CreatedNumbers />
      <ListView
        waiting={s.list.loading && !s.list.loaded}
        empty={items.length === 0}
        emptyIcon="list"
        emptyText={t('empty')}
        emptyTestId="tasks-empty"
      >
        <DataTable
          className="cp-tasks-table"
          testId="tasks-table"
          pinFirst
          pinLast
          onRowClick={(id) => dispatch(A.detailOpened(Number(id)))}
          columns={[
            <Checkbox
              key="all"
              checked={allChecked}
              onChange={(e) => dispatch(A.selectAll(e.currentTarget.checked))}
              aria-label="all"
            />,
            t('columns.name'),
            t('columns.owner'),
            t('columns.bot'),
            t('columns.line'),
            t('columns.robots'),
            t('columns.status'),
            t('columns.runState'),
            t('columns.numbers'),
            t('columns.createdAt'),
            t('columns.actions'),
          ]}
        >
          {items.map((x) => (
            <tr key={x.id} tabIndex={0} data-testid={`task-row-${x.name}`} data-row-key={x.id}>
              <td>
                <Checkbox
                  checked={s.selected.includes(x.id)}
                  data-testid={`task-check-${x.name}`}
                  aria-label={x.name}
                  onChange={() => dispatch(A.toggleSelected(x.id))}
                />
              </td>
              <td>
                <a onClick={() => dispatch(A.detailOpened(x.id))} data-testid={`task-open-${x.name}`}>
                  {x.name}
                </a>
              </td>
              <td>{x.ownerAccount}</td>
              <td>{x.botName ?? t('detail.none')}</td>
              <td>{x.lineName ?? t('detail.none')}</td>
              <td>{x.robots}</td>
              <td>
                <StatusTag status={x.status} testId={`task-status-${x.name}`} />
              </td>
              <td>
                <RunStateText active={x.active} runState={x.runState} />
                {x.active && isDialableStatus(x.status) && (
                  <DialStartNote
                    inline
                    schedule={x}
                    timeZone={x.timeZone}
                    accountPeriods={x.accountPeriods}
                    testId={`task-wait-${x.name}`}
                  />
                )}
              </td>
              <td data-testid={`task-counts-${x.name}`}>
                {x.counts.pending}/{x.counts.total}
              </td>
              <td>{formatDateTime(x.createdAt)}</td>
              <td className="cp-tasks-actions">
                {canStart(x) && (
                  <RowAction
                    icon="play"
                    intent={Intent.SUCCESS}
                    text={t('actions.start')}
                    testId={`task-start-${x.name}`}
                    onClick={() => dispatch(A.actionRequested({ id: x.id, action: 'start' }))}
                  />
                )}
                {canPause(x) && (
                  <RowAction
                    icon="pause"
                    text={t('actions.pause')}
                    testId={`task-pause-${x.name}`}
                    onClick={() => dispatch(A.actionRequested({ id: x.id, action: 'pause' }))}
                  />
                )}
                {canStop(x) && (
                  <RowAction
                    icon="stop"
                    text={t('actions.stop')}
                    testId={`task-stop-${x.name}`}
                    onClick={() => dispatch(A.actionRequested({ id: x.id, action: 'stop' }))}
                  />
                )}
                <RowAction
                  icon="edit"
                  text={t('actions.edit')}
                  disabled={x.status === 100}
                  testId={`task-edit-${x.name}`}
                  onClick={() => dispatch(A.editorOpened(x.id))}
                />
                <RowAction
                  icon="duplicate"
                  text={t('actions.copy')}
                  testId={`task-copy-${x.name}`}
                  onClick={() => dispatch(A.copyRequested(x.id))}
                />
                <RowAction
                  icon="trash"
                  intent={Intent.DANGER}
                  text={t('actions.delete')}
                  testId={`task-delete-${x.name}`}
                  onClick={() => dispatch(A.deleteOpened(x.id))}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <TasksPager
        total={s.list.total}
        page={s.page}
        pageSize={PAGE_SIZE}
        onPage={(page) => dispatch(A.listRequested({ page }))}
      />
      <TaskDialog kind={kind} />
      <TaskDrawer />
      <TypeToConfirmDialog
        isOpen={s.deleting.id !== null}
        testId="task-delete"
        title={t('delete.title')}
        body={t('delete.body', { name: deleting?.name ?? '' })}
        prompt={t('delete.prompt')}
        confirmText={t('actions.delete')}
        cancelText={t('actions.cancel')}
        pending={s.deleting.pending}
        error={s.deleting.error}
        onConfirm={(typed) => dispatch(A.deleteRequested(typed))}
        onClose={() => dispatch(A.deleteClosed())}
      />
    </div>
  );
}
