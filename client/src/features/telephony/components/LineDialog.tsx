// Add or edit a SIP line. Checked with the server's own rules (domain validateSipLine) before
// sending; the password is never shown: on edit an empty field keeps the stored one.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODECS,
  LINE_MODES,
  validateSipLine,
  type Codec,
  type LineMode,
  type SipLineDto,
} from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasProblems, numberOf, problemKeys } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from './FormDialog';
import { Select, Text, Toggle } from './fields';

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
});

export function LineDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const open = s.editor.kind === 'line';
  const line = s.lines.items.find((l) => l.id === s.editor.id);
  const isNew = s.editor.id === null;
  const [f, setF] = useState<Form>(formOf(line));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(line));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const input = inputOf(f);
  const problems = validateSipLine(input, isNew);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof Form) => (keys[k] ? t(keys[k]) : s.editor.serverErrors[k]);
  const set =
    <K extends keyof Form>(k: K) =>
    (v: Form[K]) =>
      setF((x) => ({ ...x, [k]: v }));
  const text = (k: keyof Form, extra: { type?: 'password'; helper?: string; autoFocus?: boolean } = {}) => (
    <Text
      id={`line-${k}`}
      label={t(`fields.${k}`)}
      value={f[k] as string}
      error={err(k)}
      onChange={set(k) as (v: string) => void}
      {...extra}
    />
  );

  return (
    <FormDialog
      isOpen={open}
      title={isNew ? t('lines.add') : t('lines.edit')}
      icon="phone"
      testId="line-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(T.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems)) dispatch(T.saveRequested({ kind: 'line', id: s.editor.id, input }));
      }}
    >
      {text('name', { autoFocus: true })}
      <Select
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
      {text('prefix')}
      <Select
        id="line-codec"
        label={t('fields.codec')}
        value={f.codec}
        error={err('codec')}
        options={CODECS.map((c) => ({ value: c, label: c }))}
        onChange={set('codec')}
      />
      {text('sendRate', { helper: t('fields.sendRateHelp') })}
      {text('portCount')}
      <Toggle id="line-enabled" label={t('fields.enabled')} checked={f.enabled} onChange={set('enabled')} />
    </FormDialog>
  );
}
