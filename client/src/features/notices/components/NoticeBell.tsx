// The header bell: unread count, the latest notices in a popover, mark one read.
import { Button, Classes, Intent, Menu, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { noticesActions, selectNotices } from '../slice';
import { NoticeList } from './NoticeList';

export function NoticeBell() {
  const { t } = useTranslation('notices');
  const dispatch = useAppDispatch();
  const { items, unread } = useAppSelector(selectNotices);

  const content = (
    <Menu className="cp-notices" data-testid="notice-list">
      <li className={Classes.MENU_HEADER}>
        <h6 className={Classes.HEADING}>
          {t('title')} · {t('unread', { count: unread })}
        </h6>
      </li>
      <NoticeList items={items} onRead={(id) => dispatch(noticesActions.markReadRequested(id))} />
    </Menu>
  );

  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="minimal" icon="notifications" aria-label={t('bell')} data-testid="notice-bell">
        {unread > 0 && (
          <Tag round intent={Intent.DANGER} data-testid="notice-count">
            {unread}
          </Tag>
        )}
      </Button>
    </PopoverNext>
  );
}
