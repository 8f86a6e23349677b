// What a bulk start/pause did: how many were applied and, for each skipped task, why (SPEC §4 rules).
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTasks, tasksActions as A } from '../slice';

export function BulkResult() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTasks);
  const r = s.bulk.reply;
  if (!r) return null;
  const nameOf = (id: number) => s.list.items.find((x) => x.id === id)?.name ?? `#${id}`;
  return (
    <Callout
      intent={r.skipped.length ? Intent.WARNING : Intent.SUCCESS}
      title={t(s.bulk.action === 'pause' ? 'bulk.pauseTitle' : 'bulk.startTitle')}
      data-testid="bulk-result"
    >
      <div data-testid="bulk-applied">{t('bulk.applied', { count: r.applied.length })}</div>
      {r.skipped.length > 0 && (
        <>
          <div>{t('bulk.skipped', { count: r.skipped.length })}</div>
          <ul data-testid="bulk-skipped">
            {r.skipped.map((x) => (
              <li key={x.id}>{t('bulk.item', { name: nameOf(x.id), reason: t(`reasons.${x.reason}`) })}</li>
            ))}
          </ul>
        </>
      )}
      <Button small text={t('actions.dismiss')} onClick={() => dispatch(A.bulkDismissed())} />
    </Callout>
  );
}
