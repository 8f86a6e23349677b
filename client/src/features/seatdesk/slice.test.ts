import type { ConversationLine } from '../../../../domain/calls';
import type { DeskCallDto, DeskCurrentDto } from '../../../../domain/seatDesk';
import type { SeatStateDto } from '../../../../domain/seats';
import {
  initialSeatDeskState,
  seatDeskActions as D,
  seatDeskReducer as reduce,
  type SeatDeskState,
} from './slice';

const state = (over: Partial<SeatStateDto> = {}): SeatStateDto => ({
  status: 'busy',
  online: true,
  dnd: false,
  autoAnswer: false,
  activity: 'busy',
  callUuid: 'c1',
  idleSince: null,
  changedAt: null,
  ...over,
});
const line = (seq: number, khcontent: string, khtype: 'robot' | 'customer' = 'robot'): ConversationLine => ({
  seq,
  khtype,
  khcontent,
  khvoicepath: [],
  loseFlag: false,
  inserttime: '2026-11-23T00:00:00.000Z',
  reduceNoiseRate: null,
  reason: null,
});
const callOf = (uuid: string): DeskCallDto => ({
  callUuid: uuid,
  status: 'answered',
  createdAt: '2026-11-23T00:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  takenAt: null,
  card: { customerId: 1, name: '王', phoneMasked: '139****0001', grade: null, tags: [], lastFollowUp: null },
  customerStage: 100,
  transcript: [line(1, '您好')],
  disposition: null,
  origin: 'transfer',
  taskName: '首套房回访',
  numberKnown: false,
});
const current = (uuid: string | null): DeskCurrentDto => ({
  seatId: 4,
  state: state({ callUuid: uuid }),
  call: uuid ? callOf(uuid) : null,
});

const withCall = (): SeatDeskState =>
  [D.seatChosen(4), D.currentLoaded(current('c1'))].reduce(reduce, initialSeatDeskState);

