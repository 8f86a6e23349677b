// /rootmain/call/calling: every queued or running task of the account (or its subtree) with its live
// run overview (dialed, connected, grades A–F, not connected by result, in progress, remaining, ETA).
// The list loads once; the dial scheduler's task:progress events keep each row current.
import { Button, Intent, NonIdealState, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskProgressEvent } from '../../../../../domain/events';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { RunStateNote, StatusTag } from '../components/StatusTags';
import { selectTasks, tasksActions as A } from '../slice';
import '../tasks.css';
import { PageHeader } from '../../../ui/PageHeader';
import { GRADE_LETTERS as GRADES } from '../../../../../domain/dialer/levels';

function Grades({ p }: { p: TaskProgressEvent }) {
  return (
    <span className="cp-tasks-grades">
      {GRADES.map((g) => (
        <Tag key={g} minimal round data-testid={`grade-${g}`}>
          {g} {p.grades[g]}
        </Tag>
      ))}
    </span>
  );
}

function NotConnected({ p }: { p: TaskProgressEvent }) {
  const { t } = useTranslation('tasks');
  const parts = Object.entries(p.notConnected).filter(([, n]) => n > 0);
  return (
    <span title={parts.map(([level, n]) => `${t(`results:level.${level}`)} ${n}`).join(' / ')}>
      {p.notConnectedTotal}
    </span>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const o = useAppSelector(selectTasks).overview;
  useEffect(() => {
    dispatch(A.overviewRequested(undefined));
  }, [dispatch]);
  const none = t('detail.none');
  return (
    <div data-testid="tasks-overview">
      <PageHeader />
      <div className="cp-tasks-bar">
        <RadioGroup
          inline
          label={t('scope.label')}
          selectedValue={o.scope}
          onChange={(e) => dispatch(A.overviewRequested(e.currentTarget.value as 'own' | 'all'))}
        >
          <Radio value="own" label={t('scope.own')} />
          <Radio value="all" label={t('scope.all')} />
        </RadioGroup>
        <span className="cp-tasks-grow" />
        <Button
          minimal
          icon="refresh"
          text={t('actions.refresh')}
          loading={o.loading}
          onClick={() => dispatch(A.overviewRequested(undefined))}
        />
      </div>
      {o.items.length === 0 ? (
        <NonIdealState icon="phone" description={t('overview.empty')} />
      ) : (
        <DataTable
          className="cp-tasks-table"
          testId="overview-table"
          columns={[
            t('columns.name'),
            t('columns.owner'),
            t('columns.robots'),
            t('columns.status'),
            t('overview.dialed'),
            t('overview.connected'),
            t('overview.grades'),
            t('overview.notConnected'),
            t('overview.inProgress'),
            t('overview.remaining'),
            t('overview.eta'),
          ]}
        >
          {o.items.map((x) => {
            const p = x.progress;
            return (
              <tr key={x.id} data-testid={`overview-row-${x.id}`}>
                <td>{x.name}</td>
                <td>{x.ownerAccount}</td>
                <td>{x.robots}</td>
                <td>
                  <StatusTag status={x.status} /> <RunStateNote active={x.active} runState={x.runState} />
                  {p?.held && (
                    <Tag minimal intent={Intent.WARNING} data-testid="progress-held">
                      {t(`overview.held.${p.held}`)}
                    </Tag>
                  )}
                </td>
                <td data-testid="progress-dialed">{p ? p.dialed : none}</td>
                <td data-testid="progress-connected">{p ? p.connected : none}</td>
                <td>{p ? <Grades p={p} /> : none}</td>
                <td data-testid="progress-not-connected">{p ? <NotConnected p={p} /> : none}</td>
                <td data-testid="progress-in-progress">{p ? p.inProgress : x.counts.claimed}</td>
                <td data-testid="progress-remaining">
                  {p
                    ? p.pendingRedials > 0
                      ? t('overview.remainingWithRedials', { n: p.remaining, redials: p.pendingRedials })
                      : p.remaining
                    : x.counts.pending}
                </td>
                <td>{p?.eta ? formatDateTime(p.eta) : none}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
