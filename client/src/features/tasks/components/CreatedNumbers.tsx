// After the dialog created a task with numbers: how many were added and what was left out and why
// (duplicates, blacklisted, invalid), or why none were added (the task exists; add them in its drawer).
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTasks, tasksActions as A } from '../slice';
import { AddResult } from './AddResult';

export function CreatedNumbers() {
  const { t } = useTranslation('tasks');
  const dispatch = useAppDispatch();
  const c = useAppSelector(selectTasks).created;
  if (!c) return null;
  const dismiss = <Button small text={t('actions.dismiss')} onClick={() => dispatch(A.createdDismissed())} />;
  if (!c.reply)
    return (
      <Callout
        intent={Intent.DANGER}
        title={t('created.failed', { name: c.name })}
        data-testid="created-numbers-error"
      >
        <div>{c.error}</div>
        {dismiss}
      </Callout>
    );
  return (
    <AddResult reply={c.reply} title={t('created.title', { name: c.name })} testId="created-numbers">
      {dismiss}
    </AddResult>
  );
}
