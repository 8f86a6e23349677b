// A key-press (IVR) bot: a menu answered with keys, a digit-collecting node, a jump and a goodbye.
// It never waits for speech (speechNeed.ts), so it runs on a switch without a recognizer; tests use it.
import type { BotDefinition } from '../definition';
import { bot, branch, hangUp, node, statement, transfer } from './build';

export function keypadBot(seatGroupId = 1): BotDefinition {
  return bot({
    settings: { waitSeconds: 5, maxCallMinutes: 2 },
    flows: [
      {
        id: 'main',
        name: '按键菜单',
        kind: 'main',
        startNodeId: 'menu',
        nodes: [
          node(
            'menu',
            '菜单',
            ['您好，转人工请按1，结束请按2，输入编号请按3'],
            [
              {
                ...branch(
                  'b1',
                  '转人工',
                  'affirm',
                  [],
                  transfer(seatGroupId, { flowId: 'main', nodeId: 'bye' }),
                ),
                dtmf: '1',
              },
              {
                ...branch('b2', '结束', 'deny', [], { action: 3, flowId: 'main', nodeId: 'bye' }),
                dtmf: '2',
              },
              {
                ...branch('b3', '编号', 'neutral', [], { action: 3, flowId: 'main', nodeId: 'code' }),
                dtmf: '3',
              },
            ],
            { type: 'ivr' },
          ),
          node('code', '输入编号', ['请输入四位编号'], [], {
            type: 'gather',
            gatherDigits: 4,
            next: { action: 3, flowId: 'main', nodeId: 'hop' },
          }),
          node('hop', '跳转', [], [], { type: 'jump', next: { action: 3, flowId: 'main', nodeId: 'bye' } }),
          statement('bye', '再见', '感谢您的来电，再见', hangUp),
        ],
      },
    ],
    knowledge: [],
    intentLabels: [],
    intentRules: [],
    hotWords: [],
    interceptKeywords: [],
  });
}
