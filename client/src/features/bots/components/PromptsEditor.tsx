// Several phrasings of one prompt (rotated by the engine): add, edit, remove.
import { Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Prompt } from '../../../../../domain/bot/definition';

export function PromptsEditor(p: {
  id: string;
  label: string;
  value: Prompt[];
  error?: string | null;
  /** At least one phrasing stays (node text). */
  keepOne?: boolean;
  onChange(v: Prompt[]): void;
}) {
  const { t } = useTranslation('bots');
  const set = (i: number, text: string) => p.onChange(p.value.map((x, j) => (j === i ? { ...x, text } : x)));
  return (
    <FormGroup
      label={p.label}
      helperText={p.error ? <span data-testid={`error-${p.id}`}>{t(p.error)}</span> : t('node.promptsHint')}
      intent={p.error ? Intent.DANGER : Intent.NONE}
    >
      {p.value.map((x, i) => (
        <div key={i} className="cp-bots-prompt">
          <TextArea
            fill
            rows={2}
            data-testid={`${p.id}-${i}`}
            value={x.text}
            intent={p.error && x.text.trim() === '' ? Intent.DANGER : Intent.NONE}
            onChange={(e) => set(i, e.currentTarget.value)}
          />
          {(!p.keepOne || p.value.length > 1) && (
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('actions.remove')}
              onClick={() => p.onChange(p.value.filter((_, j) => j !== i))}
            />
          )}
        </div>
      ))}
      <Button
        size="small"
        icon="add"
        text={t('node.addPrompt')}
        data-testid={`${p.id}-add`}
        onClick={() => p.onChange([...p.value, { text: '' }])}
      />
    </FormGroup>
  );
}
