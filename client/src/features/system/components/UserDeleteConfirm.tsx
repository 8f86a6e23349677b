// The typed-delete confirmation of an account; its text says what happens to the account's data.
import { useTranslation } from 'react-i18next';
import { fenToYuan } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { selectSystem, systemActions as S } from '../slice';

export function UserDeleteConfirm() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSystem);
  const d = s.deleting;
  const a = s.users.items.find((x) => x.id === d.id);
  return (
    <TypeToConfirmDialog
      isOpen={d.kind !== null}
      testId="user-delete"
      title={t('users.deleteTitle')}
      body={t('users.deleteBody', { account: a?.account ?? '', balance: fenToYuan(a?.balanceFen ?? 0) })}
      prompt={t('users.deletePrompt')}
      confirmText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      pending={d.pending}
      error={d.error}
      onConfirm={() => dispatch(S.deleteRequested())}
      onClose={() => dispatch(S.deleteClosed())}
    />
  );
}
