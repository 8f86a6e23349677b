// /rootmain/dashboards/rootdashboard: the real balance and line count; other figures come later.
import { Button, Callout, H3, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceText, fenToYuan } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ComingLater, Figure, StatCard } from '../components/StatCard';
import { dashboardActions, selectDashboard } from '../slice';

export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const dispatch = useAppDispatch();
  const { summary, loading, error } = useAppSelector(selectDashboard);

  useEffect(() => {
    dispatch(dashboardActions.summaryRequested());
  }, [dispatch]);

  const units = { wan: t('units.wan'), yi: t('units.yi') };
  const waiting = loading && !summary;

  return (
    <div className="cp-page" data-testid="dashboard-page">
      <H3>{t('title')}</H3>
      {error && (
        <Callout intent={Intent.DANGER} title={t('loadFailed')} data-testid="dashboard-error">
          {error}{' '}
          <Button
            size="small"
            text={t('common:actions.retry')}
            onClick={() => dispatch(dashboardActions.summaryRequested())}
          />
        </Callout>
      )}
      <div className="cp-stat-grid">
        <StatCard title={t('balance')} testId="card-balance" loading={waiting}>
          {summary && (
            <Figure
              testId="dash-balance"
              value={`${balanceText(fenToYuan(summary.balanceFen), units)} ${t('balanceUnit')}`}
            />
          )}
        </StatCard>
        <StatCard title={t('lines')} testId="card-lines" loading={waiting}>
          {summary && <Figure testId="dash-lines" value={summary.lineCount} />}
        </StatCard>
        <StatCard title={t('todayCalls')} testId="card-today">
          <ComingLater text={t('comingLater')} />
        </StatCard>
        <StatCard title={t('totalCalls')} testId="card-total">
          <ComingLater text={t('comingLater')} />
        </StatCard>
        <StatCard title={t('weekStats')} testId="card-week">
          <ComingLater text={t('comingLater')} />
        </StatCard>
      </div>
    </div>
  );
}
