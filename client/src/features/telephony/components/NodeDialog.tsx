// Add or edit a FreeSWITCH node (ESL host, port, password, weight); the password is never shown.
import { useTranslation } from 'react-i18next';
import { DEFAULT_ESL_PORT, validateFsNode, type FsNodeDto } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { numberOf } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from '../../../ui/FormDialog';
import { ToggleField } from '../../../ui/fields';
import { useEditorForm } from './useEditorForm';

interface Form {
  name: string;
  eslHost: string;
  eslPort: string;
  eslPassword: string;
  weight: string;
  enabled: boolean;
}

const formOf = (n: FsNodeDto | undefined): Form => ({
  name: n?.name ?? '',
  eslHost: n?.eslHost ?? '',
  eslPort: String(n?.eslPort ?? DEFAULT_ESL_PORT),
  eslPassword: '',
  weight: String(n?.weight ?? 10),
  enabled: n?.enabled ?? true,
});

const inputOf = (f: Form) => ({
  ...f,
  name: f.name.trim(),
  eslHost: f.eslHost.trim(),
  eslPort: numberOf(f.eslPort) as number,
  weight: numberOf(f.weight) as number,
});

export function NodeDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const { f, isNew, set, text, dialog } = useEditorForm({
    kind: 'node',
    item: s.nodes.items.find((n) => n.id === s.editor.id),
    formOf,
    inputOf,
    validate: validateFsNode,
    save: (input, id) => dispatch(T.saveRequested({ kind: 'node', id, input })),
  });
  return (
    <FormDialog
      {...dialog}
      title={isNew ? t('cluster.add') : t('cluster.edit')}
      icon="database"
      testId="node-dialog"
    >
      {text('name')}
      {text('eslHost')}
      {text('eslPort')}
      {text('eslPassword', { type: 'password', helper: isNew ? undefined : t('lines.passwordKeep') })}
      {text('weight')}
      <ToggleField
        id="node-enabled"
        label={t('fields.enabled')}
        checked={f.enabled}
        onChange={set('enabled')}
      />
    </FormDialog>
  );
}
