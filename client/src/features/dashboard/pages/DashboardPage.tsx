// /rootmain/dashboards/rootdashboard: balance, lines, today's and all-time call figures and the last
// 7 days as charts, over the caller's subtree. Today's figures move with the socket's call events
// (sagas.ts dashboardLiveSaga); a new local day or a reconnection loads a fresh snapshot, and so do
// new ended calls a little later (their charges). Spend is the account's own ledger; its call rate
// is shown, with a hint when its calls cost it nothing. 数据截至 is the newest data shown.
import { Button, Callout, Classes, H3, Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_ROOMS_MAX } from '../../../../../domain/dashboard';
import { balanceText, fenToYuan, formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDailySnapshot } from '../../../ui/useDailySnapshot';
import { BillingHint, RateFigure } from '../components/BillingState';
import { CallFiguresCard } from '../components/CallFiguresCard';
import { Figure, StatCard } from '../../../ui/StatCard';
import { WeekCharts } from '../components/WeekCharts';
import { dashboardActions, selectDashboard, selectDataAsOf, type LiveStatus } from '../slice';
import '../dashboard.css';
import { PageHeader } from '../../../ui/PageHeader';

const LIVE_INTENT: Record<LiveStatus, Intent> = {
  on: Intent.SUCCESS,
  joining: Intent.NONE,
  failed: Intent.WARNING,
  off: Intent.NONE,
};

export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const dispatch = useAppDispatch();
  const { view, loading, error, live } = useAppSelector(selectDashboard);
  const asOf = useAppSelector(selectDataAsOf);

  useEffect(() => {
    dispatch(dashboardActions.opened());
    dispatch(dashboardActions.snapshotRequested());
    return () => {
      dispatch(dashboardActions.closed());
    };
  }, [dispatch]);

  useDailySnapshot(view, loading, dashboardActions.snapshotRequested);

  const units = { wan: t('units.wan'), yi: t('units.yi') };
  const waiting = loading && !view;

  return (
    <div className="cp-page" data-testid="dashboard-page">
      <div className="cp-dash-header">
        <PageHeader />
        <Tag minimal intent={LIVE_INTENT[live.status]} data-testid="dash-live" data-status={live.status}>
          {t(`live.${live.status}`)}
        </Tag>
        {view && asOf && (
          <span className={Classes.TEXT_MUTED} data-testid="dash-asof" data-asof={asOf}>
            {t('asOf', { time: formatDateTime(asOf, view.timeZone), timeZone: view.timeZone })}
          </span>
        )}
      </div>
      {error && (
        <Callout intent={Intent.DANGER} title={t('loadFailed')} data-testid="dashboard-error">
          {error}{' '}
          <Button
            size="small"
            text={t('common:actions.retry')}
            onClick={() => dispatch(dashboardActions.snapshotRequested())}
          />
        </Callout>
      )}
      {live.status === 'on' && !live.complete && (
        <Callout intent={Intent.PRIMARY} data-testid="dash-live-partial">
          {t('live.partial', { count: LIVE_ROOMS_MAX })}
        </Callout>
      )}
      <div className="cp-stat-grid cp-dash-top">
        <StatCard title={t('balance')} testId="card-balance" loading={waiting}>
          {view && (
            <Figure
              testId="dash-balance"
              value={`${balanceText(fenToYuan(view.balanceFen), units)} ${t('balanceUnit')}`}
            />
          )}
        </StatCard>
        <StatCard title={t('lines')} testId="card-lines" loading={waiting}>
          {view && <Figure testId="dash-lines" value={view.lineCount} />}
        </StatCard>
        <StatCard title={t('rate.title')} testId="card-rate" loading={waiting}>
          {view && <RateFigure billing={view.billing} />}
        </StatCard>
      </div>
      {view && <BillingHint billing={view.billing} billedMs={view.total.billableMs} />}
      {view && (
        <>
          <div className="cp-dash-row">
            <CallFiguresCard
              title={t('todayCalls')}
              testId="today"
              figures={view.today}
              showCharged
              footer={
                view.todayTestCalls > 0 && (
                  <p className={Classes.TEXT_MUTED} data-testid="today-test-calls">
                    {t('testCalls', { count: view.todayTestCalls })}
                  </p>
                )
              }
            />
            <CallFiguresCard
              title={t('totalCalls')}
              testId="total"
              figures={view.total}
              showCharged
              footer={<p className={Classes.TEXT_MUTED}>{t('chargedNote')}</p>}
            />
          </div>
          <H3 className="cp-dash-week-title">{t('weekStats')}</H3>
          <WeekCharts week={view.week} />
        </>
      )}
    </div>
  );
}
