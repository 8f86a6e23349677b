import { compile } from './compile';
import type { BotDefinition } from './definition';
import { fixtureBot } from './demo/fixture';
import { charSegmenter } from './understand/segment';
import { deserialise, serialise, start, step, type SessionState } from './engine';
import type { BotAction, BotEvent } from './session';

/** An event without its time (distributed over the union so each variant keeps its fields). */
type EventIn = BotEvent extends infer E
  ? E extends BotEvent
    ? Omit<E, 'at'> & { at?: number }
    : never
  : never;

type Run = {
  bot: ReturnType<typeof compile>;
  state: SessionState;
  actions: BotAction[];
  ended: boolean;
  at: number;
};

function open(patch?: (def: BotDefinition) => void): Run {
  // One character a word: these tests are about the engine's moves, not about segmentation
  // (understand/*.test.ts test that with jieba).
  const bot = compile(fixtureBot(patch), { segmenter: charSegmenter });
  const r = step(bot, start(bot), { type: 'answered', at: 0 });
  return { bot, state: r.state, actions: r.actions, ended: r.ended, at: 0 };
}

/** Send an event (playbackFinished first for speech, like a real call), return the actions. */
function send(run: Run, event: EventIn, finishPlayback = true): BotAction[] {
  run.at = event.at ?? run.at + 1000;
  if (finishPlayback) run.state = step(run.bot, run.state, { type: 'playbackFinished', at: run.at }).state;
  const r = step(run.bot, run.state, { ...event, at: run.at } as BotEvent);
  run.state = r.state;
  run.actions = r.actions;
  run.ended = r.ended;
  return r.actions;
}
const say = (run: Run, text: string) => send(run, { type: 'asrFinal', text });
const types = (actions: BotAction[]) => actions.map((a) => a.type);
const played = (actions: BotAction[]) => actions.flatMap((a) => (a.type === 'play' ? [a.text] : []));

describe('start', () => {
  it('plays the first main flow start node and listens', () => {
    const run = open();
    expect(types(run.actions)).toEqual(['play', 'listen']);
    expect(run.actions[0]).toMatchObject({
      text: '您好，请问需要吗？',
      interruptible: true,
      reason: { kind: 'start' },
    });
    expect(run.actions[1]).toMatchObject({ waitSeconds: 5 });
  });
  it('uses the node waitSeconds when set', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.waitSeconds = 9));
    expect(run.actions[1]).toMatchObject({ waitSeconds: 9 });
  });
  it('hangs up when there is no main flow', () => {
    const run = open((d) => (d.flows = d.flows.filter((f) => f.kind === 'multi')));
    expect(types(run.actions)).toEqual(['hangup']);
    expect(run.ended).toBe(true);
  });
});

