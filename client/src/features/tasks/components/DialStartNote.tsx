// "Dialling will begin at …": shown when the start date, call periods or weekdays exclude the present
// moment, read in the account's zone as the dial scheduler reads them (domain/taskStart dialStart).
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { dialStart, type TaskSchedule } from '../../../../../domain/taskStart';

export function DialStartNote(p: {
  schedule: TaskSchedule;
  timeZone: string;
  accountPeriods: string[];
  testId: string;
  /** One line of text (the task list) instead of a callout (the dialog). */
  inline?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const r = dialStart(new Date(), p.schedule, p.timeZone, p.accountPeriods);
  if (r.kind === 'now') return null;
  const text =
    r.kind === 'never' ? t('dialStart.never') : t(`dialStart.${r.why}`, { at: r.local, tz: p.timeZone });
  if (p.inline)
    return (
      <div className="cp-tasks-wait" data-testid={p.testId}>
        {r.kind === 'never' ? text : t('dialStart.waiting', { at: r.local, tz: p.timeZone })}
      </div>
    );
  return (
    <Callout intent={Intent.WARNING} data-testid={p.testId}>
      {text}
    </Callout>
  );
}
