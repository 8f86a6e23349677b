import type { CallbackTime } from './bot/session';
import { requestSentence, resolveCallback } from './callback';

// Wednesday 2026-03-04 14:30 in Shanghai (06:30 UTC); 2026-03-02 is a Monday.
const CALL = new Date(Date.UTC(2026, 2, 4, 6, 30));
const utc = (d: number, h: number, m = 0, month = 2) => new Date(Date.UTC(2026, month, d, h, m));
const plus = (t: Date, min: number) => new Date(t.getTime() + min * 60_000);
const when = (over: Partial<CallbackTime>): CallbackTime => ({ text: '', ...over });

describe('resolveCallback', () => {
  it('nothing named: the next local day at 10:00', () => {
    expect(resolveCallback(null, CALL)).toEqual(utc(5, 2));
    // The next day of the local calendar: at 23:50 it is ten hours away; ten minutes later, a day more.
    expect(resolveCallback(null, utc(4, 15, 50))).toEqual(utc(5, 2)); // Wednesday 23:50 local
    expect(resolveCallback(null, utc(4, 16, 10))).toEqual(utc(6, 2)); // Thursday 00:10 local
  });

  it('relative minutes win over any day or hour', () => {
    expect(resolveCallback(when({ afterMinutes: 30 }), CALL)).toEqual(plus(CALL, 30));
    expect(resolveCallback(when({ afterMinutes: 90, dayOffset: 1, hour: 9 }), CALL)).toEqual(plus(CALL, 90));
  });

  it('a day offset with an hour and minute, local time', () => {
    expect(resolveCallback(when({ dayOffset: 1, hour: 15, minute: 0 }), CALL)).toEqual(utc(5, 7));
    expect(resolveCallback(when({ dayOffset: 2, hour: 9, minute: 45 }), CALL)).toEqual(utc(6, 1, 45));
    expect(resolveCallback(when({ dayOffset: 1, hour: 15, minute: null }), CALL)).toEqual(utc(5, 7));
    expect(resolveCallback(when({ dayOffset: 0, hour: 16, minute: 30 }), CALL)).toEqual(utc(4, 8, 30));
    // No day named: today.
    expect(resolveCallback(when({ hour: 17 }), CALL)).toEqual(utc(4, 9));
  });

  it('no hour: 10:00 on a later day, two hours after the call today', () => {
    expect(resolveCallback(when({ dayOffset: 1, hour: null }), CALL)).toEqual(utc(5, 2));
    expect(resolveCallback(when({ dayOffset: 3 }), CALL)).toEqual(utc(7, 2));
    expect(resolveCallback(when({ dayOffset: 0, hour: null }), CALL)).toEqual(plus(CALL, 120));
    expect(resolveCallback(when({}), CALL)).toEqual(plus(CALL, 120));
  });

  it('the next weekday; today’s weekday means next week', () => {
    expect(resolveCallback(when({ weekday: 6 }), CALL)).toEqual(utc(7, 2)); // Saturday 10:00
    expect(resolveCallback(when({ weekday: 3 }), CALL)).toEqual(utc(11, 2)); // Wednesday: next week
    expect(resolveCallback(when({ weekday: 1, hour: 9, minute: 15 }), CALL)).toEqual(utc(9, 1, 15));
    expect(resolveCallback(when({ weekday: 4, hour: 20 }), CALL)).toEqual(utc(5, 12)); // tomorrow
    expect(resolveCallback(when({ weekday: 7, hour: 0, minute: 0 }), CALL)).toEqual(utc(7, 16)); // Sunday 00:00
  });

  it('a time in the past: two hours after the call', () => {
    expect(resolveCallback(when({ hour: 9 }), CALL)).toEqual(plus(CALL, 120)); // 9:00 today, said at 14:30
    expect(resolveCallback(when({ dayOffset: 0, hour: 14, minute: 30 }), CALL)).toEqual(plus(CALL, 120));
    expect(resolveCallback(when({ dayOffset: -1, hour: 15 }), CALL)).toEqual(plus(CALL, 120));
    expect(resolveCallback(when({ afterMinutes: -5 }), CALL)).toEqual(plus(CALL, 120));
    expect(resolveCallback(when({ afterMinutes: 0 }), CALL)).toEqual(plus(CALL, 120));
  });

  it("reads the day and hour in the given zone (the call's local day)", () => {
    // 2026-03-04 20:00 UTC is Thursday 04:00 in Shanghai but Wednesday 15:00 in New York (EST, -5).
    const t = utc(4, 20);
    expect(resolveCallback(when({ dayOffset: 1, hour: 10 }), t, 'Asia/Shanghai')).toEqual(utc(6, 2));
    expect(resolveCallback(when({ dayOffset: 1, hour: 10 }), t, 'America/New_York')).toEqual(utc(5, 15));
    expect(resolveCallback(null, t, 'America/New_York')).toEqual(utc(5, 15));
    expect(resolveCallback(when({ weekday: 4 }), t, 'Asia/Shanghai')).toEqual(utc(12, 2)); // today is Thursday
    expect(resolveCallback(when({ weekday: 4 }), t, 'America/New_York')).toEqual(utc(5, 15));
  });

  it('keeps local time across a DST change, and moves a time in the gap past it', () => {
    // Saturday 2026-03-28 13:00 in Berlin (CET, +1); clocks go to CEST (+2) at 02:00 on Sunday.
    const t = utc(28, 12);
    expect(resolveCallback(when({ dayOffset: 1, hour: 10 }), t, 'Europe/Berlin')).toEqual(utc(29, 8));
    expect(resolveCallback(when({ dayOffset: 1, hour: 2, minute: 30 }), t, 'Europe/Berlin')).toEqual(
      utc(29, 1, 30), // 02:30 does not exist: 03:30 CEST
    );
  });

  it('reads an unknown zone as Shanghai, and ignores out-of-range fields', () => {
    expect(resolveCallback(null, CALL, 'Mars/Olympus')).toEqual(utc(5, 2));
    expect(resolveCallback(when({ dayOffset: 1, hour: 25 }), CALL)).toEqual(utc(5, 2));
    expect(resolveCallback(when({ dayOffset: 1, hour: 15, minute: 75 }), CALL)).toEqual(utc(5, 7));
    expect(resolveCallback(when({ weekday: 9 }), CALL)).toEqual(plus(CALL, 120));
    // A relative time beyond a year is not taken as said: the day rules apply (today, no hour).
    expect(resolveCallback(when({ afterMinutes: 1e20 }), CALL)).toEqual(plus(CALL, 120));
    expect(resolveCallback(when({ afterMinutes: Number.NaN, dayOffset: 1 }), CALL)).toEqual(utc(5, 2));
  });
});

describe('requestSentence', () => {
  it('trims and cuts to 200 characters', () => {
    expect(requestSentence('  别再打了  ')).toBe('别再打了');
    expect([...requestSentence('打'.repeat(250))]).toHaveLength(200);
    expect(requestSentence('别\u0000再打了\n')).toBe('别 再打了');
  });
});
