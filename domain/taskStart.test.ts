import { billingStatus, dialStart, wallText, type TaskSchedule } from './taskStart';

const SH = 'Asia/Shanghai';
const sh = (s: string): Date => new Date(`${s}+08:00`);
// 2026-11-26 is a Thursday.
const task = (over: Partial<TaskSchedule> = {}): TaskSchedule => ({
  startDate: '2026-11-26',
  callPeriods: ['09:00-12:00', '14:00-18:00'],
  noCallPeriods: [],
  weekdays: [1, 2, 3, 4, 5],
  ...over,
});

describe('dialStart', () => {
  it('is now inside a period on an allowed weekday', () => {
    expect(dialStart(sh('2026-11-26T10:00:00'), task(), SH)).toEqual({ kind: 'now' });
  });

  it('waits for the next period the same day', () => {
    const r = dialStart(sh('2026-11-26T12:30:00'), task(), SH);
    expect(r).toMatchObject({ kind: 'later', local: '2026-11-26 14:00', why: 'hours' });
  });

  it('after the last period, waits for the next allowed weekday (Friday, then Monday)', () => {
    expect(dialStart(sh('2026-11-26T19:00:00'), task(), SH)).toMatchObject({ local: '2026-11-27 09:00' });
    expect(dialStart(sh('2026-11-27T18:00:00'), task(), SH)).toMatchObject({ local: '2026-11-30 09:00' });
  });

  it('waits for the start date, then the first period of an allowed day', () => {
    const r = dialStart(sh('2026-11-26T10:00:00'), task({ startDate: '2026-11-28' }), SH);
    // Saturday 28th and Sunday 29th are excluded: Monday 09:00.
    expect(r).toMatchObject({ kind: 'later', local: '2026-11-30 09:00', why: 'startDate' });
    expect((r as { at: Date }).at.toISOString()).toBe('2026-11-30T01:00:00.000Z');
  });

  it('a start date in the past does not matter', () => {
    expect(dialStart(sh('2026-11-26T10:00:00'), task({ startDate: '2026-01-01' }), SH)).toEqual({
      kind: 'now',
    });
  });

  it('no-call periods cut into a period', () => {
    const r = dialStart(sh('2026-11-26T10:00:00'), task({ noCallPeriods: ['09:30-10:30'] }), SH);
    expect(r).toMatchObject({ local: '2026-11-26 10:30' });
  });

  it('never when no-call periods cover every period, or the form is unreadable', () => {
    expect(
      dialStart(sh('2026-11-26T10:00:00'), task({ noCallPeriods: ['00:00-23:59', '23:59-00:00'] }), SH),
    ).toEqual({
      kind: 'never',
    });
    expect(dialStart(sh('2026-11-26T10:00:00'), task({ callPeriods: ['9-12'] }), SH)).toEqual({
      kind: 'never',
    });
  });

  it('empty weekdays mean every day; empty periods fall back to the account hours', () => {
    const sat = sh('2026-11-28T10:00:00');
    expect(dialStart(sat, task({ weekdays: [] }), SH)).toEqual({ kind: 'now' });
    const r = dialStart(sat, task({ weekdays: [], callPeriods: [] }), SH, ['11:00-12:00']);
    expect(r).toMatchObject({ local: '2026-11-28 11:00' });
  });

  it("reads the account's zone: 10:00 in Shanghai is 03:00 in Berlin", () => {
    const now = sh('2026-11-26T10:00:00');
    const r = dialStart(now, task(), 'Europe/Berlin');
    expect(r).toMatchObject({ kind: 'later', local: '2026-11-26 09:00', why: 'hours' });
    expect(wallText(now, 'Europe/Berlin')).toBe('2026-11-26 03:00');
  });
});

describe('billingStatus', () => {
  // super administrator 1, merchant 2, user 3.
  const user = { id: 3, path: '/1/2/3/' };
  it('is billed when the account or an ancestor below the platform has a rate', () => {
    expect(billingStatus(user, [1], new Set([3]))).toBe('billed');
    expect(billingStatus(user, [1], new Set([2]))).toBe('billed');
  });
  it("is noRate when no level has one (the platform's own rate does not count)", () => {
    expect(billingStatus(user, [1], new Set())).toBe('noRate');
    expect(billingStatus(user, [1], new Set([1]))).toBe('noRate');
  });
  it("exempts the super administrator's own tasks: the platform does not bill itself", () => {
    expect(billingStatus({ id: 1, path: '/1/' }, [1], new Set())).toBe('exempt');
  });
});
