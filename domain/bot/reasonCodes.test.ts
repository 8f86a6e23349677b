// Every reason the engine and the grade give carries a code (domain/reasons.ts) whose zh-CN
// rendering is exactly its stored text: the client can say it in the reader's language.
import fc from 'fast-check';
import { messageOf, reasonZh } from '../reasons';
import { compile } from './compile';
import { DEMO_BOTS } from './demo';
import { start, step } from './engine';
import { grade } from './grade';
import type { BotEvent, Reason } from './session';

const SENTENCES = [
  '可以',
  '不要',
  '多少钱',
  '你是机器人吗',
  '转人工',
  '我在开车，晚点再说',
  '别再打了',
  '嗯',
  '什么',
  '打错了',
];

const eventArb: fc.Arbitrary<Omit<BotEvent, 'at'>> = fc.oneof(
  fc.constant({ type: 'silence' as const }),
  fc.constant({ type: 'playbackFinished' as const }),
  fc.record({ type: fc.constant('asrFinal' as const), text: fc.constantFrom(...SENTENCES) }),
  fc.record({ type: fc.constant('asrPartial' as const), text: fc.constantFrom('你好你好你好') }),
  fc.record({ type: fc.constant('dtmf' as const), digit: fc.constantFrom('1', '2') }),
  fc.record({ type: fc.constant('llmReply' as const), text: fc.option(fc.constant('好的')) }),
  fc.record({
    type: fc.constant('transferFailed' as const),
    why: fc.constant({ code: 'seat_noSeat' as const }),
  }),
);

function expectCoded(r: Reason): void {
  const m = messageOf(r);
  expect({ kind: r.kind, text: r.text, coded: m !== null }).toEqual({
    kind: r.kind,
    text: r.text,
    coded: true,
  });
  expect(reasonZh(m!)).toBe(r.text);
}

it.each(DEMO_BOTS.map((b) => [b.key, b.definition] as const))(
  '%s: every reason has a code rendering its text',
  (_key, def) => {
    const bot = compile(def);
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 12 }), (events) => {
        let r = step(bot, start(bot), { type: 'answered', at: 0 });
        r.actions.forEach((a) => expectCoded(a.reason));
        events.forEach((e, i) => {
          r = step(bot, r.state, { ...e, at: (i + 1) * 1000 } as BotEvent);
          r.actions.forEach((a) => expectCoded(a.reason));
        });
        const g = grade(bot, r.state, { durationSeconds: 30, callStatus: 'answered' });
        expectCoded(g.reason);
        expect(g.factMessages!.map(reasonZh)).toEqual(g.facts);
      }),
      { numRuns: 60, seed: 20261127 },
    );
  },
);
