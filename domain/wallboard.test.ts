// The wallboard's snapshot-then-stream merge: each ended call counted once (snapshot or event, never
// both), statuses only move forward, stale events of ended calls ignored, another view's accounts
// ignored, transfers and abandons, seat and task states newest-wins, the minute series and groups.
import { LIVE_GRACE_MS } from './dashboard';
import type { CallStateEvent, TaskProgressEvent } from './events';
import {
  abandonRate,
  averageTalkMs,
  connectedRate,
  emptyKpis,
  groupLiveCalls,
  keepWallEvents,
  mergeWall,
  minuteOf,
  minuteSeries,
  taskDoneShare,
  type LiveCall,
  type WallEvent,
  type WallSeat,
  type WallboardSnapshot,
} from './wallboard';

const T0 = Date.parse('2026-11-23T04:00:00.000Z'); // 12:00 in Shanghai
const iso = (ms: number) => new Date(T0 + ms).toISOString();

const live = (uuid: string, over: Partial<LiveCall> = {}): LiveCall => ({
  callUuid: uuid,
  accountId: 5,
  taskId: 7,
  lineId: 3,
  status: 'answered',
  startedAt: iso(-20_000),
  at: iso(-10_000),
  phoneMasked: '138****0001',
  test: false,
  transfer: null,
  ...over,
});

const seat = (id: number, callUuid: string | null = null, changedAt = iso(-5000)): WallSeat => ({
  id,
  name: `坐席${id}`,
  accountId: 5,
  userId: 6,
  groupId: 1,
  groupName: '一组',
  state: {
    status: callUuid ? 'busy' : 'idle',
    online: true,
    dnd: false,
    autoAnswer: false,
    activity: callUuid ? 'busy' : 'idle',
    callUuid,
    idleSince: null,
    changedAt,
  },
});

const snapshot = (over: Partial<WallboardSnapshot> = {}): WallboardSnapshot => ({
  accountId: 5,
  timeZone: 'Asia/Shanghai',
  asOf: iso(0),
  day: '2026-11-23',
  recentEnded: ['old-ended'],
  accountIds: [5, 6],
  complete: true,
  kpis: {
    ...emptyKpis(),
    dialed: 10,
    connected: 4,
    talkMs: 40_000,
    grades: { A: 1, B: 3, C: 0, D: 0, E: 0, F: 0 },
  },
  perMinute: { [String(minuteOf(T0 - 60_000))]: 2 },
  liveCalls: [live('c1'), live('c2', { status: 'ringing', taskId: null, lineId: 4 })],
  liveCallsMore: 0,
  seats: [seat(1), seat(2)],
  tasks: [{ id: 7, name: '任务', accountId: 5, progress: null }],
  lineNames: { '3': '线路三' },
  ...over,
});

const call = (
  uuid: string,
  status: CallStateEvent['status'],
  ms: number,
  over: Partial<CallStateEvent> = {},
) =>
  ({
    kind: 'call',
    e: {
      callUuid: uuid,
      accountId: 5,
      taskId: 7,
      status,
      resultLevel: status === 'ended' ? 22 : null,
      grade: status === 'ended' ? 22 : null,
      test: false,
      at: iso(ms),
      talkMs: status === 'ended' ? 30_000 : undefined,
      lineId: 3,
      phoneMasked: '139****0003',
      ...over,
    },
  }) as WallEvent;

