// The rows of the notices popover. A notice about a task, an export or an import leads to it
// (links.ts): a router link to the page (the task's drawer opens there) or the file's download.
import { Button, Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NoticeDto } from '../../../../../domain/api';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { tasksActions } from '../../tasks/slice';
import { noticeLink } from '../links';
import { noticeBody, noticeTitle } from '../render';
import { noticesActions } from '../slice';

function NoticeLinkView({ n, onRead }: { n: NoticeDto; onRead(id: number): void }) {
  const { t } = useTranslation('notices');
  const dispatch = useAppDispatch();
  const menus = useAppSelector(selectMe)?.menus ?? [];
  const link = noticeLink(n, menus);
  if (!link) return null;
  // Following a notice reads it.
  const followed = () => {
    if (!n.readAt) onRead(n.id);
  };
  if (link.kind === 'route')
    return (
      <Link
        to={link.to}
        className={Classes.POPOVER_DISMISS}
        data-testid={`notice-link-${n.id}`}
        onClick={() => {
          if (link.taskId !== undefined) dispatch(tasksActions.detailOpened(link.taskId));
          followed();
        }}
      >
        {t(`links.${link.labelKey}`)}
      </Link>
    );
  return (
    <Button
      size="small"
      variant="minimal"
      icon="download"
      text={t(`links.${link.labelKey}`)}
      data-testid={`notice-link-${n.id}`}
      onClick={() => {
        dispatch(noticesActions.fileRequested({ path: link.path, fileName: link.fileName }));
        followed();
      }}
    />
  );
}

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
            <small className={Classes.TEXT_MUTED}>{formatDateTime(n.createdAt)}</small>{' '}
            <NoticeLinkView n={n} onRead={onRead} />
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
