// /rootmain/rootsidebarmain/robotui: the supervisor wallboard for a big screen. A snapshot of the
// subtree (GET /api/wallboard), then everything over the socket (sagas.ts wallboardLiveSaga): live
// calls by task, line or seat with a live transcript on click, seat states, task progress, today's
// KPIs and charts. The super administrator picks a merchant. A local timer only moves the clock
// (call durations, the chart's last hour); no data is polled.
// Wall mode (useWallMode): the page goes full screen with large type and no shell around it; a TV
// auto-rotation (useAutoRotate, off by default) shows one task after another.
import { Button, Callout, Classes, HTMLSelect, Intent, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
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
import { ROTATE_SECONDS, useAutoRotate } from '../useAutoRotate';
import { useNow } from '../useNow';
import { useWallMode } from '../useWallMode';
import { rotationOrder } from '../wallMode';
import '../wallboard.css';
import { PageHeader } from '../../../ui/PageHeader';

const LIVE_INTENT: Record<WallLiveStatus, Intent> = {
  on: Intent.SUCCESS,
  joining: Intent.NONE,
  failed: Intent.WARNING,
  off: Intent.NONE,
};
const CLOCK_MS = 5000;

export default function WallboardPage() {
  const { t } = useTranslation(['wallboard', 'common']);
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const { view, loading, error, live, groupBy, transcript, merchants, accountId } =
    useAppSelector(selectWallboard);
  const now = useNow(CLOCK_MS);
  const pageRef = useRef<HTMLDivElement>(null);
  // The rotation and wall-mode controls: using them does not stop the rotation.
  const toolsRef = useRef<HTMLDivElement>(null);
  const wall = useWallMode(pageRef);
  const orderKey = view ? rotationOrder(view).join(',') : '';
  const order = useMemo(() => (orderKey ? orderKey.split(',').map(Number) : []), [orderKey]);
  const rotate = useAutoRotate(order, toolsRef);
  const focusName =
    rotate.focus === null
      ? null
      : (view?.tasks.find((x) => x.id === rotate.focus)?.name ?? t('groups.task', { id: rotate.focus }));

  useEffect(() => {
    dispatch(W.opened());
    return () => {
      dispatch(W.closed());
    };
  }, [dispatch]);

  useDailySnapshot(view, loading, W.snapshotRequested);

  const isSuper = me?.level === 0;

  return (
    <div
      ref={pageRef}
      className={`cp-page cp-wall${wall.mode === 'off' ? '' : ' is-wall'}${wall.mode === 'covered' ? ' cp-wall-covered' : ''}`}
      data-testid="wallboard-page"
      data-wall={wall.mode}
    >
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
        <div className="cp-wall-tools" ref={toolsRef}>
          <div className="cp-wall-rotate">
            <Switch
              className="cp-wall-rotate-switch"
              checked={rotate.on}
              disabled={order.length === 0}
              label={t('rotate.label')}
              data-testid="wall-rotate"
              onChange={(e) => rotate.setOn(e.currentTarget.checked)}
            />
            <HTMLSelect
              aria-label={t('rotate.interval')}
              data-testid="wall-rotate-seconds"
              value={String(rotate.seconds)}
              onChange={(e) => rotate.setSeconds(Number(e.target.value))}
            >
              {ROTATE_SECONDS.map((n) => (
                <option key={n} value={n}>
                  {t('rotate.every', { count: n })}
                </option>
              ))}
            </HTMLSelect>
            {rotate.on && focusName !== null && (
              <Tag intent={Intent.PRIMARY} data-testid="wall-rotate-focus" data-task={rotate.focus}>
                {t('rotate.showing', {
                  name: focusName,
                  at: order.indexOf(rotate.focus!) + 1,
                  of: order.length,
                })}
              </Tag>
            )}
            {order.length === 0 && <span className={Classes.TEXT_MUTED}>{t('rotate.noTasks')}</span>}
          </div>
          <Button
            icon={wall.mode === 'off' ? 'fullscreen' : 'minimize'}
            intent={wall.mode === 'off' ? Intent.PRIMARY : Intent.NONE}
            text={wall.mode === 'off' ? t('wall.enter') : t('wall.leave')}
            title={wall.mode === 'off' ? undefined : t('wall.escHint')}
            data-testid="wall-mode"
            onClick={() => void (wall.mode === 'off' ? wall.enter() : wall.leave())}
          />
        </div>
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
              selected={transcript?.callUuid ?? null}
              focusTask={rotate.focus}
              onGroupBy={(g) => dispatch(W.groupByChanged(g))}
              onPick={(uuid) => dispatch(W.callPicked(uuid))}
            />
            <SeatGrid seats={view.seats} />
          </div>
          <WallCharts perMinute={view.perMinute} kpis={view.kpis} now={now} timeZone={view.timeZone} />
          <TaskBars tasks={view.tasks} focusTask={rotate.focus} />
          {transcript && (
            <TranscriptPanel
              transcript={transcript}
              view={view}
              onClose={() => dispatch(W.transcriptClosed())}
            />
          )}
        </>
      )}
    </div>
  );
}
