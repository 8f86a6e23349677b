import fc from 'fast-check';
import {
  type CallWindow,
  type Period,
  type Weekday,
  effectivePeriods,
  formatPeriod,
  inWindow,
  nextWindowStart,
  parsePeriods,
  windowState,
} from './callWindow';

const SH = 'Asia/Shanghai';
const BER = 'Europe/Berlin';
const sh = (s: string): Date => new Date(`${s}+08:00`);
const p = (a: string, b: string): Period => {
  const r = parsePeriods([`${a}-${b}`]);
  if (!r.ok) throw new Error('bad period');
  return r.periods[0]!;
};

describe('parsePeriods', () => {
  it('parses text and lists, with several separators', () => {
    expect(parsePeriods('09:00-12:00, 14:00 ~ 18:00；20:00至21:00')).toEqual({
      ok: true,
      periods: [
        { start: 540, end: 720 },
        { start: 840, end: 1080 },
        { start: 1200, end: 1260 },
      ],
    });
    expect(parsePeriods(['22:00-02:00'])).toEqual({ ok: true, periods: [{ start: 1320, end: 120 }] });
    expect(parsePeriods('')).toEqual({ ok: true, periods: [] });
    expect(parsePeriods([])).toEqual({ ok: true, periods: [] });
  });
  it('rejects bad formats', () => {
    for (const bad of [
      '9:00-12:00',
      '24:00-01:00',
      '09:60-10:00',
      '09:00',
      '09:00-10:00-11:00',
      'ab',
      '09:00-',
    ])
      expect(parsePeriods([bad])).toMatchObject({
        ok: false,
        error: { code: 'format', index: 0, text: bad },
      });
  });
  it('rejects start equal to end', () => {
    expect(parsePeriods('08:00-09:00,10:00-10:00')).toMatchObject({
      ok: false,
      error: { code: 'sameStartEnd', index: 1 },
    });
  });
  it('rejects overlaps, also across midnight, and allows touching periods', () => {
    expect(parsePeriods('09:00-12:00,11:00-13:00')).toMatchObject({
      ok: false,
      error: { code: 'overlap', index: 1, with: 0 },
    });
    expect(parsePeriods('22:00-02:00,01:00-03:00')).toMatchObject({ ok: false, error: { code: 'overlap' } });
    expect(parsePeriods('22:00-02:00,23:00-23:30')).toMatchObject({ ok: false, error: { code: 'overlap' } });
    expect(parsePeriods('09:00-12:00,12:00-13:00,22:00-09:00').ok).toBe(true);
  });
  it('formats back', () => {
    expect(formatPeriod({ start: 1320, end: 120 })).toBe('22:00-02:00');
  });
});

