// TTS settings (engine, voice, region, write-only key) and the preview box.
import { Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AZURE_SPEECH_REGIONS } from '../../../../../domain/azureRegions';
import type { TtsSettings } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectBotSettings } from '../slice';
import { settingsActions as S } from '../slice/settings';
import { SelectField, TextInput } from './fields';

export function TtsForm() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotSettings);
  const [v, setV] = useState<TtsSettings>({ engine: 'espeak', voice: '' });
  const [text, setText] = useState(t('bigmodel.previewDefault'));
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (s.tts) setV({ ...s.tts, key: '' });
  }, [s.tts]);
  const set = (patch: Partial<TtsSettings>) => setV({ ...v, ...patch });
  const regionMissing = tried && v.engine === 'azure' && !(v.region ?? '').trim();
  return (
    <div data-testid="tts-form">
      <SelectField
        id="tts-engine"
        label={t('bigmodel.engine')}
        value={v.engine}
        options={[
          { value: 'espeak', label: t('bigmodel.espeak') },
          { value: 'azure', label: t('bigmodel.azure') },
        ]}
        onChange={(engine) => set({ engine })}
      />
      <TextInput
        id="tts-voice"
        label={t('bigmodel.voice')}
        value={v.voice}
        onChange={(voice) => set({ voice })}
      />
      {v.engine === 'azure' && (
        <>
          {/* One of Azure Speech's regions: the region names the synthesis host (the API refuses others). */}
          <SelectField
            id="tts-region"
            label={t('bigmodel.region')}
            value={v.region ?? ''}
            options={[
              { value: '', label: '—' },
              ...AZURE_SPEECH_REGIONS.map((r) => ({ value: r, label: r })),
            ]}
            error={regionMissing ? 'bots:validation.required' : null}
            onChange={(region) => set({ region })}
          />
          <TextInput
            id="tts-key"
            type="password"
            label={t('bigmodel.key')}
            helper={s.tts?.keySet ? t('bigmodel.keySet') : t('bigmodel.keyNotSet')}
            value={v.key ?? ''}
            onChange={(key) => set({ key })}
          />
        </>
      )}
      <Button
        intent={Intent.PRIMARY}
        text={t('actions.save')}
        loading={s.ttsSaving}
        data-testid="tts-save"
        onClick={() => {
          setTried(true);
          if (!(v.engine === 'azure' && !(v.region ?? '').trim())) dispatch(S.ttsSaveRequested(v));
        }}
      />
      <FormGroup label={t('bigmodel.previewText')} labelFor="tts-text" className="cp-bots-gap">
        <TextArea
          id="tts-text"
          data-testid="tts-text"
          fill
          rows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormGroup>
      <Button
        icon="volume-up"
        text={t('bigmodel.preview')}
        loading={s.previewing}
        disabled={!text.trim()}
        data-testid="tts-preview"
        onClick={() => dispatch(S.previewRequested({ text: text.trim() }))}
      />
    </div>
  );
}
