// The typed-delete confirmation of seats and seat groups (SPEC §5).
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { seatsActions as A, selectSeats } from '../slice';

export function DeleteConfirm() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSeats);
  const d = s.deleting;
  const list = d.kind === 'group' ? s.groups.items : s.seats.items;
  const name = list.find((x) => x.id === d.id)?.name ?? '';
  const ns = d.kind === 'group' ? 'groups' : 'seats';
  return (
    <TypeToConfirmDialog
      isOpen={d.kind !== null}
      testId="seat-delete"
      title={t(`${ns}.deleteTitle`)}
      body={t(`${ns}.deleteBody`, { name })}
      prompt={t('deletePrompt')}
      confirmText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      pending={d.pending}
      error={d.error}
      onConfirm={() => dispatch(A.deleteRequested())}
      onClose={() => dispatch(A.deleteClosed())}
    />
  );
}
