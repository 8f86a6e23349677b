import { DEFAULT_SETTINGS, type BotDefinition, type Branch, type FlowNode } from './definition';
import { listPrompts } from './prompts';

const hangUp = { action: 0 as const };
const branch = (id: string, name: string, texts: string[]): Branch => ({
  id,
  name,
  property: 'affirm',
  keywords: ['好'],
  matchCount: 1,
  ignoreKeywords: [],
  prompts: texts.map((text) => ({ text })),
  score: 0,
  next: hangUp,
});
const node = (id: string, name: string, extra: Partial<FlowNode> = {}): FlowNode => ({
  id,
  name,
  type: 'normal',
  prompts: [],
  interruptible: true,
  branches: [],
  noMatch: { prompts: [], repeat: 1, then: hangUp },
  silence: { prompts: [], repeat: 1, then: hangUp },
  ...extra,
});

const def: BotDefinition = {
  settings: DEFAULT_SETTINGS,
  flows: [
    {
      id: 'f1',
      name: '开场白',
      kind: 'main',
      startNodeId: 'a',
      nodes: [
        node('a', '问候', {
          prompts: [{ text: '您好，我是小王' }, { text: '  ' }, { text: '您好呀', recordingId: 7 }],
          branches: [branch('b1', '有兴趣', ['太好了']), branch('b2', '没兴趣', [])],
          noMatch: { prompts: [{ text: '不好意思，没听清' }], repeat: 2, then: hangUp },
          silence: { prompts: [{ text: '喂，您还在吗？' }], repeat: 1, then: hangUp },
        }),
        node('z', '结束', { prompts: [{ text: '再见' }] }),
      ],
    },
  ],
  knowledge: [
    {
      id: 'q1',
      title: '地址',
      type: 10001,
      keywords: ['地址'],
      matchCount: 1,
      answerMode: 'single',
      prompts: [{ text: '我们在北京' }],
      ignoreSilence: false,
      playWithMainFlow: false,
      highPriority: false,
    },
  ],
  intentLabels: [],
  intentRules: [],
  hotWords: [],
  interceptKeywords: [],
  llm: { answerUnmatched: false, gradeCall: false },
};

describe('listPrompts', () => {
  it('lists every fixed prompt with a stable key, skipping empty ones', () => {
    expect(listPrompts(def)).toEqual([
      { promptKey: 'n:f1:a:0', text: '您好，我是小王', recordingId: null, where: '开场白 / 问候' },
      { promptKey: 'n:f1:a:2', text: '您好呀', recordingId: 7, where: '开场白 / 问候' },
      { promptKey: 'b:f1:a:b1:0', text: '太好了', recordingId: null, where: '开场白 / 问候 / 有兴趣' },
      {
        promptKey: 'nm:f1:a:0',
        text: '不好意思，没听清',
        recordingId: null,
        where: '开场白 / 问候 / no match',
      },
      { promptKey: 'si:f1:a:0', text: '喂，您还在吗？', recordingId: null, where: '开场白 / 问候 / silence' },
      { promptKey: 'n:f1:z:0', text: '再见', recordingId: null, where: '开场白 / 结束' },
      { promptKey: 'q:q1:0', text: '我们在北京', recordingId: null, where: 'knowledge / 地址' },
    ]);
  });

  it('keeps keys stable when other nodes are added', () => {
    const more = {
      ...def,
      flows: [{ ...def.flows[0]!, nodes: [node('new', '新'), ...def.flows[0]!.nodes] }],
    };
    expect(listPrompts(more).map((p) => p.promptKey)).toEqual(listPrompts(def).map((p) => p.promptKey));
  });

  it('returns nothing for an empty bot', () => {
    expect(listPrompts({ ...def, flows: [], knowledge: [] })).toEqual([]);
  });
});
