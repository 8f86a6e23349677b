// Choose an account's recognizer. Provider-specific fields; the cloud secret is never shown (empty
// keeps the stored one for the same provider).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASR_PROVIDERS,
  CLOUD_ASR,
  validateAsr,
  type AsrAccountDto,
  type AsrInput,
} from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasProblems, problemKeys } from '../form';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from './FormDialog';
import { Select, Text } from './fields';

const formOf = (a: AsrAccountDto | undefined): AsrInput => ({
  provider: a?.own?.provider ?? 'none',
  unimrcpProfile: a?.own?.unimrcpProfile ?? '',
  appKey: a?.own?.appKey ?? '',
  secret: '',
});

export function AsrDialog() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony);
  const open = s.editor.kind === 'asr';
  const acc = s.asr.items.find((a) => a.accountId === s.editor.id);
  const [f, setF] = useState<AsrInput>(formOf(acc));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(acc));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const secretStored = Boolean(acc?.own?.secretSet && acc.own.provider === f.provider);
  const problems = validateAsr(f, secretStored);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof AsrInput) => (keys[k] ? t(keys[k]) : s.editor.serverErrors[k]);
  const cloud = CLOUD_ASR.includes(f.provider);
  return (
    <FormDialog
      isOpen={open}
      title={`${t('asr.edit')} · ${acc?.account ?? ''}`}
      icon="headset"
      testId="asr-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(T.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems) && s.editor.id !== null)
          dispatch(T.saveRequested({ kind: 'asr', id: s.editor.id, input: f }));
      }}
    >
      <Select
        id="asr-provider"
        label={t('fields.provider')}
        value={f.provider}
        error={err('provider')}
        options={ASR_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
        onChange={(v) => setF((x) => ({ ...x, provider: v }))}
      />
      {f.provider === 'unimrcp' && (
        <Text
          id="asr-unimrcpProfile"
          label={t('fields.unimrcpProfile')}
          value={f.unimrcpProfile}
          error={err('unimrcpProfile')}
          onChange={(v) => setF((x) => ({ ...x, unimrcpProfile: v }))}
        />
      )}
      {cloud && (
        <>
          <Text
            id="asr-appKey"
            label={t('fields.appKey')}
            value={f.appKey}
            error={err('appKey')}
            onChange={(v) => setF((x) => ({ ...x, appKey: v }))}
          />
          <Text
            id="asr-secret"
            type="password"
            label={t('fields.secret')}
            value={f.secret}
            error={err('secret')}
            helper={secretStored ? t('fields.secretKeep') : undefined}
            onChange={(v) => setF((x) => ({ ...x, secret: v }))}
          />
        </>
      )}
    </FormDialog>
  );
}
