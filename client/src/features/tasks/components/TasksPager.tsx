// The page bar under a task list (the AI-task and batch pages): "N in all, page P" and previous/next.
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function TasksPager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('tasks');
  const { total, page, pageSize, onPage } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="cp-tasks-bar">
      <span>{t('pager.summary', { total, page })}</span>
      <Button small text={t('pager.prev')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Button small text={t('pager.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </div>
  );
}
