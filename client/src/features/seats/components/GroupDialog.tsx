// Add or edit a seat group (SPEC §3 Seat group: name at least 2 characters, description).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateSeatGroup, type SeatGroupInput } from '../../../../../domain/seats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TextField } from '../../../ui/TextField';
import { hasProblems, problemKeys } from '../form';
import { seatsActions as A, selectSeats } from '../slice';
import { FormDialog } from '../../../ui/FormDialog';

export function GroupDialog() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSeats);
  const open = s.editor.kind === 'group';
  const item = s.groups.items.find((g) => g.id === s.editor.id);
  const [f, setF] = useState<SeatGroupInput>({ name: '', description: '' });
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF({ name: item?.name ?? '', description: item?.description ?? '' });
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);
  const input = { name: f.name.trim(), description: f.description.trim() };
  const problems = validateSeatGroup(input);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof SeatGroupInput) => (keys[k] ? t(keys[k]) : s.editor.serverErrors[k]);
  return (
    <FormDialog
      isOpen={open}
      title={s.editor.id === null ? t('groups.add') : t('groups.edit')}
      icon="people"
      testId="group-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(A.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems)) dispatch(A.saveRequested({ kind: 'group', id: s.editor.id, input }));
      }}
    >
      <TextField
        id="group-name"
        label={t('fields.name')}
        value={f.name}
        error={err('name')}
        autoFocus
        onChange={(name) => setF({ ...f, name })}
      />
      <TextField
        id="group-description"
        label={t('fields.description')}
        value={f.description}
        error={err('description')}
        onChange={(description) => setF({ ...f, description })}
      />
    </FormDialog>
  );
}
