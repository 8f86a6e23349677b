import { greetingKindOf, resultLevelOf } from '../../../domain/telephony';
import {
  DEFAULT_PERSONAS,
  newMemory,
  nlsml,
  pickPersona,
  replyTo,
  SIGNALLING,
  type Outcome,
  type Persona,
} from './personas';
import { mulberry32 } from './random';

const LEVEL: Record<Outcome, number | null> = {
  answer: null,
  voicemail: 70,
  assistant: 70,
  busy: 67,
  inCall: 69,
  noAnswer: 68,
  vacant: 63,
  poweredOff: 62,
  suspended: 64,
  refused: 65,
  barred: 79,
  unreachable: 66,
};

describe('personas', () => {
  it('every outcome maps to its result level', () => {
    for (const [outcome, sig] of Object.entries(SIGNALLING) as Array<
      [Outcome, (typeof SIGNALLING)[Outcome]]
    >) {
      const greeting = outcome === 'voicemail' || outcome === 'assistant' ? outcome : null;
      expect([
        outcome,
        resultLevelOf({ hangupCause: sig.cause, sipStatus: sig.sip, answered: sig.answered, greeting }),
      ]).toEqual([outcome, LEVEL[outcome]]);
    }
  });

  it('default personas are valid, and their greetings classify as their outcome', () => {
    const outcomes = new Set(Object.keys(SIGNALLING));
    for (const p of DEFAULT_PERSONAS) {
      expect(outcomes.has(p.outcome)).toBe(true);
      if (p.match) expect(() => new RegExp(p.match!)).not.toThrow();
      // A voicemail box may have no greeting at all: only its beep (mod_avmd) gives it away.
      if (p.outcome === 'assistant' || (p.outcome === 'voicemail' && p.greeting))
        expect(greetingKindOf(p.greeting ?? '')).toBe(p.outcome);
      if (p.outcome === 'voicemail' && !p.greeting) expect(p.beep).not.toBe(false);
    }
  });

  it('picks matched personas first, then by weight, reproducibly', () => {
    expect(pickPersona(DEFAULT_PERSONAS, '9999', mulberry32(1)).name).toBe('test-line');
    const draw = (seed: number) =>
      Array.from(
        { length: 50 },
        (_, i) => pickPersona(DEFAULT_PERSONAS, `138${i}`, mulberry32(seed + i)).name,
      );
    expect(draw(7)).toEqual(draw(7));
    expect(new Set(draw(7)).size).toBeGreaterThan(4);
  });

  it('replies by keyword, stays silent when told, hangs up after N rounds', () => {
    const p: Persona = {
      name: 'p',
      outcome: 'answer',
      rules: [{ when: ['利率'], say: '多少' }],
      otherwise: '嗯',
      silentRounds: [2],
      hangupAfterRounds: 3,
    };
    expect(replyTo(p, 1, '我们的利率很低')).toEqual({ say: '多少', dtmf: undefined, hangup: undefined });
    expect(replyTo(p, 2, '利率')).toEqual({});
    expect(replyTo(p, 3, '别的')).toEqual({ say: '嗯', hangup: true });
  });

  it('writes an NLSML result', () => {
    expect(nlsml('a<b', 80, 'g')).toContain('<interpretation grammar="g" confidence="80">');
    expect(nlsml('a<b', 80)).toContain('<input mode="speech">a&lt;b</input>');
  });
});

const persona = (name: string): Persona => DEFAULT_PERSONAS.find((p) => p.name === name)!;
/** The phrasings of the persona's first rule that listens for `word` (a `once` rule or not). */
const saysFor = (p: Persona, word: string, once = false): string[] => {
  const r = p.rules!.find((x) => x.when.includes(word) && !!x.once === once)!;
  return [...(r.say === undefined ? [] : [r.say]), ...(r.says ?? [])];
};
const RANDOM = DEFAULT_PERSONAS.filter((p) => !p.match);
const PEOPLE = RANDOM.filter((p) => p.outcome === 'answer');

