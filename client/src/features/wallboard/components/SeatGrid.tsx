// Seat states as a grid of tiles: idle, busy (with its call), wrap-up, do not disturb, offline, disabled.
import { Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WallSeat } from '../../../../../domain/wallboard';

export function SeatGrid({ seats }: { seats: WallSeat[] }) {
  const { t } = useTranslation('wallboard');
  const counts = seats.reduce<Record<string, number>>((acc, s) => {
    acc[s.state.status] = (acc[s.state.status] ?? 0) + 1;
    return acc;
  }, {});
  return (
    <Card className="cp-wall-panel" data-testid="wall-seats">
      <div className="cp-wall-panel-head">
        <H5>{t('seats.title')}</H5>
        <span className="cp-wall-muted">
          {Object.entries(counts)
            .map(([k, n]) => `${t(`seatStatus.${k}`)} ${n}`)
            .join(' · ')}
        </span>
      </div>
      {seats.length === 0 && <p className="cp-wall-empty">{t('seats.none')}</p>}
      <div className="cp-wall-seat-grid">
        {seats.map((s) => (
          <div
            key={s.id}
            className={`cp-wall-seat cp-wall-seat-${s.state.status}`}
            data-testid="wall-seat"
            data-status={s.state.status}
            title={s.groupName}
          >
            <div className="cp-wall-seat-name">{s.name}</div>
            <div className="cp-wall-seat-status">{t(`seatStatus.${s.state.status}`)}</div>
          </div>
        ))}
      </div>
    </Card>
  );
}
