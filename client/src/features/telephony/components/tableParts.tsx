// Pieces the telephony tables share: the add toolbar, the "password set" text and the
// edit/delete buttons of a row (ui/tableParts bound to the telephony editor).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { AddBar as UiAddBar, EditDeleteActions as UiEditDeleteActions } from '../../../ui/tableParts';
import { telephonyActions as T } from '../slice';

type Kind = 'line' | 'gateway' | 'node';

/** The toolbar above a table: optional items on the left, the add button on the right. */
export function AddBar(p: { kind: Kind; text: string; testId: string; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <UiAddBar
      text={p.text}
      testId={p.testId}
      onAdd={() => dispatch(T.editorOpened({ kind: p.kind, id: null }))}
    >
      {p.children}
    </UiAddBar>
  );
}

/** Whether a secret is stored; the secret itself is never shown. */
export function SecretSet({ set }: { set: boolean }) {
  const { t } = useTranslation('telephony');
  return <>{set ? t('lines.passwordSet') : t('lines.passwordNotSet')}</>;
}

/** Edit and delete buttons of an own row. */
export function EditDeleteActions(p: { kind: Kind; id: number; name: string }) {
  const dispatch = useAppDispatch();
  return (
    <UiEditDeleteActions
      kind={p.kind}
      name={p.name}
      onEdit={() => dispatch(T.editorOpened({ kind: p.kind, id: p.id }))}
      onDelete={() => dispatch(T.deleteOpened({ kind: p.kind, id: p.id }))}
    />
  );
}
