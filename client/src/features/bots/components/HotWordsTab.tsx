// Hot words: comma separated Chinese words (domain/bot/hotWords.ts, the server's rules too).
import { Button, Callout, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotDefinition } from '../../../../../domain/bot/definition';
import { parseHotWords } from '../../../../../domain/bot/hotWords';
import { useAppDispatch } from '../../../app/hooks';
import { editorActions as E } from '../slice/editor';

export function HotWordsTab({ def }: { def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const [text, setText] = useState(def.hotWords.join(','));
  const { words, errors } = parseHotWords(text);
  return (
    <div className="cp-bots-narrow" data-testid="hotwords-tab">
      <FormGroup label={t('hotWords.title')} labelFor="hotwords" helperText={t('hotWords.hint')}>
        <TextArea
          id="hotwords"
          data-testid="hotwords"
          fill
          rows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormGroup>
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} data-testid="hotwords-errors">
          {errors.map((e) => (
            <div key={e.index}>{t(`validation.hotWord.${e.problem}`, { word: e.word })}</div>
          ))}
        </Callout>
      )}
      <p className="cp-bots-muted">{t('hotWords.count', { count: words.length })}</p>
      <Button
        intent={Intent.PRIMARY}
        text={t('hotWords.apply')}
        data-testid="hotwords-apply"
        disabled={errors.length > 0}
        onClick={() => dispatch(E.definitionChanged({ ...def, hotWords: words }))}
      />
    </div>
  );
}
