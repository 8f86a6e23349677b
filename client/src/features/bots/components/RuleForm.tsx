// One intention rule: name, conditions (item, operator and value, or keywords and match count),
// resulting level and label.
import { Button, Card, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RULE_ITEMS, type IntentRule, type RuleCondition } from '../../../../../domain/bot/definition';
import { isKeywordItem, validateRule } from '../model/validate';
import { LevelSelect, ListField, MatchCountSelect, NumberInput, SelectField, TextInput } from './fields';

export function RuleForm(p: {
  index: number;
  rule: IntentRule;
  labels: readonly string[];
  count: number;
  highlighted: boolean;
  onChange(r: IntentRule): void;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('bots');
  const r = p.rule;
  const e = validateRule(r);
  const id = `rule-${p.index}`;
  const set = (patch: Partial<IntentRule>) => p.onChange({ ...r, ...patch });
  const setCond = (i: number, c: RuleCondition) =>
    set({ conditions: r.conditions.map((x, j) => (j === i ? c : x)) });
  return (
    <Card className={`cp-bots-rule${p.highlighted ? ' cp-bots-highlight' : ''}`} data-testid={id}>
      <div className="cp-bots-row">
        <strong>{p.index + 1}.</strong>
        <TextInput
          id={`${id}-name`}
          label={t('rules.name')}
          value={r.name}
          error={e.name}
          onChange={(name) => set({ name })}
        />
        <LevelSelect
          id={`${id}-level`}
          label={t('rules.level')}
          value={r.level}
          onChange={(v) => set({ level: (v ?? 21) as IntentRule['level'] })}
        />
        <SelectField
          id={`${id}-label`}
          label={t('rules.label')}
          value={r.label ?? ''}
          options={[{ value: '', label: t('rules.none') }, ...p.labels.map((l) => ({ value: l, label: l }))]}
          onChange={(v) => set({ label: v || null })}
        />
        <span className="cp-bots-grow" />
        <Button
          icon="arrow-up"
          aria-label={t('actions.up')}
          disabled={p.index === 0}
          onClick={() => p.onMove(-1)}
          data-testid={`${id}-up`}
        />
        <Button
          icon="arrow-down"
          aria-label={t('actions.down')}
          disabled={p.index === p.count - 1}
          onClick={() => p.onMove(1)}
        />
        <Button icon="trash" intent={Intent.DANGER} aria-label={t('actions.remove')} onClick={p.onRemove} />
      </div>
      {e.conditions && <p className="cp-bots-error">{t(e.conditions)}</p>}
      {r.conditions.map((c, i) => (
        <div className="cp-bots-row" key={i} data-testid={`${id}-cond-${i}`}>
          <SelectField
            id={`${id}-c${i}-item`}
            label={t('rules.item')}
            value={c.item}
            options={RULE_ITEMS.map((it) => ({ value: it as number, label: t(`ruleItem.${it}`) }))}
            onChange={(item) =>
              setCond(
                i,
                isKeywordItem(item)
                  ? { item: item as RuleCondition['item'], keywords: [], matchCount: 1 }
                  : { item: item as RuleCondition['item'], op: 1, value: 1 },
              )
            }
          />
          {isKeywordItem(c.item) ? (
            <>
              <ListField
                id={`${id}-c${i}-keywords`}
                label={t('rules.keywords')}
                value={c.keywords ?? []}
                error={e[`conditions.${i}.keywords`]}
                onChange={(keywords) => setCond(i, { ...c, keywords })}
              />
              <MatchCountSelect
                id={`${id}-c${i}-match`}
                label={t('rules.matchCount')}
                value={c.matchCount ?? 1}
                onChange={(matchCount) => setCond(i, { ...c, matchCount })}
              />
            </>
          ) : (
            <>
              <SelectField
                id={`${id}-c${i}-op`}
                label={t('rules.op')}
                value={c.op ?? 1}
                options={[1, 2].map((o) => ({ value: o, label: t(`compare.${o}`) }))}
                onChange={(op) => setCond(i, { ...c, op: op as RuleCondition['op'] })}
              />
              <NumberInput
                id={`${id}-c${i}-value`}
                label={t('rules.value')}
                value={c.value}
                error={e[`conditions.${i}.value`]}
                onChange={(value) => setCond(i, { ...c, value })}
              />
            </>
          )}
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('actions.remove')}
            onClick={() => set({ conditions: r.conditions.filter((_, j) => j !== i) })}
          />
        </div>
      ))}
      <Button
        size="small"
        icon="add"
        text={t('rules.addCondition')}
        data-testid={`${id}-cond-add`}
        onClick={() => set({ conditions: [...r.conditions, { item: 5002, op: 1, value: 1 }] })}
      />
    </Card>
  );
}