describe('phrasings', () => {
  const p: Persona = {
    name: 'p',
    outcome: 'answer',
    rules: [{ when: ['利率'], say: '多少', says: ['利率是多少？', '几个点？'] }],
    otherwise: ['嗯', '你说', '好的'],
  };

  it('picks one of say and says with the seeded rng: the same for the same seed, varied over seeds', () => {
    const run = (seed: number) => {
      const rng = mulberry32(seed);
      return Array.from({ length: 6 }, (_, i) => replyTo(p, i + 1, i % 2 ? '利率很低' : '别的', rng).say);
    };
    expect(run(3)).toEqual(run(3));
    const said = new Set(Array.from({ length: 40 }, (_, seed) => run(seed)).flat());
    expect(said).toEqual(new Set(['多少', '利率是多少？', '几个点？', '嗯', '你说', '好的']));
  });

  it('without an rng says the first phrasing (say, or the first of says)', () => {
    expect(replyTo(p, 1, '利率').say).toBe('多少');
    expect(replyTo(p, 1, '别的').say).toBe('嗯');
    expect(replyTo({ ...p, rules: [{ when: ['利率'], says: ['几个点？'] }] }, 1, '利率').say).toBe(
      '几个点？',
    );
  });

  it('a once rule answers once a call, then the next matching rule does', () => {
    const q: Persona = {
      name: 'q',
      outcome: 'answer',
      rules: [
        { when: ['贷款'], say: '利率多少？', once: true },
        { when: ['贷款'], say: '有需要' },
      ],
    };
    const memory = newMemory();
    expect(replyTo(q, 1, '还有贷款需求吗', undefined, memory).say).toBe('利率多少？');
    expect(replyTo(q, 2, '还有贷款需求吗', undefined, memory).say).toBe('有需要');
    expect(replyTo(q, 3, '还有贷款需求吗', undefined, newMemory()).say).toBe('利率多少？');
  });

  it('rules sharing a once name answer once a call between them', () => {
    const q: Persona = {
      name: 'q',
      outcome: 'answer',
      rules: [
        { when: ['贷款'], say: '利率多少？', once: 'ask' },
        { when: ['吗'], say: '多少钱？', once: 'ask' },
      ],
      otherwise: '太贵了',
    };
    const memory = newMemory();
    const said = ['还有贷款需求吗', '还有贷款需求吗', '要不要了解一下吗'].map(
      (prompt, i) => replyTo(q, i + 1, prompt, undefined, memory).say,
    );
    expect(said).toEqual(['利率多少？', '太贵了', '太贵了']);
    expect(replyTo(q, 1, '要不要了解一下吗', undefined, newMemory()).say).toBe('多少钱？');
  });

  it('a rule with a chance answers only that share of the time', () => {
    const q: Persona = {
      name: 'q',
      outcome: 'answer',
      rules: [
        { when: ['贷款'], say: '利率多少？', chance: 0.3 },
        { when: ['贷款'], say: '有需要' },
      ],
    };
    const rng = mulberry32(11);
    const asked = Array.from({ length: 1000 }, () => replyTo(q, 1, '贷款', rng).say).filter(
      (s) => s === '利率多少？',
    ).length;
    expect(asked).toBeGreaterThan(240);
    expect(asked).toBeLessThan(360);
  });

  it('hangs up after N replies, whatever the number of prompts', () => {
    const q: Persona = {
      name: 'q',
      outcome: 'answer',
      otherwise: '不需要',
      silentRounds: [2],
      hangupAfterReplies: 2,
    };
    const memory = newMemory();
    expect(replyTo(q, 1, 'a', undefined, memory)).toEqual({ say: '不需要' });
    expect(replyTo(q, 2, 'b', undefined, memory)).toEqual({});
    expect(replyTo(q, 3, 'c', undefined, memory)).toEqual({ say: '不需要', hangup: true });
  });
});

