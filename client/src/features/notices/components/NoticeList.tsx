// The rows of the notices popover.
import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NoticeDto } from '../../../../../domain/api';
import { formatDateTime } from '../../../../../domain/format';
import { noticeBody, noticeTitle } from '../render';

export function NoticeList({ items, onRead }: { items: NoticeDto[]; onRead(id: number): void }) {
  const { t } = useTranslation('notices');
  if (items.length === 0) return <NonIdealState icon="inbox" description={t('empty')} />;
  return (
    <>
      {items.map((n) => (
        <li
          key={n.id}
          className="cp-notice"
          data-testid={`notice-${n.id}`}
          data-read={n.readAt ? 'yes' : 'no'}
        >
          <div className={n.readAt ? Classes.TEXT_MUTED : undefined}>
            <strong>{noticeTitle(n, t)}</strong>
            <div>{noticeBody(n, t)}</div>
            <small className={Classes.TEXT_MUTED}>{formatDateTime(n.createdAt)}</small>
          </div>
          {!n.readAt && (
            <Button
              size="small"
              variant="minimal"
              icon="tick"
              text={t('markRead')}
              data-testid={`notice-read-${n.id}`}
              onClick={() => onRead(n.id)}
            />
          )}
        </li>
      ))}
    </>
  );
}