describe('seat desk slice', () => {
  it('keeps the current call of the chosen seat only', () => {
    const s = withCall();
    expect(s.current?.call?.callUuid).toBe('c1');
    const other = reduce(s, D.currentLoaded({ ...current('c9'), seatId: 5 }));
    expect(other.current?.call?.callUuid).toBe('c1');
    const switched = reduce(s, D.seatChosen(5));
    expect(switched.current).toBeNull();
  });

  it('merges live lines of its call, clears the partial on a customer line, ignores other calls', () => {
    let s = reduce(withCall(), D.partialReceived({ callUuid: 'c1', text: '首', at: '' }));
    expect(s.partial).toBe('首');
    s = reduce(s, D.lineReceived({ callUuid: 'c2', line: line(2, 'x') }));
    expect(s.current!.call!.transcript).toHaveLength(1);
    s = reduce(s, D.lineReceived({ callUuid: 'c1', line: line(2, '首套', 'customer') }));
    expect(s.current!.call!.transcript.map((l) => l.khcontent)).toEqual(['您好', '首套']);
    expect(s.partial).toBeNull();
  });

  it('keeps the call events that come while the current call loads, and merges them into it', () => {
    let s = [D.seatChosen(4), D.currentRequested()].reduce(reduce, initialSeatDeskState);
    const ended = {
      callUuid: 'c1',
      accountId: 1,
      taskId: null,
      status: 'ended' as const,
      resultLevel: 22,
      grade: 22,
      test: false,
      at: '2026-11-23T00:01:00.000Z',
    };
    s = reduce(s, D.lineReceived({ callUuid: 'c1', line: line(2, '首套', 'customer') }));
    s = reduce(s, D.callStateReceived(ended));
    s = reduce(s, D.lineReceived({ callUuid: 'c0', line: line(5, '上一通') }));
    expect(s.pending).toHaveLength(3);
    s = reduce(s, D.currentLoaded(current('c1')));
    expect(s.pending).toEqual([]);
    expect(s.current!.call).toMatchObject({ status: 'ended', endedAt: ended.at });
    expect(s.current!.call!.transcript.map((l) => l.khcontent)).toEqual(['您好', '首套']);
    // On screen and not reloading: applied, not held.
    s = reduce(s, D.lineReceived({ callUuid: 'c1', line: line(3, '好的') }));
    expect(s.pending).toEqual([]);
    expect(s.current!.call!.transcript).toHaveLength(3);
    expect(reduce(s, D.seatChosen(5)).pending).toEqual([]);
  });

  it('follows the call state and the seat state', () => {
    let s = reduce(
      withCall(),
      D.callStateReceived({
        callUuid: 'c1',
        accountId: 1,
        taskId: null,
        status: 'ended',
        resultLevel: 22,
        grade: 22,
        test: false,
        at: '2026-11-23T00:01:00.000Z',
      }),
    );
    expect(s.current!.call).toMatchObject({ status: 'ended', endedAt: '2026-11-23T00:01:00.000Z' });
    s = reduce(s, D.stateChanged({ seatId: 4, state: state({ activity: 'wrapup', status: 'wrapup' }) }));
    expect(s.current!.state.activity).toBe('wrapup');
  });

  it('stores a saved disposition with the new seat state, and keeps field errors of a refusal', () => {
    let s = reduce(
      withCall(),
      D.dispositionRequested({ callUuid: 'c1', input: { disposition: 'interested', note: '' } }),
    );
    expect(s.disposition.saving).toBe(true);
    s = reduce(s, D.dispositionFailed({ message: 'bad', fieldErrors: { note: 'too long' } }));
    expect(s.disposition).toMatchObject({ saving: false, error: 'bad', fieldErrors: { note: 'too long' } });
    s = reduce(
      s,
      D.dispositionSaved({
        disposition: {
          callUuid: 'c1',
          seatId: 4,
          disposition: 'interested',
          note: '',
          byAccount: 'operator01',
          createdAt: '2026-11-23T00:02:00.000Z',
        },
        state: state({ activity: 'idle', status: 'idle', callUuid: null }),
      }),
    );
    expect(s.current!.call!.disposition?.disposition).toBe('interested');
    expect(s.current!.state.activity).toBe('idle');
    expect(s.disposition).toMatchObject({ saving: false, error: null, saved: 1 });
  });

  it('creates a customer of the unknown caller: the dialog, a refusal, then the call with its card', () => {
    const unknown = {
      ...current('c1'),
      call: {
        ...callOf('c1'),
        card: { ...callOf('c1').card, customerId: null, name: '' },
        customerStage: null,
      },
    };
    let s = [D.seatChosen(4), D.currentLoaded(unknown)].reduce(reduce, initialSeatDeskState);
    s = reduce(s, D.newCustomerOpened('c1'));
    expect(s.newCustomer).toMatchObject({ callUuid: 'c1', saving: false, outcome: null });
    const input = {
      name: '赵',
      contact: '',
      sex: null,
      company: '',
      address: '',
      remarks: [],
      source: '',
      stage: 100,
    };
    s = reduce(s, D.newCustomerRequested({ callUuid: 'c1', input }));
    expect(s.newCustomer.saving).toBe(true);
    s = reduce(s, D.newCustomerFailed({ message: 'bad', fieldErrors: { name: '必填' } }));
    expect(s.newCustomer).toMatchObject({
      saving: false,
      error: 'bad',
      fieldErrors: { name: '必填' },
      callUuid: 'c1',
    });
    // The live transcript got ahead of the server's copy: the longer one stays.
    s = reduce(s, D.lineReceived({ callUuid: 'c1', line: line(2, '首套', 'customer') }));
    s = reduce(
      s,
      D.newCustomerSaved({
        call: { ...callOf('c1'), card: { ...callOf('c1').card, name: '赵' } },
        created: true,
      }),
    );
    expect(s.newCustomer).toMatchObject({ callUuid: null, outcome: 'created', saved: 1, error: null });
    expect(s.current!.call!.card).toMatchObject({ customerId: 1, name: '赵' });
    expect(s.current!.call!.transcript.map((l) => l.khcontent)).toEqual(['您好', '首套']);
    // Another call on the desk: the outcome is not carried over.
    s = reduce(s, D.currentLoaded(current('c2')));
    expect(s.newCustomer.outcome).toBeNull();
  });

  it('pages recent calls: a first page replaces, more appends', () => {
    const item = (id: number) => ({ id }) as never;
    let s = reduce(
      initialSeatDeskState,
      D.recentLoaded({ page: { items: [item(9), item(8)], nextBefore: 8 }, more: false }),
    );
    s = reduce(s, D.recentLoaded({ page: { items: [item(7)], nextBefore: null }, more: true }));
    expect(s.recent.items.map((i) => i.id)).toEqual([9, 8, 7]);
    expect(s.recent.nextBefore).toBeNull();
    s = reduce(s, D.recentLoaded({ page: { items: [item(10)], nextBefore: null }, more: false }));
    expect(s.recent.items.map((i) => i.id)).toEqual([10]);
  });
});
