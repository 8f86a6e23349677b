import fc from 'fast-check';
import { check } from './check';
import { compile, type CompiledBot } from './compile';
import type { BotDefinition, FlowNode, NextStep } from './definition';
import { DEFAULT_SETTINGS, NODE_TYPES } from './definition';
import { DEMO_BOTS } from './demo';
import { serialise, start, step } from './engine';
import { grade } from './grade';
import type { BotEvent } from './session';

const WORDS = ['可以', '不要', '价格', '留言', '十五', '好的', '嗯', '什么', 'ok', '是的吧'];

/** Events without `at`: times are added in increasing order by the runner. */
const eventArb: fc.Arbitrary<Omit<BotEvent, 'at'>> = fc.oneof(
  fc.constant({ type: 'answered' as const }),
  fc.constant({ type: 'playbackFinished' as const }),
  fc.constant({ type: 'silence' as const }),
  fc.record({
    type: fc.constant('asrFinal' as const),
    text: fc.oneof(fc.constantFrom(...WORDS), fc.string()),
  }),
  fc.record({ type: fc.constant('asrPartial' as const), text: fc.constantFrom(...WORDS) }),
  fc.record({ type: fc.constant('dtmf' as const), digit: fc.constantFrom('1', '2', '3', '#') }),
  fc.record({
    type: fc.constant('llmReply' as const),
    text: fc.option(fc.constantFrom('好的', '我们在北京')),
  }),
);

/** Runs events with increasing `at`, then one event past the maximum; the call must have ended. */
function runAndCheck(bot: CompiledBot, events: Omit<BotEvent, 'at'>[], gaps: number[]): void {
  let state = step(bot, start(bot), { type: 'answered', at: 0 }).state;
  let at = 0;
  let ended = false;
  events.forEach((e, i) => {
    at += gaps[i % gaps.length]!;
    const before = serialise(state);
    const r = step(bot, state, { ...e, at } as BotEvent);
    expect(serialise(state)).toBe(before);
    if (ended) expect(r.actions).toEqual([]);
    ended = r.ended;
    state = r.state;
  });
  const last = step(bot, state, { type: 'silence', at: Math.max(at, bot.maxMs) });
  expect(last.ended).toBe(true);
  expect(() => grade(bot, last.state, { durationSeconds: at / 1000 })).not.toThrow();
}

const eventsArb = fc.array(eventArb, { maxLength: 60 });
const gapsArb = fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 5 });

describe.each(DEMO_BOTS)('random calls on demo bot $key', (demo) => {
  const bot = compile(demo.definition);
  it('never throw and always end by the maximum duration', () => {
    fc.assert(
      fc.property(eventsArb, gapsArb, (events, gaps) => runAndCheck(bot, events, gaps)),
      { numRuns: 300 },
    );
  });
});

const ids = ['a', 'b', 'c', 'x'];
const stepArb: fc.Arbitrary<NextStep> = fc.record({
  action: fc.constantFrom(0, 1, 2, 3, 4) as fc.Arbitrary<NextStep['action']>,
  flowId: fc.option(fc.constantFrom('f0', 'f1', 'f2', 'zz')),
  nodeId: fc.option(fc.constantFrom(...ids)),
  seatGroupId: fc.option(fc.nat(3)),
});
const keywordsArb = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('可以~3', '好~x', '')), {
  maxLength: 4,
});
const nodeArb = (id: string): fc.Arbitrary<FlowNode> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`节点${id}`),
    type: fc.constantFrom(...NODE_TYPES),
    prompts: fc.array(fc.record({ text: fc.constantFrom('你好', '请问') }), { maxLength: 2 }),
    interruptible: fc.boolean(),
    waitSeconds: fc.option(fc.integer({ min: 1, max: 10 })),
    branches: fc.array(
      fc.record({
        id: fc.constantFrom('b1', 'b2'),
        name: fc.constant('分支'),
        property: fc.constantFrom('affirm', 'deny', 'refuse', 'neutral', 'other'),
        keywords: keywordsArb,
        matchCount: fc.integer({ min: 0, max: 12 }),
        ignoreKeywords: fc.array(fc.constantFrom(...WORDS), { maxLength: 1 }),
        dtmf: fc.option(fc.constantFrom('1', '2')),
        prompts: fc.array(fc.record({ text: fc.constant('好') }), { maxLength: 2 }),
        score: fc.constant(0),
        next: stepArb,
      }),
      { maxLength: 3 },
    ),
    noMatch: fc.record({ prompts: fc.constant([]), repeat: fc.integer({ min: 0, max: 6 }), then: stepArb }),
    silence: fc.record({
      prompts: fc.constant([{ text: '在吗' }]),
      repeat: fc.integer({ min: 1, max: 5 }),
      then: stepArb,
    }),
    next: fc.option(stepArb),
    gatherDigits: fc.option(fc.integer({ min: 0, max: 3 })),
  });
const definitionArb: fc.Arbitrary<BotDefinition> = fc
  .record({
    flows: fc.array(
      fc.record({
        kind: fc.constantFrom('main', 'multi') as fc.Arbitrary<'main' | 'multi'>,
        startNodeId: fc.constantFrom(...ids),
        nodes: fc.tuple(nodeArb('a'), nodeArb('b'), nodeArb('c')),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    knowledge: fc.array(
      fc.record({
        keywords: keywordsArb,
        answerMode: fc.constantFrom('single', 'multi', 'jump') as fc.Arbitrary<'single' | 'multi' | 'jump'>,
        jump: fc.option(stepArb),
        highPriority: fc.boolean(),
        ignoreSilence: fc.boolean(),
        playWithMainFlow: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    maxCallMinutes: fc.integer({ min: 0, max: 3 }),
    exact: fc.boolean(),
    llm: fc.boolean(),
  })
  .map((g) => ({
    settings: {
      ...DEFAULT_SETTINGS,
      maxCallMinutes: g.maxCallMinutes,
      keywordMatchMode: g.exact ? 'exact' : 'contains',
    },
    flows: g.flows.map((f, i) => ({ id: `f${i}`, name: `流程${i}`, ...f, nodes: [...f.nodes] })),
    knowledge: g.knowledge.map((q, i) => ({
      id: `q${i}`,
      title: `问题${i}`,
      type: 20001,
      matchCount: 1,
      prompts: [{ text: '答' }],
      ...q,
    })),
    intentLabels: [],
    intentRules: [
      {
        id: 'r',
        name: '规则',
        level: 21,
        conditions: [
          { item: 5006, keywords: ['可以'], matchCount: 1 },
          { item: 5009, keywords: ['好的'] },
        ],
      },
    ],
    hotWords: [],
    interceptKeywords: ['留言'],
    llm: { answerUnmatched: g.llm, gradeCall: false },
  }));

describe('random definitions', () => {
  it('compile, never throw and always end by the maximum duration', () => {
    fc.assert(
      fc.property(definitionArb, eventsArb, gapsArb, (def, events, gaps) => {
        expect(() => check(def)).not.toThrow();
        runAndCheck(compile(def), events, gaps);
      }),
      { numRuns: 300 },
    );
  });
});
