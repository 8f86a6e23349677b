// Wall mode's pure parts: what a live call's timer counts and says, the auto-rotation's order, the
// transcript drawer's call info.
import { emptyKpis, type LiveCall, type WallboardView } from '../../../../domain/wallboard';
import { callInfoOf, clock, liveTimer, mergeCallInfo, nextRotation, rotationOrder } from './wallMode';

const T0 = Date.parse('2026-11-27T08:00:00.000Z');
const call = (over: Partial<LiveCall> = {}): LiveCall => ({
  callUuid: 'u1',
  accountId: 5,
  taskId: null,
  lineId: null,
  status: 'ringing',
  startedAt: new Date(T0).toISOString(),
  at: new Date(T0).toISOString(),
  phoneMasked: '139****0077',
  test: false,
  transfer: null,
  ...over,
});

describe('clock', () => {
  it('is m:ss, h:mm:ss past an hour, never negative', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(12)).toBe('0:12');
    expect(clock(65)).toBe('1:05');
    expect(clock(3600 + 62)).toBe('1:01:02');
    expect(clock(-3)).toBe('0:00');
    expect(clock(9.9)).toBe('0:09');
  });
});

describe('liveTimer', () => {
  it('counts ringing time from the start while the call rings', () => {
    expect(liveTimer(call(), T0 + 12_400)).toEqual({ kind: 'ringing', seconds: 12 });
  });

  it('counts dialing from the start too', () => {
    expect(liveTimer(call({ status: 'dialing' }), T0 + 3000)).toEqual({ kind: 'dialing', seconds: 3 });
  });

  it('counts talk time from the answer once answered, not from the start', () => {
    const answered = call({ status: 'answered', at: new Date(T0 + 20_000).toISOString() });
    expect(liveTimer(answered, T0 + 85_000)).toEqual({ kind: 'talking', seconds: 65 });
  });

  it('never goes below zero (a clock behind the server) and survives a bad time', () => {
    expect(liveTimer(call(), T0 - 5000).seconds).toBe(0);
    expect(liveTimer(call({ startedAt: 'nonsense' }), T0).seconds).toBe(0);
  });
});

describe('rotation', () => {
  const view = (taskIds: number[], liveTaskIds: (number | null)[]) => ({
    tasks: taskIds.map((id) => ({ id, name: `t${id}`, accountId: 5, progress: null })),
    liveCalls: liveTaskIds.map((taskId, i) => call({ callUuid: `c${i}`, taskId })),
  });

  it('walks the board tasks and tasks with live calls once each, by id', () => {
    expect(rotationOrder(view([9, 3], [7, null, 3, 7]))).toEqual([3, 7, 9]);
    expect(rotationOrder(view([], [null]))).toEqual([]);
  });

  it('moves to the next task and wraps round', () => {
    expect(nextRotation([3, 7, 9], null)).toBe(3);
    expect(nextRotation([3, 7, 9], 3)).toBe(7);
    expect(nextRotation([3, 7, 9], 9)).toBe(3);
  });

  it('starts over when the shown task left the board, and has nothing to show without tasks', () => {
    expect(nextRotation([3, 7, 9], 5)).toBe(3);
    expect(nextRotation([], 3)).toBeNull();
    expect(nextRotation([4], 4)).toBe(4);
  });
});

describe('call info for the transcript drawer', () => {
  const seat = (id: number, callUuid: string | null) => ({
    id,
    name: `seat${id}`,
    accountId: 5,
    userId: id,
    groupId: 1,
    groupName: 'g',
    state: { status: callUuid ? 'busy' : 'idle', callUuid, changedAt: null },
  });
  const v = (calls: LiveCall[], seats: ReturnType<typeof seat>[]) =>
    ({ liveCalls: calls, seats, kpis: emptyKpis() }) as unknown as WallboardView;

  it('names the number, the task and the seat holding the call', () => {
    expect(callInfoOf(v([call({ taskId: 4 })], [seat(2, 'u1'), seat(3, null)]), 'u1')).toEqual({
      phoneMasked: '139****0077',
      taskId: 4,
      seatId: 2,
    });
    expect(callInfoOf(v([call()], []), 'u1')).toEqual({
      phoneMasked: '139****0077',
      taskId: null,
      seatId: null,
    });
  });

  it('is null for a call no longer live, and keeps what was known', () => {
    expect(callInfoOf(v([], []), 'u1')).toBeNull();
    expect(callInfoOf(null, 'u1')).toBeNull();
    const known = { phoneMasked: '139****0077', taskId: 4, seatId: 2 };
    expect(mergeCallInfo(known, null)).toBe(known);
    expect(mergeCallInfo(null, known)).toBe(known);
    expect(mergeCallInfo(known, { phoneMasked: null, taskId: 4, seatId: null })).toEqual(known);
    expect(mergeCallInfo(known, { phoneMasked: '139****0077', taskId: 4, seatId: 8 })!.seatId).toBe(8);
  });
});
