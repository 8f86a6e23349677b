// The "load more" button under a keyset-paged list; shown only while there is a next page. Its text
// is the crm namespace's actions.loadMore and its class cp-crm-more (crm.css), as before the move.
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function LoadMore(p: { hasMore: boolean; loading: boolean; onClick(): void; testId: string }) {
  const { t } = useTranslation('crm');
  if (!p.hasMore) return null;
  return (
    <div className="cp-crm-more">
      <Button text={t('actions.loadMore')} loading={p.loading} onClick={p.onClick} data-testid={p.testId} />
    </div>
  );
}