describe('next actions', () => {
  it('0 hangs up', () => {
    const run = open();
    expect(types(say(run, '不需要'))).toEqual(['play', 'hangup']);
    expect(run.ended).toBe(true);
  });
  it('1 waits on the same node', () => {
    const run = open();
    expect(types(say(run, '等等'))).toEqual(['play', 'listen']);
    expect(run.state.n).toBe(0);
    expect(run.ended).toBe(false);
  });
  it('2 goes to the next main flow, and hangs up after the last one', () => {
    const run = open();
    expect(played(say(run, '需要'))).toEqual(['好的', '第二个问题']);
    expect(types(say(run, '好'))).toEqual(['hangup']);
    expect(run.ended).toBe(true);
    expect(run.state.fin).toBe(1);
  });
  it('3 goes to the given flow and node', () => {
    const run = open();
    expect(played(say(run, '跳转'))).toEqual(['结束了']);
    expect(run.actions[run.actions.length - 1]!.type).toBe('hangup');
  });
  it('4 transfers to the seat group and ends', () => {
    const run = open();
    const actions = say(run, '转过去');
    expect(actions.find((a) => a.type === 'transfer')).toMatchObject({ seatGroupId: 7 });
    expect(actions.find((a) => a.type === 'addLabel')).toMatchObject({ label: '拒绝' });
    expect(run.ended).toBe(true);
  });
  it('4 with a fallback flow goes on there when no seat takes the call', () => {
    const run = open((d) => {
      const b = d.flows[0]!.nodes[0]!.branches.find((x) => x.next.action === 4)!;
      b.next = { ...b.next, flowId: 'second', nodeId: 'end' };
    });
    say(run, '转过去');
    expect(run.ended).toBe(true);
    // Events other than transferFailed stay ignored while the transfer is offered.
    expect(send(run, { type: 'asrFinal', text: '需要' }, false)).toEqual([]);
    const actions = send(run, { type: 'transferFailed', why: '无空闲坐席' }, false);
    expect(played(actions)).toEqual(['结束了']);
    expect(actions[0]!.reason.text).toContain('转接失败（无空闲坐席）');
    expect(run.state.tf).toBeUndefined();
    // A second failure report changes nothing.
    expect(send(run, { type: 'transferFailed', why: 'x' }, false)).toEqual([]);
  });
  it('4 without a fallback ignores transferFailed (the caller hangs up)', () => {
    const run = open();
    say(run, '转过去');
    expect(send(run, { type: 'transferFailed', why: '无空闲坐席' }, false)).toEqual([]);
    expect(run.ended).toBe(true);
  });
  it('a dangling jump hangs up instead of throwing', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.branches[4]!.next = { action: 3, flowId: 'nope' }));
    expect(types(say(run, '跳转'))).toEqual(['hangup']);
  });
  it('a jump loop is cut off', () => {
    const run = open((d) => {
      d.flows[1]!.nodes[1] = {
        ...d.flows[1]!.nodes[1]!,
        type: 'jump',
        next: { action: 3, flowId: 'second', nodeId: 'end' },
      };
    });
    expect(types(say(run, '跳转'))).toEqual(['hangup']);
  });
});

describe('branch matching', () => {
  const withKeywords = (keywords: string[], matchCount: number) => (d: BotDefinition) => {
    const b = d.flows[0]!.nodes[0]!.branches[0]!;
    b.keywords = keywords;
    b.matchCount = matchCount;
  };
  it('match count 1: any keyword', () => {
    expect(played(say(open(withKeywords(['甲', '乙', '丙'], 1)), '乙'))[0]).toBe('好的');
  });
  it('match count 2: all keywords', () => {
    const set = withKeywords(['甲', '乙', '丙'], 2);
    expect(played(say(open(set), '甲乙'))).not.toContain('好的');
    expect(played(say(open(set), '甲乙丙'))[0]).toBe('好的');
  });
  it('match count 3: at least 2 distinct keywords', () => {
    const set = withKeywords(['甲', '乙', '丙'], 3);
    expect(played(say(open(set), '甲甲甲'))).not.toContain('好的');
    expect(played(say(open(set), '甲丙'))[0]).toBe('好的');
  });
  it('match count 11: at least 10 keywords', () => {
    const ten = [...'甲乙丙丁戊己庚辛壬癸'];
    const set = withKeywords([...ten, '子'], 11);
    expect(played(say(open(set), ten.slice(0, 9).join('')))).not.toContain('好的');
    expect(played(say(open(set), ten.join('')))[0]).toBe('好的');
  });
  it('the highest priority wins, a tie goes to the first branch', () => {
    expect(types(say(open(), '不需要'))).toContain('hangup'); // 不需要~5 beats 需要
    const tie = open((d) => (d.flows[0]!.nodes[0]!.branches[1]!.keywords = ['可以']));
    expect(played(say(tie, '可以'))[0]).toBe('好的');
  });
  it('an ignore keyword blocks a branch', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.branches[0]!.ignoreKeywords = ['暂时']));
    expect(played(say(run, '暂时可以'))).not.toContain('好的');
  });
  it('filler words and punctuation are ignored, numerals are folded', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.branches[0]!.keywords = ['15号']));
    expect(played(say(run, '嗯，十五号！'))[0]).toBe('好的');
  });
  it('exact mode needs the whole sentence', () => {
    const exact = (d: BotDefinition) => (d.settings.keywordMatchMode = 'exact');
    expect(played(say(open(exact), '可以的'))).not.toContain('好的');
    expect(played(say(open(exact), '可以。'))[0]).toBe('好的');
  });
  it('rotates phrasings each time a prompt list is played', () => {
    const run = open();
    expect(played(say(run, '等等'))).toEqual(['您请说']);
    const again = open((d) => d.flows[0]!.nodes[0]!.branches[3]!.prompts.push({ text: '请讲' }));
    expect(played(say(again, '等等'))).toEqual(['您请说']);
    expect(played(say(again, '等等'))).toEqual(['请讲']);
    expect(played(say(again, '等等'))).toEqual(['您请说']);
  });
  it('reasons name the node, branch and keywords', () => {
    const reason = say(open(), '可以')[0]!.reason;
    expect(reason).toMatchObject({ kind: 'branch', branchId: 'yes', keywords: ['可以'] });
    expect(reason.text).toContain('节点「询问」分支「肯定」命中「可以」');
  });
});

