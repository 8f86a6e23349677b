// Bot settings (SPEC §3, and §9's manual-transfer wait), anti-voicemail interception keywords, the
// LLM use switches and the global handling (GlobalHandlingForm).
import { H5, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  KEYWORD_MATCH_MODES,
  RECOGNITION_STARTS,
  SPEECH_SPEEDS,
  type BotDefinition,
  type BotSettings,
} from '../../../../../domain/bot/definition';
import { DEFAULT_TRANSFER_WAIT_S } from '../../../../../domain/transfer';
import { useAppDispatch } from '../../../app/hooks';
import { keywordsError, validateSettings } from '../model/validate';
import { editorActions as E } from '../slice/editor';
import { GlobalHandlingForm } from './GlobalHandlingForm';
import { ListField, NumberInput, SelectField } from './fields';

type NumberKey = 'waitSeconds' | 'maxCallMinutes' | 'noiseLevel' | 'noiseFilterRatio';
type ChoiceKey = 'speed' | 'keywordMatchMode' | 'recognitionStart' | 'defaultRuleSet';
const RULE_SETS: readonly BotSettings['defaultRuleSet'][] = [1, 2];

export function SettingsForm({ def }: { def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = def.settings;
  const e = validateSettings(s);
  const change = (next: Partial<BotDefinition>) => dispatch(E.definitionChanged({ ...def, ...next }));
  const set = (patch: Partial<BotSettings>) => change({ settings: { ...s, ...patch } });
  /** A number setting, labelled `settings.<key>`. */
  const number = (id: string, k: NumberKey) => (
    <NumberInput
      id={id}
      label={t(`settings.${k}`)}
      value={s[k]}
      error={e[k]}
      onChange={(v) => set({ [k]: v ?? 0 })}
    />
  );
  /** A choice setting, labelled `settings.<key>`, one option per value. */
  const choice = <K extends ChoiceKey>(
    id: string,
    k: K,
    values: readonly BotSettings[K][],
    label: (v: BotSettings[K]) => string,
  ) => (
    <SelectField
      id={id}
      label={t(`settings.${k as ChoiceKey}`)}
      value={s[k]}
      options={values.map((v) => ({ value: v, label: label(v) }))}
      onChange={(v) => set({ [k]: v })}
    />
  );
  return (
    <div className="cp-bots-narrow" data-testid="settings-tab">
      <H5>{t('settings.title')}</H5>
      <div className="cp-bots-row">
        {number('set-wait', 'waitSeconds')}
        {number('set-max', 'maxCallMinutes')}
        {number('set-noise', 'noiseLevel')}
        {number('set-noise-ratio', 'noiseFilterRatio')}
        <NumberInput
          id="set-transfer-wait"
          label={t('settings.transferWaitSeconds')}
          value={s.transferWaitSeconds ?? DEFAULT_TRANSFER_WAIT_S}
          error={e.transferWaitSeconds}
          onChange={(v) => set({ transferWaitSeconds: v ?? 0 })}
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
        {choice('set-speed', 'speed', SPEECH_SPEEDS, (v) => `${t(`speed.${v}`)} (${v})`)}
        {choice('set-match', 'keywordMatchMode', KEYWORD_MATCH_MODES, (v) => t(`matchMode.${v}`))}
        {choice('set-recognition', 'recognitionStart', RECOGNITION_STARTS, (v) => t(`recognitionStart.${v}`))}
        {choice('set-ruleset', 'defaultRuleSet', RULE_SETS, (v) => t(`ruleSet.${v}`))}
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
      <GlobalHandlingForm settings={s} onChange={(global) => set({ global })} />
    </div>
  );
}