describe('the default virtual customers', () => {
  it('every rule listens for words and says or presses something; chances are shares', () => {
    for (const p of DEFAULT_PERSONAS)
      for (const r of p.rules ?? []) {
        expect([p.name, r.when.length > 0 && r.when.every((w) => w.length > 0)]).toEqual([p.name, true]);
        expect([p.name, !!(r.say || r.says?.length || r.dtmf)]).toEqual([p.name, true]);
        if (r.chance !== undefined) expect(r.chance > 0 && r.chance <= 1).toBe(true);
      }
  });

  it('weights: people who answer sum to 100 (percent of them), the whole random mix to 200', () => {
    const sum = (list: Persona[]) => list.reduce((s, p) => s + (p.weight ?? 1), 0);
    expect(sum(PEOPLE)).toBe(100);
    expect(sum(RANDOM)).toBe(200);
    const share = (names: string[]) => sum(PEOPLE.filter((p) => names.includes(p.name)));
    expect(share(['interested'])).toBe(20);
    expect(share(['asks-human', 'wants-manager'])).toBe(8);
    expect(share(['lukewarm'])).toBe(12);
    expect(share(['busy-later'])).toBe(12);
    expect(share(['declines', 'already-done', 'not-now', 'not-interested', 'too-expensive'])).toBe(22);
    expect(share(['stop-calling', 'hostile'])).toBe(6);
  });

  it('every random persona is reachable by the weighted draw', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 20000; i++) {
      const name = pickPersona(DEFAULT_PERSONAS, `137${String(i).padStart(8, '0')}`, mulberry32(i)).name;
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(RANDOM.map((p) => p.name).sort());
    // The draw follows the weights (interested: 20 of 200).
    expect(seen.get('interested')! / 20000).toBeCloseTo(0.1, 1);
  });

  it('the interested one answers any script by its words', () => {
    const p = persona('interested');
    // Its questions (once, by chance) already asked: the plain answers.
    const memory = {
      used: p.rules!.flatMap((r, i) => (typeof r.once === 'string' ? [r.once] : r.once ? [String(i)] : [])),
      replies: 0,
    };
    const say = (prompt: string) => replyTo(p, 1, prompt, mulberry32(prompt.length), memory);
    const cases: Array<[string, string]> = [
      ['您好，本次通话由智能语音助手为您服务。请问是李女士吗？', '女士'],
      ['请问您是王先生本人吗？', '先生'],
      ['您之前咨询过房贷，请问现在还有贷款需求吗？', '贷款'],
      ['请问您大概需要贷款多少钱呢？', '贷款多少'],
      ['请问是购买首套房还是二套房呢？', '还是二套'],
      ['您看需要我帮您安排客户经理联系您吗？', '经理联系'],
      ['稍后让课程顾问给您回电，帮您详细介绍课程，可以吗？', '顾问给您'],
      ['稍后安排专人与您联系，为您讲解贷款方案，好吗？', '与您联系'],
      ['请问是您自己学习，还是给孩子报课呢？', '孩子'],
      ['您想学哪个方向的课程呢？', '方向'],
      ['本周六上午有一节免费试听课，您能来参加吗？', '参加'],
      ['您看什么时候方便来试听？', '什么时候'],
      ['请问房子还在出租吗？', '出租'],
      ['请问房子是几室几厅，月租金大概多少？', '几室'],
      ['请问您哪天方便经纪人上门拍照？', '哪天'],
      ['我们的服务费是半个月租金，您看可以接受吗？', '服务费'],
      ['好的，我现在为您转接专属客户经理，请稍等。', '转接'],
      ['喂，您好，还能听到我说话吗？', '听到'],
      ['好的，稍后短信发给您，再见。', '再见'],
    ];
    for (const [prompt, word] of cases) {
      const said = say(prompt).say!;
      expect([prompt, saysFor(p, word).includes(said) ? 'as expected' : said]).toEqual([
        prompt,
        'as expected',
      ]);
    }
    expect(say('如需经纪人上门拍照，请按1；暂不需要请按2。')).toMatchObject({ dtmf: '1' });
    expect(say('请在键盘上输入门牌号的后四位。')).toMatchObject({ dtmf: '1208' });
  });

  it('the interested one asks its question at most once, mostly when the subject first comes up', () => {
    const p = persona('interested');
    const asks = saysFor(p, '贷款', true);
    let asked = 0;
    for (let seed = 0; seed < 200; seed++) {
      const memory = newMemory();
      const rng = mulberry32(seed);
      const first = replyTo(p, 2, '请问现在还有贷款需求吗？', rng, memory).say!;
      const second = replyTo(p, 3, '请问现在还有贷款需求吗？', rng, memory).say!;
      if (asks.includes(first)) asked++;
      expect([first, second].filter((x) => asks.includes(x)).length).toBeLessThanOrEqual(1);
    }
    expect(asked).toBeGreaterThan(110);
    expect(asked).toBeLessThan(170);
  });

  it('people decline, put off, object and hang up in many ways', () => {
    const heard = (name: string, prompt: string) => {
      const said = new Set<string>();
      let hangups = 0;
      for (let seed = 0; seed < 60; seed++) {
        const memory = newMemory();
        const rng = mulberry32(seed);
        for (let round = 1; round <= 4; round++) {
          const r = replyTo(persona(name), round, prompt, rng, memory);
          if (r.say) said.add(r.say);
          if (r.hangup) {
            hangups++;
            break;
          }
        }
      }
      return { said, hangups };
    };
    const ask = '请问您现在还有这方面的需要吗？';
    expect(heard('declines', ask).said.size).toBeGreaterThanOrEqual(4);
    expect(heard('declines', ask).hangups).toBe(60);
    expect([...heard('busy-later', ask).said].join()).toMatch(/开车.*晚点|明天下午再打/);
    expect(heard('stop-calling', ask).said).toContain('别再打了');
    expect([...heard('already-done', '请问还有贷款需求吗？').said].join()).toMatch(/办好了|贷了/);
    expect([...heard('already-done', '请问房子还在出租吗？').said].join()).toMatch(/租出去了/);
    expect([...heard('wrong-person', '请问是张先生吗？').said].join()).toMatch(/打错了|找错人/);
    expect([...heard('asks-human', '本次通话由智能语音助手为您服务').said].join()).toMatch(/转人工/);
    expect([...heard('lukewarm', ask).said].join()).toMatch(/考虑|资料/);
  });
});
