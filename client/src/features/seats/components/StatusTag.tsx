// A seat's state as a coloured tag (test id seat-status-<seat id>, data-status for tests).
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SeatStatus } from '../../../../../domain/seats';

const INTENT: Record<SeatStatus, Intent> = {
  idle: Intent.SUCCESS,
  busy: Intent.DANGER,
  wrapup: Intent.WARNING,
  dnd: Intent.WARNING,
  offline: Intent.NONE,
  disabled: Intent.NONE,
};

export function StatusTag({ seatId, status }: { seatId: number; status: SeatStatus }) {
  const { t } = useTranslation('seats');
  return (
    <Tag
      minimal={status === 'offline' || status === 'disabled'}
      intent={INTENT[status]}
      data-testid={`seat-status-${seatId}`}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Tag>
  );
}
