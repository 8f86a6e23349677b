// No-match or silence fallback: prompts, repeat 1–5, then a next step.
import { H6 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Fallback, Flow } from '../../../../../domain/bot/definition';
import { SelectField } from './fields';
import { NextStepEditor } from './NextStepEditor';
import { PromptsEditor } from './PromptsEditor';

export function FallbackForm(p: {
  id: string;
  title: string;
  value: Fallback;
  flows: readonly Flow[];
  errors: Record<string, string>;
  onChange(v: Fallback): void;
}) {
  const { t } = useTranslation('bots');
  const f = p.value;
  return (
    <div className="cp-bots-fallback" data-testid={p.id}>
      <H6>{p.title}</H6>
      <PromptsEditor
        id={`${p.id}-prompts`}
        label={t('node.prompts')}
        value={f.prompts}
        onChange={(prompts) => p.onChange({ ...f, prompts })}
      />
      <SelectField
        id={`${p.id}-repeat`}
        label={t('node.repeat')}
        value={f.repeat}
        error={p.errors[`${p.id}.repeat`]}
        options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))}
        onChange={(repeat) => p.onChange({ ...f, repeat })}
      />
      <NextStepEditor
        id={`${p.id}-then`}
        value={f.then}
        flows={p.flows}
        errors={p.errors}
        errorPrefix={`${p.id}.then.`}
        onChange={(then) => p.onChange({ ...f, then })}
      />
    </div>
  );
}
