import { outcomeOf, UNKNOWN_FACTS, type CallFactsIn } from './outcome';

const base: CallFactsIn = {
  answered: false,
  hangupCause: 'USER_BUSY',
  sipStatus: 486,
  createdUs: 1_000_000,
  answeredUs: 0,
  hangupUs: 4_000_000,
  unknown: null,
  greeting: null,
  engineResult: null,
  engineReason: null,
  grade: null,
  rounds: 0,
};
const graded = { level: 22 as const, labels: ['有需求'], reason: { kind: 'rule' as const, text: 'r' } };

describe('outcomeOf', () => {
  it('not answered: the cause table, ring time only', () => {
    expect(outcomeOf(base)).toMatchObject({
      resultLevel: 67,
      grade: null,
      ringMs: 3000,
      talkMs: 0,
      billableMs: 0,
    });
    expect(outcomeOf({ ...base, hangupCause: 'USER_BUSY', sipStatus: 600 }).resultLevel).toBe(69);
  });
  it('answered by a person: the grade, talk time billed', () => {
    const o = outcomeOf({
      ...base,
      answered: true,
      answeredUs: 2_000_000,
      hangupUs: 12_000_000,
      grade: graded,
    });
    expect(o).toMatchObject({
      resultLevel: 22,
      grade: 22,
      labels: ['有需求'],
      talkMs: 10000,
      billableMs: 10000,
    });
  });
  it('answered by a machine or intercepted: 70, nothing billed', () => {
    const answered = { ...base, answered: true, answeredUs: 2_000_000, hangupUs: 5_000_000, grade: graded };
    expect(outcomeOf({ ...answered, greeting: 'voicemail' })).toMatchObject({
      resultLevel: 70,
      billableMs: 0,
    });
    expect(outcomeOf({ ...answered, engineResult: 70 })).toMatchObject({
      resultLevel: 70,
      billableMs: 0,
      talkMs: 3000,
    });
  });
  it('lost calls are unknown (90)', () => {
    expect(outcomeOf({ ...base, unknown: 'worker lost the call' })).toMatchObject({
      resultLevel: 90,
      reason: { text: 'worker lost the call' },
    });
    expect(outcomeOf({ ...base, unknown: { code: 'lost_channelGone' } })).toMatchObject({
      resultLevel: 90,
      reason: { kind: 'hangup', code: 'lost_channelGone', text: '工作进程丢失了通话，通道已不存在' },
    });
  });
  it('greetings that are machines are coded reasons', () => {
    const o = outcomeOf({ ...base, answered: true, answeredUs: 2_000_000, greeting: 'voicemail' });
    expect(o.reason).toEqual({ kind: 'intercept', code: 'greetingVoicemail', text: '语音信箱接听，挂机' });
  });
});

describe('line faults from the originate (issue 20 point 6)', () => {
  it('GATEWAY_DOWN / INVALID_GATEWAY are not placed, with the line fault, never billed', () => {
    for (const cause of ['GATEWAY_DOWN', 'INVALID_GATEWAY']) {
      const o = outcomeOf({ ...UNKNOWN_FACTS, unknown: null, hangupCause: cause, createdUs: 1, hangupUs: 2 });
      expect(o.billableMs).toBe(0);
      expect(o.reason).toMatchObject({ kind: 'notPlaced', fault: { kind: 'line', cause } });
    }
    const busy = outcomeOf({ ...UNKNOWN_FACTS, unknown: null, hangupCause: 'USER_BUSY', sipStatus: 486 });
    expect(busy.reason).toBeNull();
  });
});
