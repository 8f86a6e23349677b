// Intention labels and the ordered intention rules.
import { Button, H5, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotDefinition, IntentRule } from '../../../../../domain/bot/definition';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { moveItem, ruleId } from '../model/edit';
import { labelError } from '../model/validate';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';
import { RuleForm } from './RuleForm';

export function RulesTab({ def }: { def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectEditor);
  const [label, setLabel] = useState('');
  const [labelErr, setLabelErr] = useState<string | null>(null);
  const change = (next: Partial<BotDefinition>) => dispatch(E.definitionChanged({ ...def, ...next }));
  const setRules = (intentRules: IntentRule[]) => change({ intentRules });

  const addLabel = () => {
    const err = labelError(label, def.intentLabels);
    setLabelErr(err);
    if (err) return;
    change({ intentLabels: [...def.intentLabels, label.trim()] });
    setLabel('');
  };
  return (
    <div data-testid="rules-tab">
      <H5>{t('rules.labels')}</H5>
      <div className="cp-bots-row">
        {def.intentLabels.map((l) => (
          <Tag key={l} onRemove={() => change({ intentLabels: def.intentLabels.filter((x) => x !== l) })}>
            {l}
          </Tag>
        ))}
      </div>
      <div className="cp-bots-row">
        <InputGroup
          aria-label={t('rules.labelName')}
          placeholder={t('rules.labelName')}
          data-testid="label-name"
          value={label}
          intent={labelErr ? Intent.DANGER : Intent.NONE}
          onValueChange={setLabel}
        />
        <Button icon="add" text={t('rules.addLabel')} data-testid="label-add" onClick={addLabel} />
        {labelErr && (
          <span className="cp-bots-error" data-testid="error-label-name">
            {t(labelErr)}
          </span>
        )}
      </div>
      <div className="cp-bots-row">
        <H5 className="cp-bots-grow">{t('rules.rules')}</H5>
        <span className="cp-bots-muted">{t('rules.rulesHint')}</span>
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('rules.addRule')}
          data-testid="rule-add"
          onClick={() =>
            setRules([
              ...def.intentRules,
              {
                id: ruleId(def),
                name: t('rules.newRule'),
                level: 21,
                label: null,
                conditions: [{ item: 5002, op: 1, value: 1 }],
              },
            ])
          }
        />
      </div>
      {def.intentRules.length === 0 && <p className="cp-bots-muted">{t('rules.empty')}</p>}
      {def.intentRules.map((r, i) => (
        <RuleForm
          key={r.id}
          index={i}
          rule={r}
          labels={def.intentLabels}
          count={def.intentRules.length}
          highlighted={s.ruleId === r.id}
          onChange={(nr) => setRules(def.intentRules.map((x) => (x.id === r.id ? nr : x)))}
          onMove={(d) => setRules(moveItem(def.intentRules, i, d))}
          onRemove={() => setRules(def.intentRules.filter((x) => x.id !== r.id))}
        />
      ))}
    </div>
  );
}
