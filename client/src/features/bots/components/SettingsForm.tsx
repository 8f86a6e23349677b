// Bot settings (SPEC §3), anti-voicemail interception keywords and the LLM use switches.
import { H5, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  KEYWORD_MATCH_MODES,
  RECOGNITION_STARTS,
  SPEECH_SPEEDS,
  type BotDefinition,
  type BotSettings,
} from '../../../../../domain/bot/definition';
import { useAppDispatch } from '../../../app/hooks';
import { keywordsError, validateSettings } from '../model/validate';
import { editorActions as E } from '../slice/editor';
import { ListField, NumberInput, SelectField } from './fields';

export function SettingsForm({ def }: { def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = def.settings;
  const e = validateSettings(s);
  const change = (next: Partial<BotDefinition>) => dispatch(E.definitionChanged({ ...def, ...next }));
  const set = (patch: Partial<BotSettings>) => change({ settings: { ...s, ...patch } });
  const num = (k: keyof BotSettings) => (v: number | null) => set({ [k]: v ?? 0 });
  return (
    <div className="cp-bots-narrow" data-testid="settings-tab">
      <H5>{t('settings.title')}</H5>
      <div className="cp-bots-row">
        <NumberInput
          id="set-wait"
          label={t('settings.waitSeconds')}
          value={s.waitSeconds}
          error={e.waitSeconds}
          onChange={num('waitSeconds')}
        />
        <NumberInput
          id="set-max"
          label={t('settings.maxCallMinutes')}
          value={s.maxCallMinutes}
          error={e.maxCallMinutes}
          onChange={num('maxCallMinutes')}
        />
        <NumberInput
          id="set-noise"
          label={t('settings.noiseLevel')}
          value={s.noiseLevel}
          error={e.noiseLevel}
          onChange={num('noiseLevel')}
        />
        <NumberInput
          id="set-noise-ratio"
          label={t('settings.noiseFilterRatio')}
          value={s.noiseFilterRatio}
          error={e.noiseFilterRatio}
          onChange={num('noiseFilterRatio')}
        />
      </div>
      <ListField
        id="set-ignore"
        label={t('settings.ignoreKeywords')}
        value={s.ignoreKeywords}
        error={e.ignoreKeywords}
        onChange={(ignoreKeywords) => set({ ignoreKeywords })}
      />
      <div className="cp-bots-row">
        <SelectField
          id="set-speed"
          label={t('settings.speed')}
          value={s.speed}
          options={SPEECH_SPEEDS.map((v) => ({ value: v, label: `${t(`speed.${v}`)} (${v})` }))}
          onChange={(speed) => set({ speed })}
        />
        <SelectField
          id="set-match"
          label={t('settings.keywordMatchMode')}
          value={s.keywordMatchMode}
          options={KEYWORD_MATCH_MODES.map((v) => ({ value: v, label: t(`matchMode.${v}`) }))}
          onChange={(keywordMatchMode) => set({ keywordMatchMode })}
        />
        <SelectField
          id="set-recognition"
          label={t('settings.recognitionStart')}
          value={s.recognitionStart}
          options={RECOGNITION_STARTS.map((v) => ({ value: v, label: t(`recognitionStart.${v}`) }))}
          onChange={(recognitionStart) => set({ recognitionStart })}
        />
        <SelectField
          id="set-ruleset"
          label={t('settings.defaultRuleSet')}
          value={s.defaultRuleSet}
          options={[1, 2].map((v) => ({ value: v, label: t(`ruleSet.${v}`) }))}
          onChange={(v) => set({ defaultRuleSet: v as BotSettings['defaultRuleSet'] })}
        />
      </div>
      <H5>{t('settings.intercept')}</H5>
      <ListField
        id="set-intercept"
        label={t('settings.intercept')}
        helper={t('settings.interceptHint')}
        value={def.interceptKeywords}
        error={keywordsError(def.interceptKeywords, false)}
        onChange={(interceptKeywords) => change({ interceptKeywords })}
      />
      <H5>{t('settings.llm')}</H5>
      <Switch
        label={t('settings.answerUnmatched')}
        checked={def.llm.answerUnmatched}
        data-testid="set-llm-answer"
        onChange={(ev) => change({ llm: { ...def.llm, answerUnmatched: ev.currentTarget.checked } })}
      />
      <Switch
        label={t('settings.gradeCall')}
        checked={def.llm.gradeCall}
        data-testid="set-llm-grade"
        onChange={(ev) => change({ llm: { ...def.llm, gradeCall: ev.currentTarget.checked } })}
      />
    </div>
  );
}
