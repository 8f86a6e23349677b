// One knowledge question (the editor's knowledge tab and the common knowledge page share it).
import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ANSWER_MODES, type Flow, type KnowledgeQuestion } from '../../../../../domain/bot/definition';
import { validateQuestion } from '../model/validate';
import { LevelSelect, ListField, MatchCountSelect, NumberInput, SelectField, TextInput } from './fields';
import { PromptsEditor } from './PromptsEditor';

export function KnowledgeForm(p: {
  value: KnowledgeQuestion;
  /** The bot's flows for multi/jump answers; none on the common knowledge page. */
  flows: readonly Flow[];
  /** Show problems (after a first save attempt, or always in the editor). */
  showErrors: boolean;
  onChange(q: KnowledgeQuestion): void;
}) {
  const { t } = useTranslation('bots');
  const q = p.value;
  const e = p.showErrors ? validateQuestion(q) : {};
  const set = (patch: Partial<KnowledgeQuestion>) => p.onChange({ ...q, ...patch });
  const modes = p.flows.length > 0 ? ANSWER_MODES : (['single'] as const);
  const targets = p.flows.filter((f) => (q.answerMode === 'multi' ? f.kind === 'multi' : f.kind === 'main'));
  const jumpFlow = p.flows.find((f) => f.id === q.jump?.flowId);
  return (
    <div className="cp-bots-question" data-testid="question-form">
      <div className="cp-bots-row">
        <TextInput
          id="q-title"
          label={t('question.title')}
          value={q.title}
          error={e.title}
          onChange={(title) => set({ title })}
        />
        <SelectField
          id="q-type"
          label={t('question.type')}
          value={q.type}
          options={[10001, 20001].map((v) => ({ value: v, label: t(`questionType.${v}`) }))}
          onChange={(type) => set({ type: type as KnowledgeQuestion['type'] })}
        />
      </div>
      <ListField
        id="q-keywords"
        label={t('question.keywords')}
        helper={t('question.keywordsHint')}
        value={q.keywords}
        error={e.keywords}
        onChange={(keywords) => set({ keywords })}
      />
      <div className="cp-bots-row">
        <MatchCountSelect
          id="q-matchCount"
          label={t('question.matchCount')}
          value={q.matchCount}
          onChange={(matchCount) => set({ matchCount })}
        />
        <SelectField
          id="q-mode"
          label={t('question.answerMode')}
          value={q.answerMode}
          options={modes.map((m) => ({ value: m, label: t(`answerMode.${m}`) }))}
          onChange={(answerMode) => set({ answerMode, jump: answerMode === 'single' ? null : q.jump })}
        />
        {q.answerMode !== 'single' && (
          <SelectField
            id="q-jumpFlow"
            label={t('question.jumpFlow')}
            error={e.jump}
            value={q.jump?.flowId ?? ''}
            options={[{ value: '', label: '—' }, ...targets.map((f) => ({ value: f.id, label: f.name }))]}
            onChange={(flowId) => set({ jump: flowId ? { action: 3, flowId, nodeId: null } : null })}
          />
        )}
        {q.answerMode === 'jump' && jumpFlow && (
          <SelectField
            id="q-jumpNode"
            label={t('question.jumpNode')}
            value={q.jump?.nodeId ?? ''}
            options={[
              { value: '', label: t('next.anyNode') },
              ...jumpFlow.nodes.map((n) => ({ value: n.id, label: n.name })),
            ]}
            onChange={(nodeId) => set({ jump: { action: 3, flowId: jumpFlow.id, nodeId: nodeId || null } })}
          />
        )}
      </div>
      <PromptsEditor
        id="q-answers"
        label={t('question.answers')}
        keepOne={q.answerMode === 'single'}
        value={q.prompts}
        error={e.prompts}
        onChange={(prompts) => set({ prompts })}
      />
      <div className="cp-bots-row">
        <Checkbox
          label={t('question.ignoreSilence')}
          checked={q.ignoreSilence}
          onChange={(ev) => set({ ignoreSilence: ev.currentTarget.checked })}
        />
        <Checkbox
          label={t('question.playWithMainFlow')}
          checked={q.playWithMainFlow}
          onChange={(ev) => set({ playWithMainFlow: ev.currentTarget.checked })}
        />
        <Checkbox
          label={t('question.highPriority')}
          checked={q.highPriority}
          onChange={(ev) => set({ highPriority: ev.currentTarget.checked })}
        />
      </div>
      <div className="cp-bots-row">
        <LevelSelect
          id="q-level"
          label={t('question.setLevel')}
          optional
          value={q.setLevel}
          onChange={(v) => set({ setLevel: v as KnowledgeQuestion['setLevel'] })}
        />
        <NumberInput
          id="q-sms"
          label={t('question.sms')}
          nullable
          value={q.smsTemplateId}
          error={e.smsTemplateId}
          onChange={(smsTemplateId) => set({ smsTemplateId })}
        />
      </div>
    </div>
  );
}
