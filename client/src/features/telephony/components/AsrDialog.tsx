// Choose an account's recognizer. Provider-specific fields; the cloud secret is never shown (empty
// keeps the stored one for the same provider).
import { useTranslation } from 'react-i18next';
import {
  ASR_PROVIDERS,
  CLOUD_ASR,
  validateAsr,
  type AsrAccountDto,
  type AsrInput,
} from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTelephony, telephonyActions as T } from '../slice';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/fields';
import { useEditorForm } from './useEditorForm';

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
  const acc = s.asr.items.find((a) => a.accountId === s.editor.id);
  const storedFor = (f: AsrInput) => Boolean(acc?.own?.secretSet && acc.own.provider === f.provider);
  const { f, err, set, text, dialog } = useEditorForm({
    kind: 'asr',
    item: acc,
    formOf,
    inputOf: (x: AsrInput) => x,
    validate: (input) => validateAsr(input, storedFor(input)),
    save: (input, id) => {
      if (id !== null) dispatch(T.saveRequested({ kind: 'asr', id, input }));
    },
  });
  const secretStored = storedFor(f);
  const cloud = CLOUD_ASR.includes(f.provider);
  return (
    <FormDialog
      {...dialog}
      title={`${t('asr.edit')} · ${acc?.account ?? ''}`}
      icon="headset"
      testId="asr-dialog"
    >
      <SelectField
        id="asr-provider"
        label={t('fields.provider')}
        value={f.provider}
        error={err('provider')}
        options={ASR_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
        onChange={set('provider')}
      />
      {f.provider === 'unimrcp' && text('unimrcpProfile')}
      {cloud && (
        <>
          {text('appKey')}
          {text('secret', { type: 'password', helper: secretStored ? t('fields.secretKeep') : undefined })}
        </>
      )}
    </FormDialog>
  );
}
