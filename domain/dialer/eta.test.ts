import { attemptsPerNumber, eta, overview } from './eta';
import type { CallWindow } from './callWindow';

const SH = 'Asia/Shanghai';
const sh = (s: string): Date => new Date(`${s}+08:00`);
const nine: CallWindow = { periods: [{ start: 9 * 60, end: 12 * 60 }] }; // 3 h a day

describe('attemptsPerNumber', () => {
  it('adds the expected redials', () => {
    expect(attemptsPerNumber(1, 3)).toBe(1);
    expect(attemptsPerNumber(0, 3)).toBe(4);
    expect(attemptsPerNumber(0.5, 2)).toBe(1.75);
  });
});

describe('eta', () => {
  const base = { pendingRedials: 0, window: nine, tz: SH };
  it('is now when nothing is left, null without a rate', () => {
    const now = sh('2026-03-02T10:00:00');
    expect(eta({ ...base, remaining: 0, dialRatePerMinute: 0, now })).toBe(now);
    expect(eta({ ...base, remaining: 10, dialRatePerMinute: 0, now })).toBeNull();
  });
  it('finishes inside the current window', () => {
    expect(eta({ ...base, remaining: 60, dialRatePerMinute: 2, now: sh('2026-03-02T10:00:00') })).toEqual(
      sh('2026-03-02T10:30:00'),
    );
  });
  it('carries over to the next windows', () => {
    // 300 min of dialing from 10:00: 120 today, 180 tomorrow (09:00-12:00) -> ends 12:00 tomorrow.
    expect(
      eta({
        ...base,
        remaining: 250,
        pendingRedials: 50,
        dialRatePerMinute: 1,
        now: sh('2026-03-02T10:00:00'),
      }),
    ).toEqual(sh('2026-03-03T12:00:00'));
    // From outside the window: starts at 09:00.
    expect(eta({ ...base, remaining: 30, dialRatePerMinute: 1, now: sh('2026-03-02T20:00:00') })).toEqual(
      sh('2026-03-03T09:30:00'),
    );
  });
  it('counts expected redials', () => {
    expect(
      eta({
        ...base,
        remaining: 40,
        dialRatePerMinute: 1,
        connectRatio: 0.5,
        redialCount: 1,
        now: sh('2026-03-02T10:00:00'),
      }),
    ).toEqual(sh('2026-03-02T11:00:00'));
  });
  it('is null when the window never opens', () => {
    const never: CallWindow = { periods: [{ start: 540, end: 600 }], noCall: [{ start: 500, end: 700 }] };
    expect(
      eta({ ...base, window: never, remaining: 5, dialRatePerMinute: 1, now: sh('2026-03-02T10:00:00') }),
    ).toBeNull();
  });
});

describe('overview', () => {
  it('shapes the counts', () => {
    const o = overview({
      byResult: { 21: 2, 22: 1, 26: 1, 67: 3, 68: 2, 71: 4, 90: 1 },
      inProgress: 5,
      remaining: 100,
    });
    expect(o).toEqual({
      dialed: 10,
      connected: 4,
      grades: { A: 2, B: 1, C: 0, D: 0, E: 0, F: 1 },
      notConnected: { 62: 0, 63: 0, 64: 0, 65: 0, 66: 0, 67: 3, 68: 2, 69: 0, 70: 0, 79: 0, 90: 1 },
      notConnectedTotal: 6,
      blacklisted: 4,
      inProgress: 5,
      remaining: 100,
      connectRatio: 0.4,
    });
    expect(overview({ byResult: {}, inProgress: 0, remaining: 0 }).connectRatio).toBeNull();
  });
});
