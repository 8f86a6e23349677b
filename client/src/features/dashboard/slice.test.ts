import { emptyFigures, weekOf, type DashboardSnapshot } from '../../../../domain/dashboard';
import type { CallStateEvent } from '../../../../domain/events';
import { authActions } from '../auth/slice';
import {
  dashboardActions as D,
  dashboardReducer,
  initialDashboardState,
  selectDataAsOf,
  type DashboardState,
} from './slice';

const TZ = 'Asia/Shanghai';
const AS_OF = '2026-03-10T06:00:00.000Z';

function snapshot(over: Partial<DashboardSnapshot> = {}): DashboardSnapshot {
  const week = weekOf(Date.parse(AS_OF), TZ).days.map((day) => ({ ...emptyFigures(), day }));
  week[6] = { ...week[6]!, dialed: 2, connected: 1, grades: { ...week[6]!.grades, A: 1 } };
  return {
    balanceFen: 100,
    lineCount: 1,
    accountId: 5,
    timeZone: TZ,
    asOf: AS_OF,
    billing: { rate: { ratePerMinFen: 10, accuracyS: 6 }, ratedAbove: false, platform: false },
    recentEnded: ['counted'],
    today: week[6]!,
    todayTestCalls: 0,
    total: { ...emptyFigures(), dialed: 9 },
    week,
    ...over,
  };
}

const ended = (uuid: string, at: string, resultLevel = 22): CallStateEvent => ({
  callUuid: uuid,
  accountId: 5,
  taskId: null,
  status: 'ended',
  resultLevel,
  grade: resultLevel,
  test: false,
  at,
});

const run = (s: DashboardState, ...actions: Parameters<typeof dashboardReducer>[1][]) =>
  actions.reduce(dashboardReducer, s);

describe('dashboard slice', () => {
  it('keeps events that arrive while the snapshot loads and counts each call once', () => {
    let s = run(initialDashboardState, D.opened(), D.snapshotRequested());
    expect(s).toMatchObject({ watching: true, loading: true, view: null });
    // One call the snapshot already counted, one it did not, one far older than the snapshot.
    s = run(
      s,
      D.callStateReceived(ended('counted', '2026-03-10T05:59:59Z')),
      D.callStateReceived(ended('after', '2026-03-10T06:00:01Z')),
      D.callStateReceived(ended('ancient', '2026-03-10T05:00:00Z')),
      D.callStateReceived({ ...ended('ringing', '2026-03-10T06:00:01Z'), status: 'ringing' }),
    );
    expect(s.pending.map((e) => e.callUuid)).toEqual(['counted', 'after', 'ancient']);
    s = run(s, D.snapshotLoaded(snapshot()));
    expect(s.pending).toEqual([]);
    expect(s.view!.today).toMatchObject({ dialed: 3, connected: 2, grades: { A: 1, B: 1 } });
    expect(s.view!.total.dialed).toBe(10);
    // Live after the snapshot; the same event again changes nothing.
    s = run(s, D.callStateReceived(ended('live', '2026-03-10T06:05:00Z', 63)));
    s = run(s, D.callStateReceived(ended('live', '2026-03-10T06:05:00Z', 63)));
    expect(s.view!.today).toMatchObject({ dialed: 4, connected: 2 });
    expect(s.view!.liveApplied).toBe(2);
  });

  it('shows live events during a reload and hands them to the new snapshot', () => {
    let s = run(initialDashboardState, D.opened(), D.snapshotRequested(), D.snapshotLoaded(snapshot()));
    s = run(s, D.snapshotRequested(), D.callStateReceived(ended('x', '2026-03-10T06:01:00Z')));
    expect(s.view!.today.dialed).toBe(3);
    expect(s.pending).toHaveLength(1);
    // The reload was taken after x ended and counts it: x is in its recent list.
    s = run(
      s,
      D.snapshotLoaded(
        snapshot({
          asOf: '2026-03-10T06:01:01.000Z',
          recentEnded: ['x'],
          today: { ...snapshot().today, dialed: 3 },
        }),
      ),
    );
    expect(s.view!.today.dialed).toBe(3);
  });

  it('ignores events while the page is closed, fails and resets on logout', () => {
    let s = run(initialDashboardState, D.callStateReceived(ended('a', AS_OF)));
    expect(s.pending).toEqual([]);
    s = run(s, D.opened(), D.snapshotRequested(), D.snapshotFailed('offline'));
    expect(s).toMatchObject({ loading: false, error: 'offline' });
    s = run(s, D.liveChanged({ status: 'on', complete: false }));
    expect(s.live).toEqual({ status: 'on', complete: false });
    s = run(s, D.closed());
    expect(s).toMatchObject({ watching: false, live: { status: 'off' } });
    expect(dashboardReducer(s, authActions.sessionCleared())).toEqual(initialDashboardState);
  });

  it('moves the as-of time (数据截至) with live updates and with each new snapshot', () => {
    const asOf = (st: DashboardState) => selectDataAsOf({ dashboard: st });
    let s = run(initialDashboardState, D.opened(), D.snapshotRequested());
    expect(asOf(s)).toBeNull();
    s = run(s, D.snapshotLoaded(snapshot()));
    expect(asOf(s)).toBe(AS_OF);
    // A live call: the figures and the as-of time move together.
    s = run(s, D.callStateReceived(ended('live1', '2026-03-10T06:04:00.000Z')));
    expect(s.view!.today.dialed).toBe(3);
    expect(asOf(s)).toBe('2026-03-10T06:04:00.000Z');
    // A call the snapshot already counted changes nothing, the time included.
    s = run(s, D.callStateReceived(ended('counted', '2026-03-10T06:05:00.000Z')));
    expect(s.view!.today.dialed).toBe(3);
    expect(asOf(s)).toBe('2026-03-10T06:04:00.000Z');
    // A refresh: its own (later) time, and the live event it counted is not added again.
    s = run(
      s,
      D.snapshotRequested(),
      D.snapshotLoaded(
        snapshot({
          asOf: '2026-03-10T06:04:30.000Z',
          recentEnded: ['counted', 'live1'],
          today: { ...snapshot().today, dialed: 3 },
        }),
      ),
    );
    expect(asOf(s)).toBe('2026-03-10T06:04:30.000Z');
    expect(s.view!.today.dialed).toBe(3);
    s = run(s, D.callStateReceived(ended('live2', '2026-03-10T06:06:00.000Z')));
    expect(asOf(s)).toBe('2026-03-10T06:06:00.000Z');
  });
});
