// A small bot for unit tests: two main flows and a multi-round flow, every feature reachable.
import type { BotDefinition } from '../definition';
import { bot, branch, goTo, hangUp, nextFlow, node, question, transfer, waitReply } from './build';

export function fixtureBot(patch: (def: BotDefinition) => void = () => {}): BotDefinition {
  const def = bot({
    settings: { waitSeconds: 5, maxCallMinutes: 2, ignoreKeywords: ['嗯'] },
    flows: [
      {
        id: 'main',
        name: '主流程',
        kind: 'main',
        startNodeId: 'ask',
        nodes: [
          node(
            'ask',
            '询问',
            ['您好，请问需要吗？', '您好，需要吗？'],
            [
              branch('yes', '肯定', 'affirm', ['需要', '可以'], nextFlow, ['好的', '太好了']),
              branch('no', '否定', 'deny', ['不需要~5'], hangUp, ['再见']),
              branch('refuse', '拒绝', 'refuse', ['转过去', '拒绝转'], transfer(7), [], { addLabel: '拒绝' }),
              branch('wait', '等待', 'neutral', ['等等'], waitReply, ['您请说']),
              branch('jump', '跳转', 'other', ['跳转'], goTo('second', 'end')),
            ],
          ),
        ],
      },
      {
        id: 'second',
        name: '第二流程',
        kind: 'main',
        startNodeId: 'next',
        nodes: [
          node('next', '第二问', ['第二个问题'], [branch('ok', '好', 'affirm', ['好的'], nextFlow)]),
          node('end', '结束', ['结束了'], [], { next: hangUp }),
        ],
      },
      {
        id: 'multi',
        name: '多轮',
        kind: 'multi',
        startNodeId: 'm1',
        nodes: [
          node(
            'm1',
            '多轮问',
            ['多轮问题'],
            [branch('m-ok', '多轮好', 'neutral', ['明白'], nextFlow, ['好'])],
          ),
        ],
      },
    ],
    knowledge: [
      question('q-high', '高优先级', 10001, ['投诉'], ['抱歉'], { highPriority: true }),
      question('q-price', '价格', 20001, ['价格', '需要多少'], ['一百元'], { playWithMainFlow: true }),
      question('q-multi', '多轮问题', 20001, ['详细'], ['详细说'], {
        answerMode: 'multi',
        jump: { action: 3, flowId: 'multi' },
      }),
      question('q-jump', '跳转问题', 10001, ['结束吧'], ['好的'], {
        answerMode: 'jump',
        jump: { action: 3, flowId: 'second', nodeId: 'end' },
      }),
      question('q-quiet', '安静问题', 10001, ['机器人'], ['我是机器人'], {
        ignoreSilence: true,
        setLevel: 22,
        smsTemplateId: 9,
      }),
    ],
    intentLabels: ['拒绝'],
    intentRules: [],
    hotWords: ['价格'],
    interceptKeywords: ['留言', '语音信箱'],
  });
  patch(def);
  return def;
}