describe('no match and silence', () => {
  it('plays the no-match fallback repeat times, then takes its next step', () => {
    const run = open();
    expect(played(say(run, '今天天气'))).toEqual(['不好意思，我没太听清，您能再说一遍吗？']);
    expect(played(say(run, '今天天气'))).toEqual(['抱歉，您的意思是？']);
    expect(types(say(run, '今天天气'))).toEqual(['hangup']);
    expect(run.state.fin).toBe(0);
  });
  it('counts silence separately from no match', () => {
    const run = open();
    say(run, '今天天气');
    say(run, '今天天气');
    expect(types(send(run, { type: 'silence' }))).toEqual(['play', 'listen']);
    expect(types(send(run, { type: 'silence' }))).toEqual(['play', 'listen']);
    expect(types(send(run, { type: 'silence' }))).toEqual(['hangup']);
  });
  it('honours the repeat count', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.silence.repeat = 1));
    send(run, { type: 'silence' });
    expect(types(send(run, { type: 'silence' }))).toEqual(['hangup']);
  });
});

describe('knowledge', () => {
  it('a high-priority question beats a branch', () => {
    const run = open((d) => (d.knowledge[0]!.keywords = ['需要']));
    expect(say(run, '需要')[0]!.reason).toMatchObject({ kind: 'knowledge', questionId: 'q-high' });
  });
  it('a keyword inside a longer keyword of a question is the question (需要 in 需要多少)', () => {
    const run = open();
    expect(say(run, '需要多少')[0]!.reason).toMatchObject({ kind: 'knowledge', questionId: 'q-price' });
  });
  it('one sentence that answers the flow and asks a question gets both: the answer, then the branch', () => {
    const run = open();
    const actions = say(run, '需要，价格呢');
    expect(actions.filter((a) => a.type === 'play').map((a) => a.reason.kind)).toEqual([
      'knowledge',
      'branch',
      'branch',
    ]);
    expect(played(actions).slice(0, 2)).toEqual(['一百元', '好的']);
    expect(actions.find((a) => a.type === 'play' && a.reason.kind === 'branch')!.reason).toMatchObject({
      branchId: 'yes',
    });
  });
  it('single answer, with playWithMainFlow re-plays the node prompt and listens', () => {
    const run = open();
    const actions = say(run, '价格呢');
    expect(played(actions)).toEqual(['一百元', '您好，需要吗？']);
    expect(types(actions)).toEqual(['play', 'play', 'listen']);
    expect(run.state.q).toEqual([1]);
  });
  it('multi enters the multi-round flow and returns when it ends with next flow', () => {
    const run = open();
    expect(played(say(run, '详细'))).toEqual(['详细说', '多轮问题']);
    const back = say(run, '明白');
    expect(played(back)).toEqual(['好']);
    expect(types(back)).toEqual(['play', 'listen']);
    expect(back[1]!.reason.text).toContain('回到节点「询问」');
    expect(played(say(run, '可以'))).toEqual(['好的', '第二个问题']);
  });
  it('jump goes to the target', () => {
    const run = open();
    expect(played(say(run, '结束吧'))).toEqual(['好的', '结束了']);
    expect(run.ended).toBe(true);
  });
  it('sets the level, sends SMS, and ignoreSilence skips one silence count', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.silence.repeat = 1));
    const actions = say(run, '你是机器人吗');
    expect(actions.find((a) => a.type === 'setLevel')).toMatchObject({ level: 22 });
    expect(actions.find((a) => a.type === 'sendSms')).toMatchObject({ templateId: 9 });
    expect(types(send(run, { type: 'silence' }))).toEqual(['play', 'listen']);
    expect(types(send(run, { type: 'silence' }))).toEqual(['play', 'listen']);
    expect(types(send(run, { type: 'silence' }))).toEqual(['hangup']);
  });
});

