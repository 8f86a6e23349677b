// The wallboard slice: events that arrive while a snapshot loads are merged into it without double
// counting, events apply live once it is there, another pick drops the old view, and the picked
// call's transcript merges pushed lines with the loaded ones by seq.
import type { ConversationLine } from '../../../../domain/calls';
import type { CallStateEvent } from '../../../../domain/events';
import { emptyKpis, type WallEvent, type WallboardSnapshot } from '../../../../domain/wallboard';
import { initialWallboardState, upsertLine, wallboardActions as W, wallboardReducer } from './slice';

const asOf = '2026-11-23T04:00:00.000Z';
const snap = (over: Partial<WallboardSnapshot> = {}): WallboardSnapshot => ({
  accountId: 5,
  timeZone: 'Asia/Shanghai',
  asOf,
  day: '2026-11-23',
  recentEnded: ['counted'],
  accountIds: [5],
  complete: true,
  kpis: { ...emptyKpis(), dialed: 3 },
  perMinute: {},
  liveCalls: [],
  liveCallsMore: 0,
  seats: [],
  tasks: [],
  lineNames: {},
  ...over,
});
const ended = (uuid: string, at = '2026-11-23T04:00:01.000Z'): WallEvent => ({
  kind: 'call',
  e: {
    callUuid: uuid,
    accountId: 5,
    taskId: null,
    status: 'ended',
    resultLevel: 63,
    grade: null,
    test: false,
    at,
  } as CallStateEvent,
});
const line = (seq: number, text: string): ConversationLine => ({
  seq,
  khtype: 'robot',
  khcontent: text,
  khvoicepath: [],
  loseFlag: false,
  inserttime: asOf,
  reduceNoiseRate: null,
  reason: null,
});

const run = (...actions: { type: string }[]) =>
  actions.reduce((s, a) => wallboardReducer(s, a as never), initialWallboardState);

describe('wallboard slice', () => {
  it('keeps events while the snapshot loads and merges them once', () => {
    const s = run(
      W.opened(),
      W.snapshotRequested(),
      W.eventReceived(ended('counted')),
      W.eventReceived(ended('new')),
      W.snapshotLoaded(snap()),
    );
    expect(s.view!.kpis.dialed).toBe(4);
    expect(s.pending).toEqual([]);
    const after = wallboardReducer(s, W.eventReceived(ended('new')));
    expect(after.view!.kpis.dialed).toBe(4);
    expect(wallboardReducer(after, W.eventReceived(ended('third'))).view!.kpis.dialed).toBe(5);
  });

  it('ignores events while closed and drops the view on another pick', () => {
    expect(run(W.eventReceived(ended('x'))).pending).toEqual([]);
    const s = run(W.opened(), W.snapshotRequested(), W.snapshotLoaded(snap()), W.accountPicked(9));
    expect(s.view).toBeNull();
    expect(s.accountId).toBe(9);
    // A snapshot of the previous pick that lands late is not shown.
    expect(wallboardReducer(s, W.snapshotLoaded(snap())).view).toBeNull();
    expect(wallboardReducer(s, W.snapshotLoaded(snap({ accountId: 9 }))).view!.accountId).toBe(9);
  });

  it("merges the picked call's pushed and loaded lines by seq", () => {
    let s = run(W.opened(), W.callPicked('u1'), W.lineReceived({ callUuid: 'u1', line: line(3, 'new') }));
    s = wallboardReducer(s, W.lineReceived({ callUuid: 'other', line: line(9, 'not this call') }));
    s = wallboardReducer(s, W.partialReceived({ callUuid: 'u1', text: '我想' }));
    s = wallboardReducer(s, W.transcriptLoaded({ callUuid: 'u1', lines: [line(1, 'a'), line(3, 'old')] }));
    expect(s.transcript).toMatchObject({ status: 'on', partial: '我想' });
    expect(s.transcript!.lines.map((l) => l.khcontent)).toEqual(['a', 'new']);
    expect(upsertLine([line(2, 'b')], line(1, 'a')).map((l) => l.seq)).toEqual([1, 2]);
    expect(wallboardReducer(s, W.transcriptFailed('u1')).transcript!.status).toBe('failed');
    expect(wallboardReducer(s, W.closed()).transcript).toBeNull();
  });

  it("keeps the picked call's number, task and seat for the drawer's title after the call ends", () => {
    const live = {
      callUuid: 'u1',
      accountId: 5,
      taskId: 4,
      lineId: null,
      status: 'answered' as const,
      startedAt: asOf,
      at: asOf,
      phoneMasked: '139****0077',
      test: false,
      transfer: null,
    };
    const seat = {
      id: 2,
      name: 'seat2',
      accountId: 5,
      userId: 7,
      groupId: 1,
      groupName: 'g',
      state: { status: 'idle', callUuid: null, changedAt: asOf },
    } as unknown as WallboardSnapshot['seats'][number];
    let s = run(
      W.opened(),
      W.snapshotRequested(),
      W.snapshotLoaded(snap({ liveCalls: [live], seats: [seat] })),
    );
    s = wallboardReducer(s, W.callPicked('u1'));
    expect(s.transcript!.info).toEqual({ phoneMasked: '139****0077', taskId: 4, seatId: null });
    // A seat takes the call: the title names it.
    s = wallboardReducer(
      s,
      W.eventReceived({
        kind: 'seat',
        e: {
          seatId: 2,
          accountId: 5,
          groupId: 1,
          state: { status: 'busy', callUuid: 'u1', changedAt: '2026-11-23T04:00:05.000Z' },
        },
      } as unknown as WallEvent),
    );
    expect(s.transcript!.info!.seatId).toBe(2);
    // The call ends and leaves the live list; a reconnect picks it again: the title stays.
    s = wallboardReducer(s, W.eventReceived(ended('u1', '2026-11-23T04:00:09.000Z')));
    expect(s.view!.liveCalls).toEqual([]);
    s = wallboardReducer(s, W.callPicked('u1'));
    expect(s.transcript!.info).toEqual({ phoneMasked: '139****0077', taskId: 4, seatId: 2 });
    // Another call picked: its own info (none known).
    expect(wallboardReducer(s, W.callPicked('u9')).transcript!.info).toBeNull();
  });
});
