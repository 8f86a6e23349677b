import {
  LIVE_GRACE_MS,
  addFigures,
  avgTalkMs,
  billedMinutes,
  billingHint,
  callFigures,
  connectRate,
  dataAsOf,
  dayStart,
  emptyFigures,
  keepAfterSnapshot,
  localDayKey,
  mergeLive,
  weekOf,
  type DashboardSnapshot,
  type DayFigures,
} from './dashboard';
import type { CallStateEvent } from './events';

const TZ = 'Asia/Shanghai';
const AS_OF = '2026-03-10T06:00:00.000Z'; // 14:00 in Shanghai

const day = (d: string, over: Partial<DayFigures> = {}): DayFigures => ({
  ...emptyFigures(),
  day: d,
  ...over,
});

function snapshot(over: Partial<DashboardSnapshot> = {}): DashboardSnapshot {
  const week = weekOf(Date.parse(AS_OF), TZ).days.map((d) => day(d));
  week[6] = day('2026-03-10', { dialed: 4, connected: 2, talkMs: 60_000 });
  return {
    balanceFen: 100,
    lineCount: 1,
    accountId: 5,
    timeZone: TZ,
    asOf: AS_OF,
    billing: { rate: { ratePerMinFen: 10, accuracyS: 6 }, ratedAbove: false, platform: false },
    recentEnded: ['in-snapshot'],
    today: week[6]!,
    todayTestCalls: 0,
    total: { ...emptyFigures(), dialed: 10, connected: 5 },
    week,
    ...over,
  };
}

const ended = (uuid: string, at: string, over: Partial<CallStateEvent> = {}): CallStateEvent => ({
  callUuid: uuid,
  accountId: 5,
  taskId: null,
  status: 'ended',
  resultLevel: 21,
  grade: 21,
  test: false,
  at,
  talkMs: 30_000,
  billableMs: 30_000,
  ...over,
});

describe('call figures', () => {
  it('counts a conversation, a not-connected call and a blacklist refusal', () => {
    expect(callFigures(22, 5000, 5000)).toMatchObject({
      dialed: 1,
      connected: 1,
      talkMs: 5000,
      billableMs: 5000,
      grades: { A: 0, B: 1 },
    });
    expect(callFigures(63, 0, 0)).toMatchObject({ dialed: 1, connected: 0, talkMs: 0 });
    // Voicemail (70): dialed, not a conversation, its talk time is not in the average.
    expect(callFigures(70, 8000, 0)).toMatchObject({ dialed: 1, connected: 0, talkMs: 0, billableMs: 0 });
    expect(callFigures(71)).toEqual(emptyFigures());
    expect(callFigures(null)).toMatchObject({ dialed: 1, connected: 0 });
  });

  it('adds and derives rates', () => {
    const f = addFigures(callFigures(21, 40_000, 40_000), callFigures(63));
    expect(connectRate(f)).toBe(0.5);
    expect(avgTalkMs(f)).toBe(40_000);
    expect(connectRate(emptyFigures())).toBeNull();
    expect(avgTalkMs(emptyFigures())).toBeNull();
    expect(billedMinutes(90_000)).toBe(1.5);
    expect(billedMinutes(0)).toBe(0);
  });
});