describe('interruption', () => {
  it('two words do not interrupt, three do', () => {
    const run = open();
    expect(send(run, { type: 'asrPartial', text: '不是' }, false)).toEqual([]);
    expect(types(send(run, { type: 'asrPartial', text: '不是的' }, false))).toEqual(['stopPlayback']);
    expect(run.actions[0]!.reason.kind).toBe('interrupt');
  });
  it('a final sentence over an interruptible prompt stops it and is handled', () => {
    const run = open();
    expect(types(send(run, { type: 'asrFinal', text: '我不需要' }, false))).toEqual([
      'stopPlayback',
      'play',
      'hangup',
    ]);
  });
  it('short speech over a prompt is ignored', () => {
    const run = open();
    expect(send(run, { type: 'asrFinal', text: '可以' }, false)).toEqual([]);
  });
  it('a non-interruptible prompt is never interrupted', () => {
    const run = open((d) => (d.flows[0]!.nodes[0]!.interruptible = false));
    expect(send(run, { type: 'asrPartial', text: '我不需要的' }, false)).toEqual([]);
    expect(send(run, { type: 'asrFinal', text: '我不需要的' }, false)).toEqual([]);
  });
});

describe('interception, duration, hangup', () => {
  it('an intercept keyword hangs up with 70', () => {
    const run = open();
    const actions = say(run, '请在提示音后留言');
    expect(actions).toEqual([expect.objectContaining({ type: 'hangup', result: 70 })]);
    expect(actions[0]!.reason).toMatchObject({ kind: 'intercept', keywords: ['留言'] });
    expect(run.ended).toBe(true);
  });
  it('hangs up at the maximum duration', () => {
    const run = open();
    expect(send(run, { type: 'silence', at: 120_000 }, false)).toEqual([
      expect.objectContaining({ type: 'hangup', reason: expect.objectContaining({ kind: 'maxDuration' }) }),
    ]);
  });
  it('never listens past the maximum duration', () => {
    const run = open();
    const actions = send(run, { type: 'asrFinal', text: '等等', at: 118_500 });
    expect(actions.find((a) => a.type === 'listen')).toMatchObject({ waitSeconds: 2 });
  });
  it('a hangup event ends the call with no actions; later events are ignored', () => {
    const run = open();
    expect(send(run, { type: 'hangup', by: 'customer' })).toEqual([]);
    expect(run.ended).toBe(true);
    expect(say(run, '需要')).toEqual([]);
  });
  it('ignores events before answered and a second answered', () => {
    const bot = compile(fixtureBot());
    const s = start(bot);
    expect(step(bot, s, { type: 'asrFinal', text: '需要', at: 1 }).actions).toEqual([]);
    const run = open();
    expect(send(run, { type: 'answered' })).toEqual([]);
  });
});

