import { greetingKindOf, resultLevelOf } from '../../../domain/telephony';
import {
  DEFAULT_PERSONAS,
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
