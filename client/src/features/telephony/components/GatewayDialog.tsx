// Add or edit a voice gateway (SPEC §3 Sip gateway); the auth password is never shown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateGateway, type GatewayDto, type GatewayInput } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasProblems, problemKeys } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from './FormDialog';
import { Text } from './fields';

const formOf = (g: GatewayDto | undefined): GatewayInput => ({
  name: g?.name ?? '',
  authName: g?.authName ?? '',
  authPassword: '',
  sips: g?.sips ?? '',
  prefix: g?.prefix ?? '',
  transferSip: g?.transferSip ?? '',
  thirdSip: g?.thirdSip ?? '',
});

const trimmed = (f: GatewayInput): GatewayInput => ({
  ...f,
  name: f.name.trim(),
  authName: f.authName.trim(),
  sips: f.sips.trim(),
  prefix: f.prefix.trim(),
  transferSip: f.transferSip.trim(),
  thirdSip: f.thirdSip.trim(),
});

export function GatewayDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const open = s.editor.kind === 'gateway';
  const gw = s.gateways.items.find((g) => g.id === s.editor.id);
  const isNew = s.editor.id === null;
  const [f, setF] = useState<GatewayInput>(formOf(gw));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(gw));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const input = trimmed(f);
  const problems = validateGateway(input, isNew);
  const keys = submitted ? problemKeys(problems) : {};
  const text = (
    k: keyof GatewayInput,
    extra: { type?: 'password'; helper?: string; autoFocus?: boolean } = {},
  ) => (
    <Text
      id={`gateway-${k}`}
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
      title={isNew ? t('gateways.add') : t('gateways.edit')}
      icon="exchange"
      testId="gateway-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(T.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems)) dispatch(T.saveRequested({ kind: 'gateway', id: s.editor.id, input }));
      }}
    >
      {text('name', { autoFocus: true })}
      {text('authName')}
      {text('authPassword', { type: 'password', helper: isNew ? undefined : t('lines.passwordKeep') })}
      {text('sips', { helper: t('fields.sipsHelp') })}
      {text('prefix')}
      {text('transferSip')}
      {text('thirdSip')}
    </FormDialog>
  );
}
