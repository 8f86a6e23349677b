// A task's status (SPEC §4 code list) and its run-state reading (inactive shows invalid).
import { Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  runStateLabelKey,
  runStateNoteKey,
  statusLabelKey,
  type RunState,
  type TaskStatus,
} from '../../../../../domain/dialer/status';

const INTENT: Record<TaskStatus, Intent> = {
  0: Intent.WARNING,
  1: Intent.NONE,
  2: Intent.SUCCESS,
  4: Intent.PRIMARY,
  12: Intent.DANGER,
  13: Intent.DANGER,
  100: Intent.NONE,
};

export function StatusTag({ status, testId }: { status: TaskStatus; testId?: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag minimal intent={INTENT[status]} data-testid={testId} data-status={status}>
      {t(statusLabelKey(status))}
    </Tag>
  );
}

export function RunStateText({ active, runState }: { active: boolean; runState: RunState }) {
  const { t } = useTranslation('tasks');
  return <span>{t(runStateLabelKey({ active, runState }))}</span>;
}

/** Beside a status tag: the run state only where it adds to it (invalid, outside call hours). */
export function RunStateNote({ active, runState }: { active: boolean; runState: RunState }) {
  const { t } = useTranslation('tasks');
  const key = runStateNoteKey({ active, runState });
  return key ? (
    <span className={Classes.TEXT_MUTED} data-testid="run-state-note">
      {t(key)}
    </span>
  ) : null;
}
