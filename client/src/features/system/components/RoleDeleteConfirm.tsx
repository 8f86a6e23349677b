// The typed-delete confirmation of a role; the server refuses while accounts hold it (with the count).
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { selectSystem, systemActions as S } from '../slice';

export function RoleDeleteConfirm() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSystem);
  const d = s.roleDeleting;
  const role = s.roles.find((r) => r.id === d.id);
  return (
    <TypeToConfirmDialog
      isOpen={d.id !== null}
      testId="role-delete"
      title={t('roles.deleteTitle')}
      body={t('roles.deleteBody', { name: role?.name ?? '' })}
      prompt={t('users.deletePrompt')}
      confirmText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      pending={d.pending}
      error={d.error}
      onConfirm={() => dispatch(S.roleDeleteRequested())}
      onClose={() => dispatch(S.roleDeleteClosed())}
    />
  );
}
