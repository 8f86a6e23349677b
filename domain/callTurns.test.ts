import type { BotDefinition } from './bot/definition';
import { branchScores, roundsFromLines, scoreFromLines } from './callTurns';

const robot = (text: string, reason: unknown = null) => ({ khtype: 'robot', khcontent: text, reason });
const customer = (text: string) => ({ khtype: 'customer', khcontent: text, reason: null });
const hit = (branchId: string) => ({ kind: 'branch', flowId: 'f1', nodeId: 'n1', branchId, text: '' });

const def = {
  flows: [
    {
      id: 'f1',
      nodes: [
        {
          id: 'n1',
          branches: [
            { id: 'yes', score: 10 },
            { id: 'no', score: -5 },
            { id: 'ask', score: 3 },
          ],
        },
      ],
    },
  ],
} as unknown as BotDefinition;

describe('rounds and score from the transcript', () => {
  it('counts the customer turns the robot answered', () => {
    const three = [
      robot('您好'),
      customer('你好'),
      robot('有贷款需要吗', hit('yes')),
      customer('有'),
      customer('利率多少'),
      robot('三点五', hit('ask')),
      customer('好的'),
      robot('再见', hit('yes')),
    ];
    expect(roundsFromLines(three)).toBe(3);
    // A last customer line nobody answered (the customer hung up) is no round; empty lines are no turn.
    expect(roundsFromLines([robot('您好'), customer(''), robot('喂？'), customer('再见')])).toBe(0);
    expect(roundsFromLines([])).toBe(0);
  });

  it('adds up the scores of the branches the robot took', () => {
    const scores = branchScores(def);
    expect(scores.get('f1/n1/yes')).toBe(10);
    const lines = [
      robot('a', hit('yes')),
      customer('x'),
      robot('b', JSON.stringify(hit('no'))),
      robot('c', hit('ask')),
    ];
    expect(scoreFromLines(lines, scores)).toBe(8);
    expect(scoreFromLines([robot('a', { kind: 'noMatch', text: '' }), robot('b', hit('gone'))], scores)).toBe(
      0,
    );
    expect(branchScores(null).size).toBe(0);
  });
});