describe('inWindow', () => {
  const day: CallWindow = { periods: [p('09:00', '12:00'), p('14:00', '18:00')] };
  it('is inside [start, end) only', () => {
    expect(inWindow(sh('2026-03-02T08:59:59.999'), day, SH)).toBe(false);
    expect(inWindow(sh('2026-03-02T09:00:00'), day, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T11:59:59'), day, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T12:00:00'), day, SH)).toBe(false);
    expect(inWindow(sh('2026-03-02T15:00:00'), day, SH)).toBe(true);
  });
  it('reads wall time in the given zone', () => {
    // 09:30 in Shanghai is 01:30 UTC; in London (UTC+0 in March) that instant is outside.
    expect(inWindow(sh('2026-03-02T09:30:00'), day, 'Europe/London')).toBe(false);
    expect(inWindow(new Date('2026-03-02T09:30:00Z'), day, 'Europe/London')).toBe(true);
  });
  it('uses the account hours, then the platform default 09:00-20:00, when the task has none', () => {
    const none: CallWindow = { periods: [] };
    expect(effectivePeriods(none)).toEqual([{ start: 540, end: 1200 }]);
    expect(inWindow(sh('2026-03-02T19:59:00'), none, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T20:00:00'), none, SH)).toBe(false);
    expect(inWindow(sh('2026-03-02T08:00:00'), none, SH)).toBe(false);
    const acct: CallWindow = { periods: [], accountPeriods: [p('07:00', '08:30')] };
    expect(inWindow(sh('2026-03-02T08:00:00'), acct, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T10:00:00'), acct, SH)).toBe(false);
  });
  it('cuts no-call holes, including holes that cross midnight', () => {
    const w: CallWindow = {
      periods: [p('08:00', '20:00'), p('22:00', '06:00')],
      noCall: [p('12:00', '13:30'), p('23:30', '00:30')],
    };
    expect(inWindow(sh('2026-03-02T11:59:00'), w, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T12:00:00'), w, SH)).toBe(false);
    expect(inWindow(sh('2026-03-02T13:30:00'), w, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T23:00:00'), w, SH)).toBe(true);
    expect(inWindow(sh('2026-03-02T23:45:00'), w, SH)).toBe(false);
    expect(inWindow(sh('2026-03-03T00:15:00'), w, SH)).toBe(false);
    expect(inWindow(sh('2026-03-03T00:30:00'), w, SH)).toBe(true);
  });
  it('applies weekdays; a period crossing midnight belongs to the day it started', () => {
    // 2026-03-06 is a Friday (5), 03-07 Saturday, 03-05 Thursday.
    const w: CallWindow = { periods: [p('22:00', '02:00')], weekdays: [5] };
    expect(inWindow(sh('2026-03-06T01:00:00'), w, SH)).toBe(false); // Thursday night's tail
    expect(inWindow(sh('2026-03-06T23:00:00'), w, SH)).toBe(true);
    expect(inWindow(sh('2026-03-07T01:59:00'), w, SH)).toBe(true); // Friday night's tail, on Saturday
    expect(inWindow(sh('2026-03-07T02:00:00'), w, SH)).toBe(false);
    expect(inWindow(sh('2026-03-07T23:00:00'), w, SH)).toBe(false);
    const weekdaysOnly: CallWindow = { periods: [p('09:00', '18:00')], weekdays: [1, 2, 3, 4, 5] };
    expect(inWindow(sh('2026-03-08T10:00:00'), weekdaysOnly, SH)).toBe(false); // Sunday
    expect(inWindow(sh('2026-03-09T10:00:00'), weekdaysOnly, SH)).toBe(true); // Monday
  });
});

describe('nextWindowStart and windowState', () => {
  const w: CallWindow = { periods: [p('09:00', '12:00'), p('14:00', '18:00')], weekdays: [1, 2, 3, 4, 5] };
  it('returns now when inside', () => {
    const now = sh('2026-03-02T10:00:00');
    expect(nextWindowStart(now, w, SH)).toBe(now);
    expect(windowState(now, w, SH)).toEqual({ inside: true, until: sh('2026-03-02T12:00:00') });
  });
  it('finds the next period, skipping days off', () => {
    expect(nextWindowStart(sh('2026-03-02T12:30:00'), w, SH)).toEqual(sh('2026-03-02T14:00:00'));
    expect(nextWindowStart(sh('2026-03-06T18:00:00'), w, SH)).toEqual(sh('2026-03-09T09:00:00')); // Fri -> Mon
    expect(windowState(sh('2026-03-07T10:00:00'), w, SH)).toEqual({
      inside: false,
      until: sh('2026-03-09T09:00:00'),
    });
  });
  it('opens after a no-call hole', () => {
    const holed: CallWindow = { periods: [p('09:00', '18:00')], noCall: [p('08:00', '10:00')] };
    expect(nextWindowStart(sh('2026-03-02T07:00:00'), holed, SH)).toEqual(sh('2026-03-02T10:00:00'));
  });
  it('is null when the window never opens, and until is null when it never closes', () => {
    const never: CallWindow = { periods: [p('09:00', '10:00')], noCall: [p('08:00', '11:00')] };
    expect(nextWindowStart(sh('2026-03-02T07:00:00'), never, SH)).toBeNull();
    expect(windowState(sh('2026-03-02T07:00:00'), never, SH)).toEqual({ inside: false, until: null });
    const always: CallWindow = { periods: [p('00:00', '12:00'), p('12:00', '00:00')] };
    expect(windowState(sh('2026-03-02T07:00:00'), always, SH)).toEqual({ inside: true, until: null });
  });
  it('handles a midnight-crossing period', () => {
    const night: CallWindow = { periods: [p('22:00', '02:00')] };
    expect(windowState(sh('2026-03-02T23:00:00'), night, SH)).toEqual({
      inside: true,
      until: sh('2026-03-03T02:00:00'),
    });
    expect(nextWindowStart(sh('2026-03-03T03:00:00'), night, SH)).toEqual(sh('2026-03-03T22:00:00'));
  });
  describe('Europe/Berlin DST', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00 UTC). 2026-10-25: 03:00 CEST falls back to 02:00 CET.
    it('keeps wall-clock hours across the spring change', () => {
      const nine: CallWindow = { periods: [p('09:00', '18:00')] };
      expect(nextWindowStart(new Date('2026-03-28T17:30:00Z'), nine, BER)).toEqual(
        new Date('2026-03-29T07:00:00Z'),
      );
      expect(nextWindowStart(new Date('2026-03-27T17:30:00Z'), nine, BER)).toEqual(
        new Date('2026-03-28T08:00:00Z'),
      );
    });
    it('opens at the jump when a period starts inside the skipped hour', () => {
      const w2: CallWindow = { periods: [p('02:30', '05:00')] };
      expect(nextWindowStart(new Date('2026-03-29T00:00:00Z'), w2, BER)).toEqual(
        new Date('2026-03-29T01:00:00Z'),
      );
      expect(inWindow(new Date('2026-03-29T00:59:59.999Z'), w2, BER)).toBe(false);
    });
    it('sees the repeated hour twice in autumn', () => {
      const w3: CallWindow = { periods: [p('02:30', '02:45')] };
      const first = nextWindowStart(new Date('2026-10-24T23:00:00Z'), w3, BER)!;
      expect(first).toEqual(new Date('2026-10-25T00:30:00Z')); // 02:30 CEST
      const st = windowState(first, w3, BER);
      expect(st.until).toEqual(new Date('2026-10-25T00:45:00Z'));
      expect(nextWindowStart(st.until!, w3, BER)).toEqual(new Date('2026-10-25T01:30:00Z')); // 02:30 CET
    });
  });
});

describe('properties', () => {
  const minute = fc.integer({ min: 0, max: 1439 });
  const period = fc
    .tuple(minute, minute)
    .filter(([a, b]) => a !== b)
    .map(([start, end]) => ({ start, end }));
  const windowArb: fc.Arbitrary<CallWindow> = fc.record({
    periods: fc.array(period, { maxLength: 3 }),
    noCall: fc.array(period, { maxLength: 2 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }) as fc.Arbitrary<Weekday[]>,
  });
  const zone = fc.constantFrom(SH, BER, 'America/New_York', 'Asia/Kolkata', 'UTC', 'Australia/Lord_Howe');
  const instant = fc
    .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) })
    .map((t) => new Date(t));

  it('nextWindowStart agrees with inWindow and never goes back in time', () => {
    fc.assert(
      fc.property(windowArb, zone, instant, (w, tz, now) => {
        const next = nextWindowStart(now, w, tz);
        if (inWindow(now, w, tz)) return next === now;
        if (next === null) return true;
        return (
          next.getTime() > now.getTime() &&
          inWindow(next, w, tz) &&
          !inWindow(new Date(next.getTime() - 1), w, tz)
        );
      }),
      { numRuns: 300 },
    );
  });
  it('windowState.until is the first flip', () => {
    fc.assert(
      fc.property(windowArb, zone, instant, (w, tz, now) => {
        const { inside, until } = windowState(now, w, tz);
        if (inside !== inWindow(now, w, tz)) return false;
        if (until === null) return true;
        const mid = new Date(Math.floor((now.getTime() + until.getTime()) / 2));
        return (
          until > now &&
          inWindow(until, w, tz) !== inside &&
          inWindow(new Date(until.getTime() - 1), w, tz) === inside &&
          inWindow(mid, w, tz) === inside
        );
      }),
      { numRuns: 300 },
    );
  });
});
