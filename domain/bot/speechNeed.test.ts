import { check } from './check';
import { branch, hangUp, node, statement, waitReply } from './demo/build';
import { keypadBot as ivrBot } from './demo/keypad';
import { fixtureBot } from './demo/fixture';
import { listensForSpeech, nodeWaitsForSpeech } from './speechNeed';

describe('whether a bot listens for speech', () => {
  it('a key-press bot (ivr, gather, jump and statement nodes) never does', () => {
    expect(check(ivrBot())).toEqual([]);
    expect(listensForSpeech(ivrBot())).toBe(false);
  });

  it('a node with keyword branches, or a prompt that waits for the customer, does', () => {
    expect(listensForSpeech(fixtureBot())).toBe(true);
    const waiting = ivrBot();
    waiting.flows[0]!.nodes.push(statement('ask', '提问', '您还有什么问题吗', waitReply));
    expect(listensForSpeech(waiting)).toBe(true);
    const open = ivrBot();
    open.flows[0]!.nodes.push(node('open', '开放', ['请讲'], []));
    expect(nodeWaitsForSpeech(open.flows[0]!.nodes.at(-1)!)).toBe(true);
    expect(listensForSpeech(open)).toBe(true);
  });

  it('counts every flow, multi-round ones too', () => {
    const def = ivrBot();
    def.flows.push({
      id: 'talk',
      name: '多轮',
      kind: 'multi',
      startNodeId: 't1',
      nodes: [node('t1', '多轮问', ['您觉得呢'], [branch('t-ok', '好', 'affirm', ['好'], hangUp)])],
    });
    expect(listensForSpeech(def)).toBe(true);
  });
});
