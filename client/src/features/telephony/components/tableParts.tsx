// Pieces the telephony tables share: the add toolbar, the "password set" text and the
// edit/delete buttons of a row (test ids `<kind>-edit-<name>`, `<kind>-delete-<name>`).
import { Button, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { RowAction } from '../../../ui/RowAction';
import { telephonyActions as T } from '../slice';

type Kind = 'line' | 'gateway' | 'node';

/** The toolbar above a table: optional items on the left, the add button on the right. */
export function AddBar(p: { kind: Kind; text: string; testId: string; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <div className="cp-tel-bar">
      {p.children}
      <span className="cp-tel-grow" />
      <Button
        icon="add"
        intent={Intent.PRIMARY}
        text={p.text}
        data-testid={p.testId}
        onClick={() => dispatch(T.editorOpened({ kind: p.kind, id: null }))}
      />
    </div>
  );
}

/** Whether a secret is stored; the secret itself is never shown. */
export function SecretSet({ set }: { set: boolean }) {
  const { t } = useTranslation('telephony');
  return <>{set ? t('lines.passwordSet') : t('lines.passwordNotSet')}</>;
}

/** Edit and delete buttons of an own row. */
export function EditDeleteActions(p: { kind: Kind; id: number; name: string }) {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  return (
    <>
      <RowAction
        icon="edit"
        text={t('actions.edit')}
        testId={`${p.kind}-edit-${p.name}`}
        onClick={() => dispatch(T.editorOpened({ kind: p.kind, id: p.id }))}
      />
      <RowAction
        icon="trash"
        intent={Intent.DANGER}
        text={t('actions.delete')}
        testId={`${p.kind}-delete-${p.name}`}
        onClick={() => dispatch(T.deleteOpened({ kind: p.kind, id: p.id }))}
      />
    </>
  );
}
