// The typed-delete confirmation of lines, gateways and nodes (SPEC §5).
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { selectTelephony, telephonyActions as T } from '../slice';

export function DeleteConfirm() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const d = s.deleting;
  const name =
    d.kind === 'line'
      ? s.lines.items.find((x) => x.id === d.id)?.name
      : d.kind === 'gateway'
        ? s.gateways.items.find((x) => x.id === d.id)?.name
        : s.nodes.items.find((x) => x.id === d.id)?.name;
  const ns = d.kind === 'line' ? 'lines' : d.kind === 'gateway' ? 'gateways' : 'cluster';
  return (
    <TypeToConfirmDialog
      isOpen={d.kind !== null}
      testId="tel-delete"
      title={t(`${ns}.deleteTitle`)}
      body={t(`${ns}.deleteBody`, { name: name ?? '' })}
      prompt={t('lines.deletePrompt')}
      confirmText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      pending={d.pending}
      error={d.error}
      onConfirm={() => dispatch(T.deleteRequested())}
      onClose={() => dispatch(T.deleteClosed())}
    />
  );
}
