// Add or edit a SIP line. Checked with the server's own rules (domain validateSipLine) before
// sending; the password is never shown: on edit an empty field keeps the stored one.
import { useTranslation } from 'react-i18next';
import {
  CODECS,
  LINE_MODES,
  splitDids,
  validateSipLine,
  type Codec,
  type LineMode,
  type SipLineDto,
} from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { numberOf } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField, ToggleField } from '../../../ui/fields';
import { useEditorForm } from './useEditorForm';

interface Form {
  name: string;
  serverIp: string;
  port: string;
  account: string;
  password: string;
  callerNumber: string;
  prefix: string;
  codec: Codec;
  sendRate: string;
  portCount: string;
  mode: LineMode;
  enabled: boolean;
  /** The inbound numbers as typed (commas, spaces or new lines between them). */
  dids: string;
}

const formOf = (l: SipLineDto | undefined): Form => ({
  name: l?.name ?? '',
  serverIp: l?.serverIp ?? '',
  port: String(l?.port ?? 5060),
  account: l?.account ?? '',
  password: '',
  callerNumber: l?.callerNumber ?? '',
  prefix: l?.prefix ?? '',
  codec: l?.codec ?? 'PCMA',
  sendRate: l?.sendRate ?? '1/1',
  portCount: String(l?.portCount ?? 10),
  mode: l?.mode ?? 'gateway',
  enabled: l?.enabled ?? true,
  dids: (l?.dids ?? []).join(', '),
});

const inputOf = (f: Form) => ({
  ...f,
  name: f.name.trim(),
  serverIp: f.serverIp.trim(),
  account: f.account.trim(),
  callerNumber: f.callerNumber.trim(),
  prefix: f.prefix.trim(),
  sendRate: f.sendRate.trim(),
  port: numberOf(f.port) as number,
  portCount: numberOf(f.portCount) as number,
  dids: splitDids(f.dids),
});

export function LineDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const { f, isNew, err, set, text, dialog } = useEditorForm({
    kind: 'line',
    item: s.lines.items.find((l) => l.id === s.editor.id),
    formOf,
    inputOf,
    validate: validateSipLine,
    save: (input, id) => dispatch(T.saveRequested({ kind: 'line', id, input })),
  });
  return (
    <FormDialog
      {...dialog}
      title={isNew ? t('lines.add') : t('lines.edit')}
      icon="phone"
      testId="line-dialog"
    >
      {text('name', { autoFocus: true })}
      <SelectField
        id="line-mode"
        label={t('fields.mode')}
        value={f.mode}
        error={err('mode')}
        options={LINE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
        onChange={set('mode')}
      />
      {text('serverIp')}
      {text('port')}
      {text('account')}
      {text('password', { type: 'password', helper: isNew ? undefined : t('lines.passwordKeep') })}
      {text('callerNumber')}
      {text('dids', { helper: t('fields.didsHelp') })}
      {text('prefix')}
      <SelectField
        id="line-codec"
        label={t('fields.codec')}
        value={f.codec}
        error={err('codec')}
        options={CODECS.map((c) => ({ value: c, label: c }))}
        onChange={set('codec')}
      />
      {text('sendRate', { helper: t('fields.sendRateHelp') })}
      {text('portCount')}
      <ToggleField
        id="line-enabled"
        label={t('fields.enabled')}
        checked={f.enabled}
        onChange={set('enabled')}
      />
    </FormDialog>
  );
}