describe('mergeWall', () => {
  it('moves an ended call from the live list into the KPIs and the minute chart, once', () => {
    const v = mergeWall(snapshot(), [call('c1', 'ended', 1000), call('c1', 'ended', 1000)]);
    expect(v.liveCalls.map((c) => c.callUuid)).toEqual(['c2']);
    expect(v.kpis).toMatchObject({ dialed: 11, connected: 5, talkMs: 70_000, grades: { B: 4 } });
    expect(v.perMinute[String(minuteOf(T0 + 1000))]).toBe(1);
    expect(v.recentEnded).toContain('c1');
    // Merging again later (incrementally) still recognises it.
    const again = mergeWall(v, [call('c1', 'ended', 1000)]);
    expect(again.kpis.dialed).toBe(11);
    expect(again.liveApplied).toBe(1);
  });

  it('never counts a call the snapshot already counted, nor one that ended long before it', () => {
    const v = mergeWall(snapshot(), [
      call('old-ended', 'ended', -2000),
      call('ancient', 'ended', -LIVE_GRACE_MS - 1),
      // A stale status of a call the snapshot saw end does not bring it back to life.
      call('old-ended', 'answered', -3000),
    ]);
    expect(v.kpis.dialed).toBe(10);
    expect(v.liveCalls).toHaveLength(2);
    expect(v.liveApplied).toBe(0);
  });

  it('adds new calls, moves statuses forward only, and leaves a call ended when its late status arrives', () => {
    const v = mergeWall(snapshot(), [
      call('c3', 'dialing', 100),
      call('c3', 'answered', 300),
      call('c3', 'ringing', 200), // out of order: ignored
      call('c2', 'dialing', -30_000), // older than what the snapshot has
      call('c4', 'ended', 500),
      call('c4', 'answered', 400), // arrives after its end
    ]);
    const c3 = v.liveCalls.find((c) => c.callUuid === 'c3')!;
    expect(c3).toMatchObject({
      status: 'answered',
      startedAt: iso(100),
      lineId: 3,
      taskId: 7,
      phoneMasked: '139****0003',
    });
    expect(v.liveCalls.find((c) => c.callUuid === 'c2')!.status).toBe('ringing');
    expect(v.liveCalls.find((c) => c.callUuid === 'c4')).toBeUndefined();
    expect(v.kpis.dialed).toBe(11);
  });

  it('gives the same view merged at once or event by event', () => {
    const events = [
      call('c3', 'dialing', 100),
      call('c1', 'ended', 200),
      call('c3', 'ended', 900, { resultLevel: 63, grade: null, talkMs: 0 }),
      call('c1', 'ended', 200),
    ];
    const once = mergeWall(snapshot(), events);
    const oneByOne = events.reduce((v, e) => mergeWall(v, [e]), mergeWall(snapshot(), []));
    expect(oneByOne.kpis).toEqual(once.kpis);
    expect(oneByOne.perMinute).toEqual(once.perMinute);
    expect(oneByOne.liveCalls).toEqual(once.liveCalls);
    expect(once.kpis).toMatchObject({ dialed: 12, connected: 5 });
  });

  it('ignores calls of accounts outside the view, unless the account list was cut short', () => {
    const other = call('x', 'dialing', 100, { accountId: 99 });
    expect(mergeWall(snapshot(), [other]).liveCalls).toHaveLength(2);
    expect(mergeWall(snapshot({ complete: false }), [other]).liveCalls).toHaveLength(3);
  });

  it('leaves test calls out of the KPIs', () => {
    const v = mergeWall(snapshot(), [
      call('t', 'dialing', 10, { test: true }),
      call('t', 'ended', 20, { test: true }),
    ]);
    expect(v.kpis.dialed).toBe(10);
    expect(v.liveCalls).toHaveLength(2);
  });

  it('counts transfers and abandons from the ended event, or from the live call:transfer before it', () => {
    const v = mergeWall(snapshot(), [
      call('c1', 'ended', 100, { transferOutcome: 'accepted' }),
      {
        kind: 'transfer',
        e: { callUuid: 'c2', accountId: 5, seatGroupId: 1, transferred: false, reason: 'x' },
      },
      call('c2', 'ended', 200),
      call('c5', 'dialing', 250),
      call('c5', 'ended', 300, { transferOutcome: 'cancelled' }),
    ]);
    expect(v.kpis).toMatchObject({ transfers: 3, transferAccepted: 1, transferAbandoned: 2 });
    expect(abandonRate(v.kpis)).toBeCloseTo(2 / 3);
  });

  it('asks for a reload when a call ends on a later local day', () => {
    const v = mergeWall(snapshot(), [call('late', 'ended', 12 * 3_600_000)]);
    expect(v.needsReload).toBe(true);
    expect(v.kpis.dialed).toBe(10);
  });

  it('replaces seat and task states only with newer ones', () => {
    const seatEvent = (changedAt: string, callUuid: string | null, seatId = 1): WallEvent => ({
      kind: 'seat',
      e: { seatId, accountId: 5, userId: 6, groupId: 1, state: { ...seat(1, callUuid, changedAt).state } },
    });
    const v = mergeWall(snapshot(), [seatEvent(iso(100), 'c1'), seatEvent(iso(-9000), null)]);
    expect(v.seats[0]!.state).toMatchObject({ status: 'busy', callUuid: 'c1' });
    expect(mergeWall(snapshot(), [seatEvent(iso(1), null, 42)]).seats).toHaveLength(2);

    const progress = (at: number, dialed: number, taskId = 7, accountId = 5): WallEvent => ({
      kind: 'task',
      e: {
        taskId,
        accountId,
        dialed,
        at: iso(at),
        skipped: 0,
        inProgress: 1,
        remaining: 8,
        pendingRedials: 0,
      } as TaskProgressEvent,
    });
    const t = mergeWall(snapshot(), [
      progress(100, 3),
      progress(50, 1),
      progress(60, 2, 8),
      progress(60, 2, 9, 99),
    ]);
    expect(t.tasks.map((x) => [x.id, x.progress?.dialed])).toEqual([
      [7, 3],
      [8, 2],
    ]);
    expect(taskDoneShare(t.tasks[0]!.progress)).toBeCloseTo(3 / 12);
    expect(taskDoneShare(null)).toBeNull();
  });
});

