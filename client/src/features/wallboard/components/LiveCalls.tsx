// Live calls right now, grouped by task, line or seat; a click opens the call's live transcript.
import { Button, ButtonGroup, Card, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  groupLiveCalls,
  type LiveCall,
  type LiveGroup,
  type WallboardView,
} from '../../../../../domain/wallboard';
import type { GroupBy } from '../slice';

const STATUS_INTENT = { dialing: 'none', ringing: 'warning', answered: 'success', ended: 'none' } as const;

const duration = (from: string, now: number) => {
  const s = Math.max(0, Math.round((now - Date.parse(from)) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

interface Props {
  view: WallboardView;
  groupBy: GroupBy;
  now: number;
  selected: string | null;
  onGroupBy: (g: GroupBy) => void;
  onPick: (uuid: string) => void;
}

export function LiveCalls({ view, groupBy, now, selected, onGroupBy, onPick }: Props) {
  const { t } = useTranslation('wallboard');
  const groups = groupLiveCalls(view.liveCalls, groupBy, view.seats);
  const title = (g: LiveGroup): string => {
    if (g.id === null) return t(`groups.none.${groupBy}`);
    if (groupBy === 'task')
      return view.tasks.find((x) => x.id === g.id)?.name ?? t('groups.task', { id: g.id });
    if (groupBy === 'line') return view.lineNames[String(g.id)] ?? t('groups.line', { id: g.id });
    return view.seats.find((x) => x.id === g.id)?.name ?? t('groups.seat', { id: g.id });
  };
  const row = (c: LiveCall) => (
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
        <Tag minimal intent={STATUS_INTENT[c.status]}>
          {t(`calls.status.${c.status}`)}
        </Tag>
        {c.transfer && <Tag minimal>{t(`calls.transfer.${c.transfer}`)}</Tag>}
        {c.test && <Tag minimal>{t('calls.test')}</Tag>}
        <span className="cp-wall-call-time">{duration(c.startedAt, now)}</span>
      </button>
    </li>
  );
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
              active={groupBy === g}
              text={t(`calls.by.${g}`)}
              data-testid={`wall-group-${g}`}
              onClick={() => onGroupBy(g)}
            />
          ))}
        </ButtonGroup>
      </div>
      {view.liveCalls.length === 0 && <p className="cp-wall-empty">{t('calls.none')}</p>}
      <div className="cp-wall-groups">
        {groups.map((g) => (
          <section key={g.key} className="cp-wall-group" data-testid="wall-group">
            <h6>
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
