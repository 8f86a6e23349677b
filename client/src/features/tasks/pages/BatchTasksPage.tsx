// /rootmain/dialcenter/multtask (批量任务, issue 23): every task of the kinds the account holds, with
// the task list's filters, and batches over the ticked tasks or, chosen explicitly, all the filter
// matches: start, pause and stop (SPEC §4 rules per task: the ones that cannot move are listed with
// their reason, the others move), new call periods, and one number file added to each task.
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { TASK_BATCH_IMPORT_MAX, TASK_BATCH_MAX } from '../../../../../domain/taskBatch';
import type { TaskAction } from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { newRequestId } from '../../../app/requestId';
import { bulkScopeOf, canAct } from '../../../ui/bulkScope';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectionBar } from '../../../ui/SelectionBar';
import { SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { BATCH_PAGE_SIZE, selectTaskBatch, taskBatchActions as A, type BatchDialog } from '../batchSlice';
import {
  BatchMoveDialog,
  BatchNumbersDialog,
  BatchPeriodsDialog,
  BatchResultDialog,
  useScopeText,
} from '../components/BatchDialogs';
import { RunStateNote, StatusTag } from '../components/StatusTags';
import { TaskFilterBar } from '../components/TaskFilterBar';
import { TasksPager } from '../components/TasksPager';
import '../tasks.css';

const MOVES: [TaskAction, Parameters<typeof Button>[0]['icon']][] = [
  ['start', 'play'],
  ['pause', 'pause'],
  ['stop', 'stop'],
];

export default function BatchTasksPage() {
  const { t } = useTranslation(['tasks', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTaskBatch);
  useEffect(() => {
    dispatch(A.pageOpened());
    dispatch(A.listRequested({ page: 1 }));
  }, [dispatch]);

  const items = s.list.items;
  const scope = bulkScopeOf(s.selected.length, s.allFiltered, s.list.loaded ? s.list.total : null);
  const count = scope.kind === 'none' ? 0 : scope.count;
  const scopeText = useScopeText(count, scope.kind === 'filtered');
  const overCap = count > TASK_BATCH_MAX;
  const open = (dialog: BatchDialog) => dispatch(A.dialogOpened({ dialog, requestId: newRequestId() }));

  return (
    <div className="cp-page" data-testid="batch-tasks-page">
      <PageHeader />
      <TaskFilterBar
        withKind
        filters={s.filters}
        bots={s.bots}
        onApply={(filters) => dispatch(A.listRequested({ filters, page: 1 }))}
      />
      <SelectionBar
        testId="batch-selection"
        scope={scope}
        loaded={items.length}
        filteredTotal={s.list.loaded ? s.list.total : null}
        onSelectAllFiltered={() => dispatch(A.allFilteredChosen())}
        onClear={() => dispatch(A.selectionCleared())}
      >
        {MOVES.map(([action, icon]) => (
          <Button
            key={action}
            icon={icon}
            intent={action === 'stop' ? Intent.DANGER : Intent.NONE}
            text={t(`batch.actions.${action}`)}
            disabled={!canAct(scope) || overCap}
            data-testid={`batch-${action}`}
            onClick={() => open({ kind: 'move', action })}
          />
        ))}
        <Button
          icon="time"
          text={t('batch.actions.periods')}
          disabled={!canAct(scope) || overCap}
          data-testid="batch-periods-open"
          onClick={() => open({ kind: 'periods' })}
        />
        <Button
          icon="import"
          text={t('batch.actions.numbers')}
          disabled={!canAct(scope) || count > TASK_BATCH_IMPORT_MAX}
          title={
            count > TASK_BATCH_IMPORT_MAX ? t('batch.tooMany', { max: TASK_BATCH_IMPORT_MAX }) : undefined
          }
          data-testid="batch-numbers-open"
          onClick={() => open({ kind: 'numbers' })}
        />
      </SelectionBar>
      {overCap && (
        <p className={Classes.TEXT_MUTED} data-testid="batch-over-cap">
          {t('batch.tooMany', { max: TASK_BATCH_MAX })}
        </p>
      )}
      <ListView
        waiting={s.list.loading && !s.list.loaded}
        empty={items.length === 0}
        emptyIcon="layers"
        emptyText={t('batch.empty')}
        emptyTestId="batch-empty"
      >
        <DataTable
          className="cp-tasks-table"
          testId="batch-table"
          pinFirst
          columns={[
            <SelectAllBox
              key="all"
              label={t('batch.selectAll')}
              count={items.length}
              selected={s.selected.length}
              onToggleAll={(all) => dispatch(A.allToggled(all))}
            />,
            t('columns.name'),
            t('batch.kind.label'),
            t('columns.owner'),
            t('columns.bot'),
            t('columns.status'),
            t('fields.callPeriods'),
            t('columns.numbers'),
            t('columns.createdAt'),
          ]}
        >
          {items.map((x) => (
            <tr key={x.id} data-testid={`batch-row-${x.name}`} data-row-key={x.id}>
              <td>
                <SelectBox
                  id={x.id}
                  label={x.name}
                  checked={s.allFiltered || s.selected.includes(x.id)}
                  onToggle={() => dispatch(A.toggled(x.id))}
                />
              </td>
              <td>{x.name}</td>
              <td>{t(`title.${x.kind}`)}</td>
              <td>{x.ownerAccount}</td>
              <td>{x.botName ?? t('detail.none')}</td>
              <td>
                <StatusTag status={x.status} testId={`batch-status-${x.name}`} />{' '}
                <RunStateNote active={x.active} runState={x.runState} />
              </td>
              <td data-testid={`batch-periods-${x.name}`}>{x.callPeriods.join(', ')}</td>
              <td data-testid={`batch-counts-${x.name}`}>
                {x.counts.pending}/{x.counts.total}
              </td>
              <td>{formatDateTime(x.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <TasksPager
        total={s.list.total}
        page={s.page}
        pageSize={BATCH_PAGE_SIZE}
        onPage={(page) => dispatch(A.listRequested({ page }))}
      />
      <BatchMoveDialog scopeText={scopeText} />
      <BatchPeriodsDialog scopeText={scopeText} />
      <BatchNumbersDialog scopeText={scopeText} count={count} />
      <BatchResultDialog />
    </div>
  );
}
