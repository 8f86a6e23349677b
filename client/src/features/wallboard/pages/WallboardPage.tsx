// /rootmain/rootsidebarmain/robotui: the supervisor wallboard for a big screen. A snapshot of the
// subtree (GET /api/wallboard), then everything over the socket (sagas.ts wallboardLiveSaga): live
// calls by task, line or seat with a live transcript on click, seat states, task progress, today's
// KPIs and charts. The super administrator picks a merchant. A local timer only moves the clock
// (call durations, the chart's last hour); no data is polled.
import { Button, Callout, Classes, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_ROOMS_MAX } from '../../../../../domain/dashboard';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDailySnapshot } from '../../../ui/useDailySnapshot';
import { selectMe } from '../../auth/slice';
import { KpiStrip } from '../components/KpiStrip';
import { LiveCalls } from '../components/LiveCalls';
import { SeatGrid } from '../components/SeatGrid';
import { TaskBars } from '../components/TaskBars';
import { TranscriptPanel } from '../components/TranscriptPanel';
import { WallCharts } from '../components/WallCharts';
import { selectWallboard, wallboardActions as W, type WallLiveStatus } from '../slice';
import '../wallboard.css';
import { PageHeader } from '../../../ui/PageHeader';

const LIVE_INTENT: Record<WallLiveStatus, Intent> = {
  on: Intent.SUCCESS,
  joining: Intent.NONE,
  failed: Intent.WARNING,
  off: Intent.NONE,
};
const CLOCK_MS = 5000;

function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

export default function WallboardPage() {
  const { t } = useTranslation(['wallboard', 'common']);
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const { view, loading, error, live, groupBy, transcript, merchants, accountId } =
    useAppSelector(selectWallboard);
  const now = useNow(CLOCK_MS);

  useEffect(() => {
    dispatch(W.opened());
    return () => {
      dispatch(W.closed());
    };
  }, [dispatch]);

  useDailySnapshot(view, loading, W.snapshotRequested);

  const isSuper = me?.level === 0;

  return (
    <div className="cp-page cp-wall" data-testid="wallboard-page">
      <div className="cp-wall-header">
        <PageHeader />
        <Tag minimal intent={LIVE_INTENT[live.status]} data-testid="wall-live" data-status={live.status}>
          {t(`live.${live.status}`)}
        </Tag>
        {isSuper && (
          <label className="cp-wall-picker">
            {t('merchant.label')}{' '}
            <HTMLSelect
              data-testid="wall-merchant"
              value={accountId === null ? '' : String(accountId)}
              onChange={(e) => dispatch(W.accountPicked(e.target.value ? Number(e.target.value) : null))}
            >
              <option value="">{t('merchant.all')}</option>
              {merchants.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.account}
                </option>
              ))}
            </HTMLSelect>
          </label>
        )}
        {view && (
          <span className={Classes.TEXT_MUTED} data-testid="wall-asof">
            {t('asOf', { time: formatDateTime(view.asOf, view.timeZone), timeZone: view.timeZone })}
          </span>
        )}
      </div>
      {error && (
        <Callout intent={Intent.DANGER} title={t('loadFailed')} data-testid="wallboard-error">
          {error}{' '}
          <Button
            size="small"
            text={t('common:actions.retry')}
            onClick={() => dispatch(W.snapshotRequested())}
          />
        </Callout>
      )}
      {live.status === 'failed' && (
        <Callout intent={Intent.WARNING} data-testid="wall-live-failed">
          {t('live.failedNote')}
        </Callout>
      )}
      {live.status === 'on' && !live.complete && (
        <Callout intent={Intent.PRIMARY}>{t('live.partial', { count: LIVE_ROOMS_MAX })}</Callout>
      )}
      {!view && loading && <p className={Classes.TEXT_MUTED}>{t('loading')}</p>}
      {view && (
        <>
          <KpiStrip kpis={view.kpis} />
          <div className="cp-wall-main">
            <LiveCalls
              view={view}
              groupBy={groupBy}
              now={now}
              selected={transcript?.callUuid ?? null}
              onGroupBy={(g) => dispatch(W.groupByChanged(g))}
              onPick={(uuid) => dispatch(W.callPicked(uuid))}
            />
            {transcript ? (
              <TranscriptPanel transcript={transcript} onClose={() => dispatch(W.transcriptClosed())} />
            ) : (
              <SeatGrid seats={view.seats} />
            )}
          </div>
          {transcript && <SeatGrid seats={view.seats} />}
          <WallCharts perMinute={view.perMinute} kpis={view.kpis} now={now} timeZone={view.timeZone} />
          <TaskBars tasks={view.tasks} />
        </>
      )}
    </div>
  );
}