describe('dtmf', () => {
  const ivr = (d: BotDefinition) => {
    const n = d.flows[0]!.nodes[0]!;
    n.type = 'ivr';
    n.branches[0]!.dtmf = '1';
    n.branches[1]!.dtmf = '2';
  };
  it('chooses an ivr branch by digit, other digits are no match', () => {
    const run = open(ivr);
    expect(send(run, { type: 'dtmf', digit: '9' })[0]!.reason.kind).toBe('noMatch');
    expect(played(send(run, { type: 'dtmf', digit: '1' }))).toEqual(['好的', '第二个问题']);
  });
  it('a digit during an ivr prompt stops it', () => {
    const run = open(ivr);
    expect(types(send(run, { type: 'dtmf', digit: '2' }, false))).toEqual(['stopPlayback', 'play', 'hangup']);
  });
  it('gather collects digits then follows next', () => {
    const run = open((d) => {
      const n = d.flows[0]!.nodes[0]!;
      n.type = 'gather';
      n.gatherDigits = 3;
      n.next = { action: 2 };
    });
    expect(send(run, { type: 'dtmf', digit: '1' })).toEqual([]);
    expect(run.state.dg).toBe('1');
    send(run, { type: 'dtmf', digit: '2' });
    expect(played(send(run, { type: 'dtmf', digit: '3' }))).toEqual(['第二个问题']);
  });
  it('digits on a normal node are ignored', () => {
    expect(send(open(), { type: 'dtmf', digit: '1' })).toEqual([]);
  });
});

describe('llm', () => {
  const llm = (d: BotDefinition) => (d.llm.answerUnmatched = true);
  it('asks the LLM when nothing matched and plays its reply', () => {
    const run = open(llm);
    const ask = say(run, '你们公司在哪');
    expect(ask).toEqual([expect.objectContaining({ type: 'askLlm', utterance: '你们公司在哪' })]);
    expect(say(run, '需要')).toEqual([]); // waiting for the reply
    const reply = send(run, { type: 'llmReply', text: '我们在北京' }, false);
    expect(types(reply)).toEqual(['play', 'listen']);
    expect(reply[0]).toMatchObject({ text: '我们在北京', reason: { kind: 'llm' } });
    const again = say(run, '那上海呢');
    expect(again[0]).toMatchObject({ type: 'askLlm' });
    expect((again[0] as { history: unknown[] }).history.length).toBeGreaterThan(0);
  });
  it('a null reply takes the no-match fallback', () => {
    const run = open(llm);
    say(run, '你们公司在哪');
    expect(send(run, { type: 'llmReply', text: null }, false)[0]!.reason.kind).toBe('noMatch');
  });
  it('an llmReply out of turn is ignored', () => {
    expect(send(open(llm), { type: 'llmReply', text: '你好' })).toEqual([]);
  });
});

describe('state', () => {
  it('never mutates the input state', () => {
    const run = open();
    const frozen = JSON.stringify(run.state);
    const before = run.state;
    for (const t of ['详细', '明白', '价格', '什么']) {
      const prev = JSON.stringify(run.state);
      const s = run.state;
      say(run, t);
      expect(JSON.stringify(s)).toBe(prev);
    }
    expect(JSON.stringify(before)).toBe(frozen);
  });
  it('round-trips through serialise/deserialise', () => {
    const run = open();
    say(run, '详细');
    send(run, { type: 'playbackFinished' }, false);
    const copy = deserialise(serialise(run.state));
    expect(copy).toEqual(run.state);
    expect(
      step(run.bot, copy, { type: 'asrFinal', text: '明白', at: run.at + 5000 }).actions.length,
    ).toBeGreaterThan(0);
    expect(() => deserialise('{"v":2}')).toThrow();
  });
  it('stays under 2 KB after 30 rounds, with LLM history on', () => {
    const run = open((d) => {
      d.llm.answerUnmatched = true;
      d.flows[0]!.nodes[0]!.noMatch.then = { action: 1 };
    });
    const lines = ['详细', '明白', '价格多少', '你是机器人吗', '等等'];
    for (let i = 0; i < 30; i++) {
      say(run, lines[i % lines.length]!);
      if (run.state.p === 2)
        send(run, { type: 'llmReply', text: '这是一个比较长的大模型回答，'.repeat(4) }, false);
      say(run, `这句话谁也听不懂第${i}次说的很长很长很长很长很长很长很长`);
      if (run.state.p === 2) send(run, { type: 'llmReply', text: null }, false);
    }
    expect(run.ended).toBe(false);
    expect(run.state.c[4]).toBeGreaterThanOrEqual(30);
    expect(Buffer.byteLength(serialise(run.state))).toBeLessThanOrEqual(2048);
  });
});
