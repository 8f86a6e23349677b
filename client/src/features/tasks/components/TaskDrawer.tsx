// A task's detail drawer: counts per number state, adding numbers with the dialog's picker (my
// customers by filters, a txt/csv/xls/xlsx file, a pasted list; a count preview first) and what was
// skipped and why, the numbers (keyset pages, remove), and the status log (who moved it, why: the
// reason's code in the reader's language, an older row's stored text as it is).
import { Button, Callout, Drawer, FormGroup, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { NUMBER_STATE_NAMES } from '../../../../../domain/tasks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { useReasonText } from '../../../ui/reasonText';
import { selectTasks, tasksActions as A, type AddNumbersRequest } from '../slice';
import { AddResult } from './AddResult';
import { NumbersPicker } from './NumbersPicker';
import { StatusTag } from './StatusTags';

/** The same picker as the new-task dialog, then Add; the result says what was left out and why. */
function AddNumbers({ taskId }: { taskId: number }) {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const d = useAppSelector(selectTasks).detail;
  const [request, setRequest] = useState<AddNumbersRequest | null>(null);
  return (
    <FormGroup label={t('detail.addNumbers')}>
      <NumbersPicker taskId={taskId} onChange={setRequest} initialSource="text" />
      <Button
        intent={Intent.PRIMARY}
        icon="add"
        text={t('detail.add')}
        loading={d.adding}
        disabled={request === null}
        data-testid="numbers-add"
        onClick={() => request && dispatch(A.addNumbersRequested(request))}
      />
      {d.addError && (
        <Callout intent={Intent.DANGER} data-testid="numbers-add-error">
          {d.addError}
        </Callout>
      )}
      {d.addReply && <AddResult reply={d.addReply} />}
    </FormGroup>
  );
}

function Numbers() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const d = useAppSelector(selectTasks).detail;
  return (
    <>
      <div className="cp-tasks-counts" data-testid="numbers-counts">
        {(['pending', 'claimed', 'done', 'skipped', 'total'] as const).map((k) => (
          <Tag key={k} minimal large data-testid={`count-${k}`}>
            {t(`detail.counts.${k}`)}: {d.counts?.[k] ?? 0}
          </Tag>
        ))}
      </div>
      {d.id !== null && <AddNumbers taskId={d.id} />}
      {d.numbers.length === 0 ? (
        <p>{t('detail.empty')}</p>
      ) : (
        <DataTable
          className="cp-tasks-table"
          testId="numbers-table"
          columns={[
            t('detail.phone'),
            t('detail.name'),
            t('detail.state'),
            t('detail.attempts'),
            t('detail.lastResult'),
            '',
          ]}
        >
          {d.numbers.map((n) => (
            <tr key={n.id}>
              <td>{n.phone}</td>
              <td>{n.name || t('detail.none')}</td>
              <td>{t(`detail.states.${n.state}`)}</td>
              <td>{n.attempts}</td>
              <td>
                {n.lastResult === null
                  ? t('detail.none')
                  : t(`results:level.${n.lastResult}`, { defaultValue: String(n.lastResult) })}
              </td>
              <td>
                {NUMBER_STATE_NAMES[n.state] !== 'claimed' && (
                  <Button
                    minimal
                    small
                    icon="trash"
                    aria-label={t('actions.remove')}
                    onClick={() => dispatch(A.removeNumbersRequested([n.id]))}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {d.next && (
        <Button
          text={t('actions.more')}
          loading={d.loading}
          onClick={() => dispatch(A.numbersRequested({ more: true }))}
        />
      )}
    </>
  );
}

function Log() {
  const { t } = useTranslation('tasks');
  const reasonText = useReasonText();
  const d = useAppSelector(selectTasks).detail;
  return (
    <DataTable
      className="cp-tasks-table"
      testId="status-log"
      columns={[
        t('detail.at'),
        t('detail.from'),
        t('detail.to'),
        t('detail.by'),
        t('detail.actor'),
        t('detail.reason'),
      ]}
    >
      {d.log.map((l) => (
        <tr key={l.id}>
          <td>{formatDateTime(l.at)}</td>
          <td>{l.fromStatus === null ? t('detail.none') : <StatusTag status={l.fromStatus} />}</td>
          <td>
            <StatusTag status={l.toStatus} />
          </td>
          <td>{l.byAccount ?? t('detail.none')}</td>
          <td>{t(`detail.actors.${l.actor}`)}</td>
          <td className="cp-tasks-log-reason" data-testid={`log-reason-${l.id}`}>
            {reasonText(l.reason) ?? ''}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function TaskDrawer() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  const task = s.list.items.find((x) => x.id === s.detail.id);
  return (
    <Drawer
      isOpen={s.detail.id !== null}
      title={t('detail.title', { name: task?.name ?? '' })}
      onClose={() => dispatch(A.detailClosed())}
      size="60%"
    >
      <div className="cp-tasks-drawer" data-testid="task-drawer">
        <Button
          minimal
          icon="cross"
          text={t('actions.close')}
          data-testid="task-drawer-close"
          onClick={() => dispatch(A.detailClosed())}
        />
        <Tabs id="task-detail" renderActiveTabPanelOnly>
          <Tab id="numbers" title={t('detail.numbers')} panel={<Numbers />} />
          <Tab id="log" title={t('detail.log')} panel={<Log />} data-testid="tab-log" />
        </Tabs>
      </div>
    </Drawer>
  );
}
