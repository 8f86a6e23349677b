// Pieces the editor tables share (telephony, seats): the add toolbar above a table and the
// edit/delete buttons of a row (test ids `<kind>-edit-<name>`, `<kind>-delete-<name>`).
import { Button, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from './RowAction';

/** The toolbar above a table: optional items on the left, the add button on the right. */
export function AddBar(p: {
  text: string;
  testId: string;
  disabled?: boolean;
  onAdd(): void;
  children?: ReactNode;
}) {
  return (
    <div className="cp-add-bar">
      {p.children}
      <span className="cp-grow" />
      <Button
        icon="add"
        intent={Intent.PRIMARY}
        text={p.text}
        disabled={p.disabled}
        data-testid={p.testId}
        onClick={p.onAdd}
      />
    </div>
  );
}

/** Edit and delete buttons of an own row. */
export function EditDeleteActions(p: { kind: string; name: string; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('common');
  return (
    <>
      <RowAction
        icon="edit"
        text={t('actions.edit')}
        testId={`${p.kind}-edit-${p.name}`}
        onClick={p.onEdit}
      />
      <RowAction
        icon="trash"
        intent={Intent.DANGER}
        text={t('actions.delete')}
        testId={`${p.kind}-delete-${p.name}`}
        onClick={p.onDelete}
      />
    </>
  );
}
