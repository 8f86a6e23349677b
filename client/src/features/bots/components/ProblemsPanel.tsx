// The checker's result: errors and warnings, each a link that selects where the problem is.
import { Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BotProblem } from '../../../../../domain/bot/api';
import type { BotDefinition } from '../../../../../domain/bot/definition';
import { useAppDispatch } from '../../../app/hooks';
import { targetOf } from '../model/paths';
import { editorActions as E } from '../slice/editor';

/** The names the checker gives (flow / node / branch, question or rule) as a prefix. */
const whereOf = (params: Record<string, string>): string => {
  const names = ['flow', 'node', 'branch', 'question', 'rule'].map((k) => params[k]).filter(Boolean);
  return names.length > 0 ? `${names.join(' / ')}: ` : '';
};

export function ProblemsPanel({ problems, def }: { problems: BotProblem[]; def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <Callout
      intent={errors > 0 ? Intent.DANGER : problems.length > 0 ? Intent.WARNING : Intent.SUCCESS}
      title={t('editor.problemsTitle')}
      data-testid="problems"
      data-errors={errors}
    >
      {problems.length === 0 && <div data-testid="no-problems">{t('editor.noProblems')}</div>}
      <ul className="cp-bots-problems">
        {problems.map((p, i) => (
          <li key={i}>
            <Tag minimal intent={p.severity === 'error' ? Intent.DANGER : Intent.WARNING}>
              {t(`editor.${p.severity}`)}
            </Tag>{' '}
            <a
              href="#"
              data-testid={`problem-${i}`}
              onClick={(e) => {
                e.preventDefault();
                dispatch(E.selected(targetOf(def, p.path)));
              }}
            >
              {whereOf(p.params)}
              {t(`problems.${p.code}`, { ...p.params, defaultValue: p.code })}
            </a>{' '}
            <code className="cp-bots-muted">{p.path}</code>
          </li>
        ))}
      </ul>
      <Button
        size="small"
        variant="minimal"
        text={t('actions.close')}
        onClick={() => dispatch(E.problemsClosed())}
      />
    </Callout>
  );
}
