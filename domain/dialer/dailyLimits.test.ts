import { dailyLimitReached, hasDailyLimits } from './dailyLimits';

describe('daily limits', () => {
  it('0 means no limit', () => {
    expect(hasDailyLimits({ connects: 0, minutes: 0 })).toBe(false);
    expect(dailyLimitReached({ connects: 0, minutes: 0 }, { connects: 10_000, talkMs: 1e9 })).toBeNull();
  });

  it('stops at the connect count, reached or passed', () => {
    const l = { connects: 3, minutes: 0 };
    expect(dailyLimitReached(l, { connects: 2, talkMs: 0 })).toBeNull();
    expect(dailyLimitReached(l, { connects: 3, talkMs: 0 })).toBe('dailyConnects');
    expect(dailyLimitReached(l, { connects: 5, talkMs: 0 })).toBe('dailyConnects');
  });

  it('stops at the talk minutes', () => {
    const l = { connects: 0, minutes: 2 };
    expect(dailyLimitReached(l, { connects: 50, talkMs: 119_999 })).toBeNull();
    expect(dailyLimitReached(l, { connects: 50, talkMs: 120_000 })).toBe('dailyMinutes');
    expect(hasDailyLimits(l)).toBe(true);
  });

  it('the connect count is named first when both are reached', () => {
    expect(dailyLimitReached({ connects: 1, minutes: 1 }, { connects: 1, talkMs: 60_000 })).toBe(
      'dailyConnects',
    );
  });
});
