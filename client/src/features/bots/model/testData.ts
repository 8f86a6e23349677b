// A small bot document for the model tests.
import { DEFAULT_SETTINGS, type BotDefinition } from '../../../../../domain/bot/definition';
import { newNode } from './edit';

export const sampleDef = (): BotDefinition => {
  const a = newNode('n1', '开场白');
  const b = newNode('n2', '介绍');
  return {
    settings: DEFAULT_SETTINGS,
    flows: [{ id: 'main1', name: '主流程', kind: 'main', startNodeId: 'n1', nodes: [a, b] }],
    knowledge: [],
    intentLabels: [],
    intentRules: [],
    hotWords: [],
    interceptKeywords: [],
    llm: { answerUnmatched: false, gradeCall: false },
  };
};
