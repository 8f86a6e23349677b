// One branch of a node: name, property, keywords (word~9), match count, ignore words, IVR digit,
// answers, score, next step, level and label.
import { Button, Card, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  BRANCH_PROPERTIES,
  type Branch,
  type Flow,
  type NodeType,
} from '../../../../../domain/bot/definition';
import { validateBranch } from '../model/validate';
import { LevelSelect, ListField, MatchCountSelect, NumberInput, SelectField, TextInput } from './fields';
import { NextStepEditor } from './NextStepEditor';
import { PromptsEditor } from './PromptsEditor';

export function BranchForm(p: {
  index: number;
  branch: Branch;
  nodeType: NodeType;
  flows: readonly Flow[];
  highlighted: boolean;
  onChange(b: Branch): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('bots');
  const b = p.branch;
  const e = validateBranch(b, p.nodeType);
  const id = `branch-${p.index}`;
  const set = (patch: Partial<Branch>) => p.onChange({ ...b, ...patch });
  return (
    <Card
      className={`cp-bots-branch${p.highlighted ? ' cp-bots-highlight' : ''}`}
      data-testid={id}
      ref={(el) => {
        if (el && p.highlighted) el.scrollIntoView({ block: 'nearest' });
      }}
    >
      <div className="cp-bots-row">
        <TextInput
          id={`${id}-name`}
          label={t('branch.name')}
          value={b.name}
          error={e.name}
          onChange={(name) => set({ name })}
        />
        <SelectField
          id={`${id}-property`}
          label={t('branch.property')}
          value={b.property}
          error={e.property}
          options={BRANCH_PROPERTIES.map((x) => ({ value: x, label: t(`property.${x}`) }))}
          onChange={(property) => set({ property })}
        />
        <NumberInput
          id={`${id}-score`}
          label={t('branch.score')}
          value={b.score}
          error={e.score}
          onChange={(v) => set({ score: v ?? 0 })}
        />
      </div>
      <ListField
        id={`${id}-keywords`}
        label={t('branch.keywords')}
        helper={t('branch.keywordsHint')}
        value={b.keywords}
        error={e.keywords}
        onChange={(keywords) => set({ keywords })}
      />
      <div className="cp-bots-row">
        <MatchCountSelect
          id={`${id}-matchCount`}
          label={t('branch.matchCount')}
          value={b.matchCount}
          onChange={(matchCount) => set({ matchCount })}
        />
        <ListField
          id={`${id}-ignore`}
          label={t('branch.ignoreKeywords')}
          value={b.ignoreKeywords}
          error={e.ignoreKeywords}
          onChange={(ignoreKeywords) => set({ ignoreKeywords })}
        />
        {p.nodeType === 'ivr' && (
          <TextInput
            id={`${id}-dtmf`}
            label={t('branch.dtmf')}
            value={b.dtmf ?? ''}
            error={e.dtmf}
            onChange={(v) => set({ dtmf: v.trim() || null })}
          />
        )}
      </div>
      <PromptsEditor
        id={`${id}-answers`}
        label={t('branch.answers')}
        value={b.prompts}
        onChange={(prompts) => set({ prompts })}
      />
      <NextStepEditor
        id={`${id}-next`}
        value={b.next}
        flows={p.flows}
        errors={e}
        errorPrefix="next."
        onChange={(next) => set({ next })}
      />
      <div className="cp-bots-row">
        <LevelSelect
          id={`${id}-level`}
          label={t('branch.setLevel')}
          optional
          value={b.setLevel}
          onChange={(v) => set({ setLevel: v as Branch['setLevel'] })}
        />
        <TextInput
          id={`${id}-label`}
          label={t('branch.addLabel')}
          value={b.addLabel ?? ''}
          onChange={(v) => set({ addLabel: v === '' ? null : v })}
        />
      </div>
      <Button
        size="small"
        intent={Intent.DANGER}
        icon="trash"
        text={t('branch.remove')}
        data-testid={`${id}-remove`}
        onClick={p.onRemove}
      />
    </Card>
  );
}
