import { compile } from './compile';
import type { BotDefinition, RuleCondition } from './definition';
import { fixtureBot } from './demo/fixture';
import { Fact, GlobalEnd, start, step, type SessionState } from './engine';
import { grade } from './grade';

const facts = { durationSeconds: 60, callStatus: 'answered' };

/** Grade a state (patched) against one rule made of `conditions`; 21 when it holds. */
function holds(conditions: RuleCondition[], patch: (s: SessionState) => void = () => {}, f = facts): boolean {
  const bot = compile(
    fixtureBot((d) => (d.intentRules = [{ id: 'r', name: '测试', level: 21, conditions }])),
  );
  const s = start(bot);
  patch(s);
  return grade(bot, s, f).level === 21 && grade(bot, s, f).reason.ruleId === 'r';
}
const num = (item: RuleCondition['item'], op: 1 | 2, value: number): RuleCondition => ({ item, op, value });

describe('intention rule items', () => {
  it('5000 hit all questions: count, or listed titles', () => {
    expect(holds([num(5000, 1, 2)], (s) => (s.q = [0, 1]))).toBe(true);
    expect(holds([num(5000, 1, 2)], (s) => (s.q = [0]))).toBe(false);
    expect(
      holds([{ item: 5000, keywords: ['价格', '高优先级'], matchCount: 2 }], (s) => (s.q = [0, 1])),
    ).toBe(true);
    expect(holds([{ item: 5000, keywords: ['价格', '高优先级'], matchCount: 2 }], (s) => (s.q = [1]))).toBe(
      false,
    );
  });
  it('5001 hit business questions only', () => {
    expect(holds([num(5001, 1, 1)], (s) => (s.q = [0]))).toBe(false);
    expect(holds([num(5001, 1, 1)], (s) => (s.q = [1]))).toBe(true);
    expect(holds([{ item: 5001, keywords: ['价格'], matchCount: 1 }], (s) => (s.q = [1]))).toBe(true);
  });
  it('5002 affirm, 5003 refuse, 5004 speech, 5010 rounds with both operators', () => {
    const set = (s: SessionState) => (s.c = [2, 0, 1, 3, 4]);
    expect(holds([num(5002, 1, 2)], set)).toBe(true);
    expect(holds([num(5002, 2, 1)], set)).toBe(false);
    expect(holds([num(5003, 2, 1)], set)).toBe(true);
    expect(holds([num(5003, 1, 2)], set)).toBe(false);
    expect(holds([num(5004, 1, 3)], set)).toBe(true);
    expect(holds([num(5004, 2, 2)], set)).toBe(false);
    expect(holds([num(5010, 1, 4)], set)).toBe(true);
    expect(holds([num(5010, 2, 3)], set)).toBe(false);
  });
  it('5005 call duration from the facts', () => {
    expect(holds([num(5005, 1, 60)])).toBe(true);
    expect(holds([num(5005, 2, 30)])).toBe(false);
  });
  it('5007 finished main flow: 1 yes, 0 no', () => {
    expect(holds([num(5007, 1, 1)], (s) => (s.fin = 1))).toBe(true);
    expect(holds([num(5007, 1, 0)], (s) => (s.fin = 1))).toBe(false);
    expect(holds([num(5007, 1, 0)])).toBe(true);
  });
  it('5008 call status compared with the facts', () => {
    expect(holds([{ item: 5008, keywords: ['answered'] }])).toBe(true);
    expect(holds([{ item: 5008, keywords: ['busy'] }])).toBe(false);
  });
  it('5006 content over the whole call and 5009 the last sentence', () => {
    const def = fixtureBot((d) => {
      d.intentRules = [
        {
          id: 'c',
          name: '内容',
          level: 22,
          conditions: [{ item: 5006, keywords: ['考虑', '商量'], matchCount: 2 }],
        },
        {
          id: 'l',
          name: '最后一句',
          level: 23,
          conditions: [{ item: 5009, keywords: ['再说'], matchCount: 1 }],
        },
      ];
    });
    const bot = compile(def);
    let s = step(bot, start(bot), { type: 'answered', at: 0 }).state;
    const say = (text: string, at: number) => {
      s = step(bot, s, { type: 'playbackFinished', at }).state;
      s = step(bot, s, { type: 'asrFinal', text, at }).state;
    };
    say('我考虑一下', 1000);
    expect(grade(bot, s, facts).level).not.toBe(22);
    say('以后再说', 2000);
    expect(grade(bot, s, facts).reason.ruleId).toBe('l');
    say('和家里商量', 3000);
    expect(grade(bot, s, facts)).toMatchObject({ level: 22, reason: { kind: 'rule', ruleId: 'c' } });
  });
  it('all conditions must hold and the first rule in order wins, with its label', () => {
    const def: BotDefinition = fixtureBot((d) => {
      d.intentRules = [
        { id: 'x', name: '甲', level: 21, conditions: [num(5002, 1, 1), num(5003, 1, 1)] },
        { id: 'y', name: '乙', level: 22, conditions: [num(5002, 1, 1)], label: '有意向' },
        { id: 'z', name: '丙', level: 23, conditions: [num(5002, 1, 1)] },
      ];
    });
    const bot = compile(def);
    const s = start(bot);
    s.c = [1, 0, 0, 1, 1];
    s.lb = ['拒绝'];
    const factMessages = [
      { code: 'fact_affirm', params: { n: '1' } },
      { code: 'fact_seconds', params: { n: '60' } },
    ];
    expect(grade(bot, s, facts)).toEqual({
      level: 22,
      labels: ['拒绝', '有意向'],
      facts: ['肯定1次', '通话60秒'],
      factMessages,
      reason: {
        kind: 'rule',
        ruleId: 'y',
        // The author's rule name stays as written; the platform's words are codes.
        code: 'gradeRule',
        params: { facts: factMessages, rule: '乙', grade: 'B' },
        text: '肯定1次、通话60秒 → 规则「乙」→ B',
      },
    });
  });
});

