// LLM settings: enabled, base URL, model, system prompt, timeout, write-only key; Test shows ok/latency/error.
import { Button, Callout, FormGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LlmSettings } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasErrors, isHttpUrl, type Errors } from '../model/validate';
import { selectBotSettings } from '../slice';
import { settingsActions as S } from '../slice/settings';
import { NumberInput, TextInput } from './fields';

const EMPTY: LlmSettings = { enabled: false, baseUrl: '', model: '', systemPrompt: '', timeoutMs: 8000 };

export function validateLlm(v: LlmSettings): Errors {
  const e: Errors = {};
  if (v.enabled || v.baseUrl.trim() !== '') {
    if (!isHttpUrl(v.baseUrl)) e.baseUrl = 'bots:validation.url';
    if (v.model.trim() === '') e.model = 'bots:validation.required';
  }
  if (!(Number.isInteger(v.timeoutMs) && v.timeoutMs >= 100 && v.timeoutMs <= 120_000))
    e.timeoutMs = 'bots:validation.number';
  return e;
}

export function LlmForm() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotSettings);
  const [v, setV] = useState<LlmSettings>(EMPTY);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (s.llm) setV({ ...s.llm, key: '' });
  }, [s.llm]);
  const e = tried ? validateLlm(v) : {};
  const set = (patch: Partial<LlmSettings>) => setV({ ...v, ...patch });
  const run = (action: typeof S.llmSaveRequested | typeof S.llmTestRequested) => {
    setTried(true);
    if (!hasErrors(validateLlm(v))) dispatch(action(v));
  };
  return (
    <div data-testid="llm-form">
      <Switch
        label={t('bigmodel.enabled')}
        checked={v.enabled}
        data-testid="llm-enabled"
        onChange={(ev) => set({ enabled: ev.currentTarget.checked })}
      />
      <TextInput
        id="llm-baseUrl"
        label={t('bigmodel.baseUrl')}
        placeholder="https://"
        value={v.baseUrl}
        error={e.baseUrl}
        onChange={(baseUrl) => set({ baseUrl })}
      />
      <TextInput
        id="llm-model"
        label={t('bigmodel.model')}
        value={v.model}
        error={e.model}
        onChange={(model) => set({ model })}
      />
      <FormGroup label={t('bigmodel.systemPrompt')} labelFor="llm-prompt">
        <TextArea
          id="llm-prompt"
          fill
          rows={4}
          value={v.systemPrompt}
          onChange={(ev) => set({ systemPrompt: ev.currentTarget.value })}
        />
      </FormGroup>
      <NumberInput
        id="llm-timeout"
        label={t('bigmodel.timeoutMs')}
        value={v.timeoutMs}
        error={e.timeoutMs}
        onChange={(x) => set({ timeoutMs: x ?? 0 })}
      />
      <TextInput
        id="llm-key"
        type="password"
        label={t('bigmodel.key')}
        helper={s.llm?.keySet ? t('bigmodel.keySet') : t('bigmodel.keyNotSet')}
        value={v.key ?? ''}
        onChange={(key) => set({ key })}
      />
      {s.llmTest && (
        <Callout intent={s.llmTest.ok ? Intent.SUCCESS : Intent.DANGER} data-testid="llm-test-result">
          {s.llmTest.ok
            ? t('bigmodel.testOk', { ms: s.llmTest.latencyMs ?? '?' })
            : t('bigmodel.testFailed', { error: s.llmTest.error ?? '' })}
        </Callout>
      )}
      <div className="cp-bots-row cp-bots-gap">
        <Button
          intent={Intent.PRIMARY}
          text={t('actions.save')}
          loading={s.llmSaving}
          data-testid="llm-save"
          onClick={() => run(S.llmSaveRequested)}
        />
        <Button
          text={t('bigmodel.test')}
          loading={s.llmTesting}
          data-testid="llm-test"
          onClick={() => run(S.llmTestRequested)}
        />
      </div>
    </div>
  );
}
