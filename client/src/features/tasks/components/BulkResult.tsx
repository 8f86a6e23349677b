// What a bulk start/pause did (the batch move's reply): how many moved and, for each task left alone,
// its name and why (SPEC §4 rules).
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
  const skipped = r.items.filter((x) => !x.done);
  return (
    <Callout
      intent={r.refused ? Intent.WARNING : Intent.SUCCESS}
      title={t(s.bulk.action === 'pause' ? 'bulk.pauseTitle' : 'bulk.startTitle')}
      data-testid="bulk-result"
    >
      <div data-testid="bulk-applied">{t('bulk.applied', { count: r.done })}</div>
      {skipped.length > 0 && (
        <>
          <div>{t('bulk.skipped', { count: skipped.length })}</div>
          <ul data-testid="bulk-skipped">
            {skipped.map((x) => (
              <li key={x.id}>{t('bulk.item', { name: x.name, reason: t(`reasons.${x.reason}`) })}</li>
            ))}
          </ul>
        </>
      )}
      <Button small text={t('actions.dismiss')} onClick={() => dispatch(A.bulkDismissed())} />
    </Callout>
  );
}
