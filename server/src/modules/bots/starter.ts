// The draft a new bot starts with: one main flow, an opening node with a yes branch and polite
// fallbacks, so the editor opens on something that already passes the checker.
import { DEFAULT_SETTINGS, type BotDefinition, type NextStep } from '../../../../domain/bot/definition';

const hangUp = (): NextStep => ({ action: 0 });

export function starterDefinition(): BotDefinition {
  return {
    settings: { ...DEFAULT_SETTINGS },
    flows: [
      {
        id: 'main',
        name: '主流程',
        kind: 'main',
        startNodeId: 'open',
        nodes: [
          {
            id: 'open',
            name: '开场白',
            type: 'normal',
            prompts: [{ text: '您好，请问现在方便说话吗？' }],
            interruptible: true,
            branches: [
              {
                id: 'yes',
                name: '肯定',
                property: 'affirm',
                keywords: ['可以', '方便', '好的'],
                matchCount: 1,
                ignoreKeywords: [],
                prompts: [{ text: '好的，稍后会有专人联系您，再见。' }],
                score: 10,
                next: hangUp(),
              },
            ],
            noMatch: { prompts: [{ text: '不好意思，我没听清楚，您方便吗？' }], repeat: 1, then: hangUp() },
            silence: { prompts: [{ text: '您好，您还在吗？' }], repeat: 1, then: hangUp() },
          },
        ],
      },
    ],
    knowledge: [],
    intentLabels: [],
    intentRules: [],
    hotWords: [],
    interceptKeywords: [],
    llm: { answerUnmatched: false, gradeCall: false },
  };
}