describe('without a holding rule', () => {
  const gradeWith = (ruleSet: 1 | 2, counters: SessionState['c'], extra: Partial<SessionState> = {}) => {
    const bot = compile(fixtureBot((d) => (d.settings.defaultRuleSet = ruleSet)));
    const s = { ...start(bot), c: counters, ...extra };
    return grade(bot, s, facts);
  };
  it('a level set during the call wins', () => {
    expect(gradeWith(1, [0, 0, 0, 0, 0], { lv: 22 }).level).toBe(22);
  });
  // Counters: [affirm, deny, refuse, sentences, rounds]; x: Fact bits; g: how the call ended.
  it('strict default rules grade like a sales manager', () => {
    // A need with something concrete (figures, a callback, a visit, the transfer, 2 business questions).
    expect(gradeWith(1, [2, 0, 0, 3, 3], { x: Fact.Need | Fact.Figures }).level).toBe(21);
    expect(gradeWith(1, [1, 0, 0, 3, 3], { x: Fact.Need | Fact.Callback }).level).toBe(21);
    expect(gradeWith(1, [1, 0, 0, 3, 3], { x: Fact.Need, bq: 2 }).level).toBe(21);
    // A need and one question, or yes three times: B.
    expect(gradeWith(1, [1, 0, 0, 3, 3], { x: Fact.Need, bq: 1 }).level).toBe(22);
    expect(gradeWith(1, [3, 0, 0, 3, 3]).level).toBe(22);
    // A refusal as the last word: F (strict).
    expect(gradeWith(1, [1, 0, 1, 2, 2], { lp: -1 }).level).toBe(26);
    // Call me later: E; with a need: B; hesitating: C.
    expect(gradeWith(1, [1, 0, 0, 1, 1], { g: GlobalEnd.CallLater }).level).toBe(25);
    expect(gradeWith(1, [1, 0, 0, 2, 2], { g: GlobalEnd.CallLater, x: Fact.Need }).level).toBe(22);
    expect(gradeWith(1, [1, 0, 0, 2, 2], { g: GlobalEnd.CallLater, x: Fact.Hesitate }).level).toBe(23);
    // Hesitation: C; nothing said: E; a yes and nothing more: D.
    expect(gradeWith(1, [1, 0, 0, 2, 2], { x: Fact.Hesitate }).level).toBe(23);
    expect(gradeWith(1, [0, 0, 0, 0, 0]).level).toBe(25);
    const d = gradeWith(1, [1, 0, 0, 1, 1]);
    expect(d).toMatchObject({ level: 24, reason: { kind: 'defaultRule', ruleId: 'strict-d' } });
    expect(d.reason.text).toBe('肯定1次、通话60秒 → 规则「意向不明」→ D');
  });
  it('opt-out, hostility and the wrong person are F whatever else', () => {
    const interested = { x: Fact.Need | Fact.Figures | Fact.Callback };
    expect(gradeWith(1, [3, 0, 0, 4, 4], { ...interested, g: GlobalEnd.OptOut }).level).toBe(26);
    expect(gradeWith(2, [0, 0, 0, 1, 1], { g: GlobalEnd.Hostile }).level).toBe(26);
    expect(gradeWith(1, [0, 0, 0, 1, 1], { g: GlobalEnd.WrongPerson }).level).toBe(26);
    expect(gradeWith(1, [0, 0, 0, 1, 1], { g: GlobalEnd.OptOut }).reason.text).toContain('要求不再来电');
  });
  it('loose default rules are more generous', () => {
    expect(gradeWith(2, [3, 0, 0, 3, 3], { bq: 1 }).level).toBe(21);
    expect(gradeWith(2, [1, 0, 0, 1, 1], { x: Fact.Need | Fact.Callback }).level).toBe(21);
    // A polite refusal is C, not F.
    expect(gradeWith(2, [0, 0, 1, 1, 1], { lp: -1 }).level).toBe(23);
    expect(gradeWith(2, [1, 0, 0, 1, 1], { bq: 1 }).level).toBe(22);
    expect(gradeWith(2, [0, 0, 0, 0, 0]).level).toBe(25);
  });
});
