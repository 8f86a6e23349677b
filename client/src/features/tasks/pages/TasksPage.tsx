// The AI task page (SPEC §2 AI tasks; /dialcenter/singletask and /dialcenter/multtask share it by
// kind): own/all switch, filters, the list with status and run state, new/edit/copy/typed delete,
// start/pause/stop (a refusal, e.g. no numbers or no call rate, is explained), bulk start/pause with
// the skipped ones explained, what a new task's numbers came to, "dialling begins at" for a queued or
// running task outside its hours, and the detail drawer.
import { Button, Checkbox, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_PAUSE_STATUSES,
  BULK_START_STATUSES,
  TASK_STATUSES,
  isDialableStatus,
  statusLabelKey,
  type TaskStatus,
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
import { PAGE_SIZE, selectTasks, tasksActions as A, type Filters } from '../slice';
import '../tasks.css';
import { DateRangeField } from '../../../ui/DateRangeField';
import { PageHeader } from '../../../ui/PageHeader';

const canStart = (t: TaskDto) => t.active && BULK_START_STATUSES.includes(t.status);
const canPause = (t: TaskDto) =>
  t.active && (isDialableStatus(t.status) || BULK_PAUSE_STATUSES.includes(t.status));
const canStop = (t: TaskDto) => t.active && t.status !== 100;

function FilterBar() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  const [f, setF] = useState<Filters>(s.filters);
  useEffect(() => setF(s.filters), [s.filters]);
  const apply = (next: Filters) => dispatch(A.listRequested({ filters: next, page: 1 }));
  return (
    <div className="cp-tasks-bar" data-testid="task-filters">
      <RadioGroup
        inline
        label={t('scope.label')}
        selectedValue={f.scope ?? 'own'}
        onChange={(e) => apply({ ...f, scope: e.currentTarget.value as 'own' | 'all' })}
      >
        <Radio value="own" label={t('scope.own')} data-testid="scope-own" />
        <Radio value="all" label={t('scope.all')} data-testid="scope-all" />
      </RadioGroup>
      <InputGroup
        placeholder={t('filters.name')}
        value={f.name ?? ''}
        data-testid="filter-name"
        onChange={(e) => setF({ ...f, name: e.currentTarget.value || undefined })}
      />
      <HTMLSelect
        aria-label={t('filters.status')}
        value={f.status ?? ''}
        data-testid="filter-status"
        onChange={(e) =>
          setF({
            ...f,
            status: e.currentTarget.value === '' ? undefined : (Number(e.currentTarget.value) as TaskStatus),
          })
        }
      >
        <option value="">{t('filters.anyStatus')}</option>
        {TASK_STATUSES.map((st) => (
          <option key={st} value={st}>
            {t(statusLabelKey(st))}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('filters.bot')}
        value={f.botId ?? ''}
        onChange={(e) =>
          setF({ ...f, botId: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })
        }
      >
        <option value="">{t('filters.anyBot')}</option>
        {(s.options?.bots ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </HTMLSelect>
      <DateRangeField
        testId="filter-date"
        fromLabel={t('filters.dateFrom')}
        toLabel={t('filters.dateTo')}
        from={f.dateFrom ?? ''}
        to={f.dateTo ?? ''}
        onChange={(r) => setF({ ...f, dateFrom: r.from || undefined, dateTo: r.to || undefined })}
      />
      <span className="cp-filter-actions">
        <Button
          icon="search"
          text={t('actions.search')}
          data-testid="filter-search"
          onClick={() => apply(f)}
        />
        <Button minimal text={t('actions.reset')} onClick={() => apply({ scope: f.scope })} />
      </span>
    </div>
  );
}

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
  const pages = Math.max(1, Math.ceil(s.list.total / PAGE_SIZE));
  const allChecked = items.length > 0 && s.selected.length === items.length;

  return (
    <div data-testid={`tasks-page-${kind}`}>
      <PageHeader />
      <FilterBar />
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
      <div className="cp-tasks-bar">
        <span>{t('pager.summary', { total: s.list.total, page: s.page })}</span>
        <Button
          small
          text={t('pager.prev')}
          disabled={s.page <= 1}
          onClick={() => dispatch(A.listRequested({ page: s.page - 1 }))}
        />
        <Button
          small
          text={t('pager.next')}
          disabled={s.page >= pages}
          onClick={() => dispatch(A.listRequested({ page: s.page + 1 }))}
        />
      </div>
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
