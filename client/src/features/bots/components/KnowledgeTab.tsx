// The bot's knowledge base: the question list on the left, the selected question's form on the right.
import { Button, Intent, Menu, MenuItem, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BotDefinition } from '../../../../../domain/bot/definition';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { newQuestion, questionId, removeQuestion, upsertQuestion } from '../model/edit';
import { hasErrors, validateQuestion } from '../model/validate';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';
import { KnowledgeForm } from './KnowledgeForm';

export function KnowledgeTab({ def }: { def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectEditor);
  const q = def.knowledge.find((k) => k.id === s.questionId);
  const pick = (id: string | null) => dispatch(E.selected({ questionId: id ?? '' }));
  return (
    <div className="cp-bots-split" data-testid="knowledge-tab">
      <div className="cp-bots-list">
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('common.new')}
          data-testid="question-add"
          onClick={() => {
            const id = questionId(def);
            dispatch(
              E.definitionChanged(upsertQuestion(def, { ...newQuestion(id), title: t('question.new') })),
            );
            pick(id);
          }}
        />
        <Menu>
          {def.knowledge.map((k) => (
            <MenuItem
              key={k.id}
              data-testid={`question-${k.id}`}
              active={k.id === s.questionId}
              intent={hasErrors(validateQuestion(k)) ? Intent.DANGER : Intent.NONE}
              text={k.title || k.id}
              labelElement={k.common ? <Tag minimal>{t('question.common')}</Tag> : undefined}
              onClick={() => pick(k.id)}
            />
          ))}
        </Menu>
      </div>
      {q ? (
        <div className="cp-bots-panel">
          <KnowledgeForm
            value={q}
            flows={def.flows}
            showErrors
            onChange={(nq) => dispatch(E.definitionChanged(upsertQuestion(def, nq)))}
          />
          <Button
            intent={Intent.DANGER}
            icon="trash"
            text={t('actions.delete')}
            onClick={() => {
              dispatch(E.definitionChanged(removeQuestion(def, q.id)));
              pick(null);
            }}
          />
        </div>
      ) : (
        <NonIdealState icon="manual" description={t('common.empty')} />
      )}
    </div>
  );
}
