// /rootmain/bot/botview/:id — the bot editor: flows, knowledge, multi-round talks, hot words,
// learning, intention rules, training (the chat and the batch test), recordings and settings, all on
// the draft.
import { NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { BatchTest } from '../components/BatchTest';
import { EditorToolbar } from '../components/EditorToolbar';
import { FlowsTab } from '../components/FlowsTab';
import { HotWordsTab } from '../components/HotWordsTab';
import { KnowledgeTab } from '../components/KnowledgeTab';
import { LearningTab } from '../components/LearningTab';
import { ProblemsPanel } from '../components/ProblemsPanel';
import { RecordingList } from '../components/RecordingList';
import { RulesTab } from '../components/RulesTab';
import { SettingsForm } from '../components/SettingsForm';
import { TrainingChat } from '../components/TrainingChat';
import '../bots.css';
import type { EditorTab } from '../model/paths';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';
import { trainingActions as T } from '../slice/training';

export default function BotEditorPage() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const s = useAppSelector(selectEditor);
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) dispatch(E.opened(id));
    dispatch(T.reset());
  }, [dispatch, id]);

  const missing = <NonIdealState icon="search" title={t('editor.notFound')} />;
  if (!Number.isInteger(id) || id <= 0) return missing;
  if (s.id !== id || s.loading) return <Spinner />;
  if (!s.definition || !s.bot) return missing;
  const def = s.definition;
  return (
    <div className="cp-page cp-bots-editor" data-testid="bot-editor" data-bot={id} data-rev={s.draftRev}>
      <EditorToolbar />
      {s.problems && <ProblemsPanel problems={s.problems} def={def} />}
      <Tabs
        id="bot-editor-tabs"
        selectedTabId={s.tab}
        renderActiveTabPanelOnly
        onChange={(tab) => dispatch(E.tabChanged(tab as EditorTab))}
      >
        <Tab
          id="main"
          title={t('editor.tabs.main')}
          panel={<FlowsTab kind="main" def={def} />}
          data-testid="tab-main"
        />
        <Tab
          id="knowledge"
          title={t('editor.tabs.knowledge')}
          panel={<KnowledgeTab def={def} />}
          data-testid="tab-knowledge"
        />
        <Tab
          id="multi"
          title={t('editor.tabs.multi')}
          panel={<FlowsTab kind="multi" def={def} />}
          data-testid="tab-multi"
        />
        <Tab
          id="hotWords"
          title={t('editor.tabs.hotWords')}
          panel={<HotWordsTab def={def} />}
          data-testid="tab-hotWords"
        />
        <Tab
          id="learning"
          title={t('editor.tabs.learning')}
          panel={<LearningTab botId={id} def={def} />}
          data-testid="tab-learning"
        />
        <Tab
          id="rules"
          title={t('editor.tabs.rules')}
          panel={<RulesTab def={def} />}
          data-testid="tab-rules"
        />
        <Tab
          id="training"
          title={t('editor.tabs.training')}
          panel={
            <>
              <TrainingChat />
              <BatchTest botId={id} />
            </>
          }
          data-testid="tab-training"
        />
        <Tab
          id="recording"
          title={t('editor.tabs.recording')}
          panel={<RecordingList botId={id} />}
          data-testid="tab-recording"
        />
        <Tab
          id="settings"
          title={t('editor.tabs.settings')}
          panel={<SettingsForm def={def} />}
          data-testid="tab-settings"
        />
      </Tabs>
    </div>
  );
}
