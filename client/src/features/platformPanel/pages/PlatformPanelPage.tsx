// /rootmain/bussinesscentral/systemreadpanel (平台看板, issue 25): the super administrator's live view of
// the whole platform — calls in progress by node and by merchant, originates per second, queue depths,
// media workers and FreeSWITCH nodes with their state, lines up/down, today's totals of every tenant,
// low balances and expiring accounts. The snapshot, then a platform:pulse every 2 s over the socket
// (sagas.ts); 数据截至 is the newest data shown.
import { Button, Callout, Card, Classes, H5, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { panelAsOf, type PanelToday } from '../../../../../domain/platformPanel';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../ui/PageHeader';
import { Figure, StatCard } from '../../../ui/StatCard';
import { PanelCharts } from '../components/PanelCharts';
import {
  ExpiringTable,
  LinesDownTable,
  LowBalancesTable,
  NodesTable,
  QueuesTable,
  WorkersTable,
} from '../components/PanelTables';
import { platformPanelActions as P, selectPlatformPanel, type PanelLiveStatus } from '../slice';
import '../../dashboard/dashboard.css';
import '../platformPanel.css';

const LIVE_INTENT: Record<PanelLiveStatus, Intent> = {
  on: Intent.SUCCESS,
  joining: Intent.NONE,
  failed: Intent.WARNING,
  off: Intent.NONE,
};

function TodayCard({ today }: { today: PanelToday }) {
  const { t } = useTranslation('dashboard');
  const k = today.kpis;
  const rate = k.dialed > 0 ? `${((k.connected / k.dialed) * 100).toFixed(1)}%` : t('fig.none');
  const items: [string, string, string | number][] = [
    ['dialed', t('fig.dialed'), k.dialed],
    ['connected', t('fig.connected'), k.connected],
    ['rate', t('fig.connectRate'), rate],
    ['a', t('fig.gradeA'), k.grades.A],
    ['b', t('fig.gradeB'), k.grades.B],
    ['talk', t('panel.talkMinutes'), Math.round(k.talkMs / 60_000)],
    ['transfers', t('panel.transfers'), k.transfers],
  ];
  return (
    <Card data-testid="panel-today">
      <H5>{t('panel.today', { day: today.day })}</H5>
      <dl className="cp-dash-figure-list">
        {items.map(([id, label, value]) => (
          <div key={id}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd data-testid={`panel-today-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export default function PlatformPanelPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const dispatch = useAppDispatch();
  const { view, loading, error, live } = useAppSelector(selectPlatformPanel);

  useEffect(() => {
    dispatch(P.opened());
    dispatch(P.snapshotRequested());
    return () => {
      dispatch(P.closed());
    };
  }, [dispatch]);

  const waiting = loading && !view;
  const tz = view?.today.timeZone;
  const asOf = view ? panelAsOf(view) : null;
  const l = view?.live;
  const nodesUp = l ? l.nodes.filter((n) => n.connected === true).length : 0;
  const workersOk = l ? l.workers.filter((w) => w.ok).length : 0;

  return (
    <div className="cp-page" data-testid="platform-panel-page">
      <div className="cp-dash-header">
        <PageHeader />
        <Tag minimal intent={LIVE_INTENT[live]} data-testid="panel-live" data-status={live}>
          {t(`live.${live}`)}
        </Tag>
        {asOf && tz && (
          <span className={Classes.TEXT_MUTED} data-testid="panel-asof" data-asof={asOf}>
            {t('asOf', { time: formatDateTime(asOf, tz), timeZone: tz })}
          </span>
        )}
      </div>
      {error && (
        <Callout intent={Intent.DANGER} title={t('panel.loadFailed')} data-testid="panel-error">
          {error}{' '}
          <Button
            size="small"
            text={t('common:actions.retry')}
            onClick={() => dispatch(P.snapshotRequested())}
          />
        </Callout>
      )}
      {waiting && <Spinner data-testid="panel-loading" />}
      <div className="cp-stat-grid">
        <StatCard title={t('panel.callsInProgress')} testId="panel-card-calls" loading={waiting}>
          {l && <Figure testId="panel-calls" value={l.callsInProgress} />}
        </StatCard>
        <StatCard title={t('panel.originates')} testId="panel-card-originates" loading={waiting}>
          {l && <Figure testId="panel-originates" value={l.originatesPerSecond} />}
        </StatCard>
        <StatCard title={t('panel.lines')} testId="panel-card-lines" loading={waiting}>
          {l && (
            <Figure
              testId="panel-lines"
              value={t('panel.linesValue', { up: l.lines.up, down: l.lines.down, unknown: l.lines.unknown })}
            />
          )}
        </StatCard>
        <StatCard title={t('panel.switches')} testId="panel-card-switches" loading={waiting}>
          {l && <Figure testId="panel-switches" value={`${nodesUp} / ${l.nodes.length}`} />}
        </StatCard>
        <StatCard title={t('panel.workers')} testId="panel-card-workers" loading={waiting}>
          {l && <Figure testId="panel-workers-ok" value={`${workersOk} / ${l.workers.length}`} />}
        </StatCard>
      </div>
      {view && l && tz && (
        <>
          <div className="cp-dash-row">
            <TodayCard today={view.today} />
          </div>
          <PanelCharts live={l} />
          <div className="cp-dash-row">
            <NodesTable live={l} timeZone={tz} />
            <WorkersTable live={l} timeZone={tz} />
          </div>
          <div className="cp-dash-row">
            <QueuesTable live={l} />
            <LinesDownTable live={l} />
          </div>
          <div className="cp-dash-row">
            <LowBalancesTable rows={view.lowBalances} />
            <ExpiringTable rows={view.expiring} asOf={view.today.asOf} timeZone={tz} />
          </div>
        </>
      )}
    </div>
  );
}
