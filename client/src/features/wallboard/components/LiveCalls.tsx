// Live calls right now, grouped by task, line or seat; a click opens the call's live transcript.
// Each call's timer says what it counts: ringing time until the customer answers, then talk time.
// While the TV auto-rotation shows one task, only that task's calls are listed.
import { Button, ButtonGroup, Card, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  groupLiveCalls,
  type LiveCall,
  type LiveGroup,
  type WallboardView,
} from '../../../../../domain/wallboard';
import type { GroupBy } from '../slice';
import { useNow } from '../useNow';
import { clock, liveTimer, type TimerKind } from '../wallMode';

const TIMER_INTENT: Record<TimerKind, 'none' | 'warning' | 'success'> = {
  dialing: 'none',
  ringing: 'warning',
  talking: 'success',
};

interface Props {
  view: WallboardView;
  groupBy: GroupBy;
  selected: string | null;
  /** The task the auto-rotation shows (null: all). */
  focusTask: number | null;
  onGroupBy: (g: GroupBy) => void;
  onPick: (uuid: string) => void;
}

export function LiveCalls({ view, groupBy, selected, focusTask, onGroupBy, onPick }: Props) {
  const { t } = useTranslation('wallboard');
  const now = useNow(1000);
  const by: GroupBy = focusTask === null ? groupBy : 'task';
  const all = groupLiveCalls(view.liveCalls, by, view.seats);
  const groups = focusTask === null ? all : all.filter((g) => g.id === focusTask);
  const title = (g: LiveGroup): string => {
    if (g.id === null) return t(`groups.none.${by}`);
    if (by === 'task') return view.tasks.find((x) => x.id === g.id)?.name ?? t('groups.task', { id: g.id });
    if (by === 'line') return view.lineNames[String(g.id)] ?? t('groups.line', { id: g.id });
    return view.seats.find((x) => x.id === g.id)?.name ?? t('groups.seat', { id: g.id });
  };
  const row = (c: LiveCall) => {
    const timer = liveTimer(c, now);
    return (
      <li key={c.callUuid}>
        <button
          type="button"
          className={`cp-wall-call${selected === c.callUuid ? ' is-selected' : ''}`}
          data-testid="wall-call"
          data-uuid={c.callUuid}
          data-status={c.status}
          onClick={() => onPick(c.callUuid)}
        >
          <span className="cp-wall-call-phone">{c.phoneMasked ?? t('calls.unknownPhone')}</span>
          {c.transfer && <Tag minimal>{t(`calls.transfer.${c.transfer}`)}</Tag>}
          {c.test && <Tag minimal>{t('calls.test')}</Tag>}
          <Tag
            minimal
            className="cp-wall-call-time"
            intent={TIMER_INTENT[timer.kind]}
            data-testid="wall-call-timer"
            data-kind={timer.kind}
          >
            {t(`calls.timer.${timer.kind}`, { time: clock(timer.seconds) })}
          </Tag>
        </button>
      </li>
    );
  };
  return (
    <Card className="cp-wall-panel" data-testid="wall-live-calls">
      <div className="cp-wall-panel-head">
        <H5>
          {t('calls.title')}{' '}
          <span data-testid="wall-live-count">{view.liveCalls.length + view.liveCallsMore}</span>
        </H5>
        <ButtonGroup>
          {(['task', 'line', 'seat'] as const).map((g) => (
            <Button
              key={g}
              size="small"
              active={by === g}
              disabled={focusTask !== null && g !== 'task'}
              text={t(`calls.by.${g}`)}
              data-testid={`wall-group-${g}`}
              onClick={() => onGroupBy(g)}
            />
          ))}
        </ButtonGroup>
      </div>
      {view.liveCalls.length === 0 && <p className="cp-wall-empty">{t('calls.none')}</p>}
      {view.liveCalls.length > 0 && groups.length === 0 && (
        <p className="cp-wall-empty" data-testid="wall-focus-empty">
          {t('calls.noneInTask')}
        </p>
      )}
      <div className="cp-wall-groups">
        {groups.map((g) => (
          <section key={g.key} className="cp-wall-group" data-testid="wall-group">
            <h6 className="cp-wall-group-title" data-testid="wall-group-title">
              {title(g)} <Tag round>{g.calls.length}</Tag>
            </h6>
            <ul>{g.calls.map(row)}</ul>
          </section>
        ))}
      </div>
      {view.liveCallsMore > 0 && (
        <p className="cp-wall-empty">{t('calls.more', { count: view.liveCallsMore })}</p>
      )}
    </Card>
  );
}