describe('local days', () => {
  it('starts a Shanghai day at 16:00 UTC the day before', () => {
    const d = Math.floor(Date.UTC(2026, 2, 10) / 86_400_000);
    expect(new Date(dayStart(d, TZ)).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(localDayKey(Date.parse('2026-03-09T15:59:59.999Z'), TZ)).toBe('2026-03-09');
    expect(localDayKey(Date.parse('2026-03-09T16:00:00.000Z'), TZ)).toBe('2026-03-10');
  });

  it('handles DST and a midnight that does not exist', () => {
    // Berlin 2026-03-29 is 23 hours long; its start is 23:00 UTC the day before.
    const berlin = Math.floor(Date.UTC(2026, 2, 29) / 86_400_000);
    expect(new Date(dayStart(berlin, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart(berlin + 1, 'Europe/Berlin') - dayStart(berlin, 'Europe/Berlin')).toBe(23 * 3_600_000);
    // Santiago skips 00:00–01:00 on 2026-09-06: the day starts at 01:00 local (04:00 UTC).
    const santiago = Math.floor(Date.UTC(2026, 8, 6) / 86_400_000);
    expect(new Date(dayStart(santiago, 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('lists the last seven days ending today', () => {
    const w = weekOf(Date.parse(AS_OF), TZ);
    expect(w.days).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(new Date(w.start).toISOString()).toBe('2026-03-03T16:00:00.000Z');
  });
});

describe('mergeLive', () => {
  it('applies ended calls after the snapshot to today, the week and the total', () => {
    const m = mergeLive(snapshot(), [ended('new-1', '2026-03-10T06:00:05Z')]);
    expect(m.today).toMatchObject({ dialed: 5, connected: 3, talkMs: 90_000, grades: { A: 1 } });
    expect(m.week[6]).toEqual(m.today);
    expect(m.total).toMatchObject({ dialed: 11, connected: 6 });
    expect(m.liveApplied).toBe(1);
    expect(m.needsReload).toBe(false);
  });

  it('never counts a call twice: in the snapshot, repeated, or long before it', () => {
    const s = snapshot();
    const m = mergeLive(s, [
      ended('in-snapshot', '2026-03-10T06:00:01Z'), // arrived while the snapshot loaded, already counted
      ended('twice', '2026-03-10T06:00:02Z'),
      ended('twice', '2026-03-10T06:00:02Z'),
      ended('old', new Date(Date.parse(AS_OF) - LIVE_GRACE_MS - 1).toISOString()),
    ]);
    expect(m.today.dialed).toBe(5);
    expect(m.total.dialed).toBe(11);
    expect(m.liveApplied).toBe(1);
    // Merging is a pure function of snapshot + events: the snapshot itself is untouched.
    expect(s.today.dialed).toBe(4);
  });

  it('ignores other states, keeps test calls apart and applies a late event of yesterday to its day', () => {
    // Taken at 00:00:10 on the 10th (Shanghai).
    const m = mergeLive(snapshot({ asOf: '2026-03-09T16:00:10.000Z' }), [
      ended('ringing', '2026-03-10T06:00:02Z', { status: 'ringing' }),
      ended('test', '2026-03-10T06:00:03Z', { test: true }),
      // 23:59:59.5 on the 9th, within the grace and missing from the snapshot: yesterday's bar.
      ended('late', '2026-03-09T15:59:59.500Z', { resultLevel: 63, grade: null, talkMs: 0, billableMs: 0 }),
    ]);
    expect(m.todayTestCalls).toBe(1);
    expect(m.today.dialed).toBe(4);
    expect(m.week[5]).toMatchObject({ day: '2026-03-09', dialed: 1, connected: 0 });
    expect(m.total.dialed).toBe(11);
  });

  it('asks for a reload when a call ends on the next local day', () => {
    const m = mergeLive(snapshot(), [ended('tomorrow', '2026-03-10T16:00:00Z')]);
    expect(m.needsReload).toBe(true);
    expect(m.total.dialed).toBe(10);
  });

  it('counts events without durations (older workers) as calls with no minutes', () => {
    const m = mergeLive(snapshot(), [
      ended('n', '2026-03-10T06:00:05Z', { talkMs: undefined, billableMs: undefined }),
    ]);
    expect(m.today).toMatchObject({ dialed: 5, connected: 3, talkMs: 60_000, billableMs: 0 });
  });

  it('keeps only events a new snapshot may not contain', () => {
    const evs = [ended('a', '2026-03-10T05:58:00Z'), ended('b', '2026-03-10T05:59:30Z')];
    expect(keepAfterSnapshot(snapshot(), evs).map((e) => e.callUuid)).toEqual(['b']);
  });
});

describe('incremental merging', () => {
  it('gives the same figures one event at a time as all at once, and still drops repeats', () => {
    const evs = [
      ended('x1', '2026-03-10T06:00:05Z'),
      ended('x2', '2026-03-10T06:00:06Z', { resultLevel: 63, grade: null, talkMs: 0, billableMs: 0 }),
      ended('x3', '2026-03-10T06:00:07Z', { test: true }),
      ended('in-snapshot', '2026-03-10T06:00:01Z'),
    ];
    const once = mergeLive(snapshot(), evs);
    let step = mergeLive(snapshot(), []);
    for (const e of evs) step = mergeLive(step, [e]);
    step = mergeLive(step, [evs[0]!, evs[1]!]); // delivered again
    expect(step.today).toEqual(once.today);
    expect(step.total).toEqual(once.total);
    expect(step.week).toEqual(once.week);
    expect(step.todayTestCalls).toBe(1);
    expect(step.liveApplied).toBe(3);
    expect(step.recentEnded).toEqual(['in-snapshot', 'x1', 'x2', 'x3']);
  });
});

describe('as-of time (数据截至)', () => {
  it('is the snapshot time until a live event newer than it is applied, then that event', () => {
    const s = snapshot();
    expect(dataAsOf(mergeLive(s, []))).toBe(AS_OF);
    // A repeat of a counted call and an event of a later day are not data shown: no move.
    const same = mergeLive(s, [ended('in-snapshot', '2026-03-10T06:00:05.000Z')]);
    expect(same.liveAt).toBeNull();
    expect(dataAsOf(same)).toBe(AS_OF);
    const m1 = mergeLive(s, [ended('x1', '2026-03-10T06:02:00.000Z')]);
    expect(dataAsOf(m1)).toBe('2026-03-10T06:02:00.000Z');
    // Events arrive out of order: the newest one stays.
    const m2 = mergeLive(m1, [ended('x2', '2026-03-10T06:01:00.000Z')]);
    expect(dataAsOf(m2)).toBe('2026-03-10T06:02:00.000Z');
    // A call that ended just before the snapshot but was not in it is counted without moving it back.
    const m3 = mergeLive(s, [ended('late', '2026-03-10T05:59:40.000Z')]);
    expect(m3.liveApplied).toBe(1);
    expect(dataAsOf(m3)).toBe(AS_OF);
    // Test calls are data shown too (today's test-call count).
    const m4 = mergeLive(s, [ended('t', '2026-03-10T06:03:00.000Z', { test: true })]);
    expect(dataAsOf(m4)).toBe('2026-03-10T06:03:00.000Z');
  });
});

describe('billing hint', () => {
  it('says whether the account pays, only a level above pays, or nobody', () => {
    const rate = { ratePerMinFen: 10, accuracyS: 6 as const };
    expect(billingHint({ rate, ratedAbove: false, platform: false })).toBe('rated');
    expect(billingHint({ rate: { ...rate, ratePerMinFen: 0 }, ratedAbove: true, platform: false })).toBe(
      'rated',
    );
    expect(billingHint({ rate: null, ratedAbove: true, platform: false })).toBe('aboveOnly');
    expect(billingHint({ rate: null, ratedAbove: false, platform: false })).toBe('none');
    expect(billingHint({ rate: null, ratedAbove: false, platform: true })).toBe('platform');
  });
});