describe('keepWallEvents', () => {
  it('keeps what a new snapshot may not contain yet', () => {
    const kept = keepWallEvents(snapshot(), [
      call('a', 'ended', -LIVE_GRACE_MS - 5),
      call('b', 'ended', -1000),
      { kind: 'transfer', e: { callUuid: 'c', accountId: 5, seatGroupId: 1, transferred: true, reason: '' } },
    ]);
    expect(kept.map((w) => (w.kind === 'call' ? w.e.callUuid : w.kind))).toEqual(['b', 'transfer']);
  });
});

describe('figures and layout', () => {
  it('derives rates and averages, null before the first call', () => {
    expect(connectedRate(emptyKpis())).toBeNull();
    expect(averageTalkMs(emptyKpis())).toBeNull();
    expect(abandonRate(emptyKpis())).toBeNull();
    const k = snapshot().kpis;
    expect(connectedRate(k)).toBe(0.4);
    expect(averageTalkMs(k)).toBe(10_000);
  });

  it('draws the last hour minute by minute', () => {
    const s = minuteSeries({ [String(minuteOf(T0))]: 4, [String(minuteOf(T0) - 60)]: 9 }, T0 + 30_000);
    expect(s).toHaveLength(60);
    expect(s[59]).toEqual({ minute: minuteOf(T0), calls: 4 });
    expect(s.reduce((a, x) => a + x.calls, 0)).toBe(4);
  });

  it('groups live calls by task, line and seat', () => {
    const calls = [live('a'), live('b', { taskId: null, lineId: 4 }), live('c')];
    expect(groupLiveCalls(calls, 'task').map((g) => [g.id, g.calls.length])).toEqual([
      [7, 2],
      [null, 1],
    ]);
    expect(groupLiveCalls(calls, 'line').map((g) => g.id)).toEqual([3, 4]);
    expect(groupLiveCalls(calls, 'seat', [seat(1, 'b')]).map((g) => [g.id, g.calls.length])).toEqual([
      [null, 2],
      [1, 1],
    ]);
  });
});
