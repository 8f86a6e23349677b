// /rootmain/call/calling: every queued or running task of the account (or its subtree) with its
// number counts. Refreshed on demand until the dial scheduler publishes live task events.
import { Button, Callout, H3, Intent, NonIdealState, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { RunStateText, StatusTag } from '../components/StatusTags';
import { selectTasks, tasksActions as A } from '../slice';
import '../tasks.css';

export default function OverviewPage() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const o = useAppSelector(selectTasks).overview;
  useEffect(() => {
    dispatch(A.overviewRequested(undefined));
  }, [dispatch]);
  return (
    <div data-testid="tasks-overview">
      <H3>{t('title.overview')}</H3>
      <Callout intent={Intent.WARNING} icon="time" title={t('scheduler.title')}>
        {t('scheduler.body')}
      </Callout>
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
            t('columns.runState'),
            t('detail.counts.pending'),
            t('detail.counts.claimed'),
            t('detail.counts.done'),
            t('detail.counts.skipped'),
            t('detail.counts.total'),
          ]}
        >
          {o.items.map((x) => (
            <tr key={x.id}>
              <td>{x.name}</td>
              <td>{x.ownerAccount}</td>
              <td>{x.robots}</td>
              <td>
                <StatusTag status={x.status} />
              </td>
              <td>
                <RunStateText active={x.active} runState={x.runState} />
              </td>
              <td>{x.counts.pending}</td>
              <td>{x.counts.claimed}</td>
              <td>{x.counts.done}</td>
              <td>{x.counts.skipped}</td>
              <td>{x.counts.total}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
