// Add or edit a voice gateway (SPEC §3 Sip gateway); the auth password is never shown.
import { useTranslation } from 'react-i18next';
import { validateGateway, type GatewayDto, type GatewayInput } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from '../../../ui/FormDialog';
import { useEditorForm } from './useEditorForm';

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
  const { isNew, text, dialog } = useEditorForm({
    kind: 'gateway',
    item: s.gateways.items.find((g) => g.id === s.editor.id),
    formOf,
    inputOf: trimmed,
    validate: validateGateway,
    save: (input, id) => dispatch(T.saveRequested({ kind: 'gateway', id, input })),
  });
  return (
    <FormDialog
      {...dialog}
      title={isNew ? t('gateways.add') : t('gateways.edit')}
      icon="exchange"
      testId="gateway-dialog"
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
