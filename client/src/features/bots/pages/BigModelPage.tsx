// /rootmain/bot/bigmodel: the account's LLM and TTS settings.
import { Card, H5 } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { LlmForm } from '../components/LlmForm';
import { TtsForm } from '../components/TtsForm';
import '../bots.css';
import { settingsActions as S } from '../slice/settings';
import { PageHeader } from '../../../ui/PageHeader';

export default function BigModelPage() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(S.llmRequested());
    dispatch(S.ttsRequested());
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="bigmodel-page">
      <PageHeader />
      <div className="cp-bots-columns">
        <Card>
          <H5>{t('bigmodel.llm')}</H5>
          <LlmForm />
        </Card>
        <Card>
          <H5>{t('bigmodel.tts')}</H5>
          <TtsForm />
        </Card>
      </div>
    </div>
  );
}
