// Add or edit a FreeSWITCH node (ESL host, port, password, weight); the password is never shown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ESL_PORT, validateFsNode, type FsNodeDto } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasProblems, numberOf, problemKeys } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from './FormDialog';
import { Text, Toggle } from './fields';

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

export function NodeDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const open = s.editor.kind === 'node';
  const node = s.nodes.items.find((n) => n.id === s.editor.id);
  const isNew = s.editor.id === null;
  const [f, setF] = useState<Form>(formOf(node));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(node));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const input = {
    ...f,
    name: f.name.trim(),
    eslHost: f.eslHost.trim(),
    eslPort: numberOf(f.eslPort) as number,
    weight: numberOf(f.weight) as number,
  };
  const problems = validateFsNode(input, isNew);
  const keys = submitted ? problemKeys(problems) : {};
  const text = (k: Exclude<keyof Form, 'enabled'>, extra: { type?: 'password'; helper?: string } = {}) => (
    <Text
      id={`node-${k}`}
      label={t(`fields.${k}`)}
      value={f[k]}
      error={keys[k] ? t(keys[k]) : s.editor.serverErrors[k]}
      onChange={(v) => setF((x) => ({ ...x, [k]: v }))}
      {...extra}
    />
  );
  return (
    <FormDialog
      isOpen={open}
      title={isNew ? t('cluster.add') : t('cluster.edit')}
      icon="database"
      testId="node-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(T.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems)) dispatch(T.saveRequested({ kind: 'node', id: s.editor.id, input }));
      }}
    >
      {text('name')}
      {text('eslHost')}
      {text('eslPort')}
      {text('eslPassword', { type: 'password', helper: isNew ? undefined : t('lines.passwordKeep') })}
      {text('weight')}
      <Toggle
        id="node-enabled"
        label={t('fields.enabled')}
        checked={f.enabled}
        onChange={(v) => setF((x) => ({ ...x, enabled: v }))}
      />
    </FormDialog>
  );
}
