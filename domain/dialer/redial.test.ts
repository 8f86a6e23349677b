import fc from 'fast-check';
import {
  type Attempt,
  type RedialSettings,
  failureStreak,
  nextAttempt,
  shouldSuspend,
  validateRedial,
} from './redial';

const now = new Date('2026-03-02T02:00:00Z');
const on: RedialSettings = { enabled: true, count: 2, intervalMinutes: 30, levels: [67, 68] };
const tries = (n: number): Attempt[] =>
  Array.from({ length: n }, (_, i) => ({ at: new Date(now.getTime() - i * 60_000), result: 68 }));

describe('nextAttempt', () => {
  it('redials a busy number after the interval', () => {
    expect(nextAttempt(on, tries(1), 67, now)).toEqual({
      redial: true,
      at: new Date('2026-03-02T02:30:00Z'),
    });
    expect(nextAttempt(on, tries(2), 68, now)).toEqual({
      redial: true,
      at: new Date('2026-03-02T02:30:00Z'),
    });
  });
  it('stops after count redials', () => {
    expect(nextAttempt(on, tries(3), 68, now)).toEqual({ redial: false, reason: 'exhausted' });
  });
  it('only redials the chosen not-connected levels', () => {
    expect(nextAttempt(on, tries(1), 63, now)).toEqual({ redial: false, reason: 'notRedialLevel' });
    expect(nextAttempt(on, tries(1), 21, now)).toEqual({ redial: false, reason: 'notRedialLevel' });
    expect(nextAttempt({ ...on, levels: [68, 71] }, tries(1), 71, now)).toEqual({
      redial: false,
      reason: 'invalidSettings',
    });
  });
  it('is off when disabled or invalid', () => {
    expect(nextAttempt({ ...on, enabled: false }, tries(1), 67, now)).toEqual({
      redial: false,
      reason: 'disabled',
    });
    expect(nextAttempt({ ...on, count: 6 }, tries(1), 67, now)).toEqual({
      redial: false,
      reason: 'invalidSettings',
    });
  });
  it('never gives more than count redials (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1440 }),
        (count, intervalMinutes) => {
          const s = { enabled: true, count, intervalMinutes, levels: [68] };
          const history: Attempt[] = [{ at: now, result: 68 }];
          let t = now;
          for (;;) {
            const r = nextAttempt(s, history, 68, t);
            if (!r.redial) break;
            if (r.at.getTime() !== t.getTime() + intervalMinutes * 60_000) return false;
            t = r.at;
            history.push({ at: t, result: 68 });
          }
          return history.length === count + 1;
        },
      ),
    );
  });
});

describe('validateRedial', () => {
  it('checks count 1–5, interval and levels', () => {
    expect(validateRedial(on)).toEqual([]);
    expect(validateRedial({ enabled: false, count: 0, intervalMinutes: -1, levels: [] })).toEqual([]);
    expect(validateRedial({ enabled: true, count: 0, intervalMinutes: 1.5, levels: [] })).toEqual([
      'count',
      'interval',
      'levels',
    ]);
    expect(validateRedial({ ...on, levels: [22] })).toEqual(['levels']);
  });
});

describe('failure streak', () => {
  it('counts not-connected results, resets on a conversation, ignores blacklist', () => {
    let s = 0;
    for (const r of [62, 63, 64, 65, 66, 67, 68, 69, 70, 79, 90]) s = failureStreak(s, r);
    expect(s).toBe(11);
    expect(failureStreak(s, 71)).toBe(11);
    expect(failureStreak(s, 23)).toBe(0);
  });
  it('suspends at the limit; limit 0 or unset is off', () => {
    expect(shouldSuspend(4, 5)).toBe(false);
    expect(shouldSuspend(5, 5)).toBe(true);
    expect(shouldSuspend(100, 0)).toBe(false);
    expect(shouldSuspend(100, null)).toBe(false);
    expect(shouldSuspend(100, undefined)).toBe(false);
  });
});
