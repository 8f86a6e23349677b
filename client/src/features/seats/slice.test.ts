import type { SeatStateEvent } from '../../../../domain/events';
import type { SeatDto, SeatStateDto } from '../../../../domain/seats';
import { authActions } from '../auth/slice';
import { figuresUrl } from './form';
import { initialSeatsState, seatsActions as A, seatsReducer } from './slice';

const state = (over: Partial<SeatStateDto> = {}): SeatStateDto => ({
  status: 'offline',
  online: false,
  dnd: false,
  autoAnswer: false,
  activity: 'idle',
  callUuid: null,
  idleSince: null,
  changedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const seat = (id: number, over: Partial<SeatDto> = {}) =>
  ({ id, name: `s${id}`, autoAnswer: false, state: state(), ...over }) as SeatDto;
const event = (seatId: number, st: Partial<SeatStateDto>): SeatStateEvent => ({
  seatId,
  accountId: 1,
  userId: 2,
  groupId: 3,
  state: state(st),
});

describe('seats slice', () => {
  it('applies live seat:state to the list and the desk, never an older one over a newer', () => {
    let s = seatsReducer(initialSeatsState, A.seatsLoaded([seat(1), seat(2)]));
    s = seatsReducer(s, A.mineLoaded([seat(1)]));
    s = seatsReducer(
      s,
      A.stateReceived(
        event(1, { status: 'idle', online: true, autoAnswer: true, changedAt: '2026-01-01T00:00:05.000Z' }),
      ),
    );
    expect(s.seats.items[0]!.state.status).toBe('idle');
    expect(s.mine.items[0]!.state.status).toBe('idle');
    expect(s.mine.items[0]!.autoAnswer).toBe(true);
    s = seatsReducer(
      s,
      A.stateReceived(event(1, { status: 'offline', changedAt: '2026-01-01T00:00:01.000Z' })),
    );
    expect(s.seats.items[0]!.state.status).toBe('idle');
    // A reconcile after Redis lost its state carries no time: it is the truth.
    s = seatsReducer(s, A.stateReceived(event(1, { status: 'offline', changedAt: null })));
    expect(s.mine.items[0]!.state.status).toBe('offline');
    expect(s.seats.items[1]!.state.status).toBe('offline');
  });

  it('runs the editor, the switch and deletes', () => {
    let s = seatsReducer(initialSeatsState, A.editorOpened({ kind: 'seat', id: null }));
    s = seatsReducer(s, A.saveRequested({ kind: 'group', id: null, input: { name: 'ab', description: '' } }));
    s = seatsReducer(s, A.saveFailed({ message: 'taken', fieldErrors: { name: 'taken' } }));
    expect(s.editor).toMatchObject({ saving: false, formError: 'taken', serverErrors: { name: 'taken' } });
    s = seatsReducer(s, A.saved({ kind: 'seat', item: seat(5) }));
    expect(s.editor.kind).toBeNull();
    expect(s.seats.items.map((x) => x.id)).toEqual([5]);
    s = seatsReducer(s, A.switchRequested({ seatId: 5, patch: { online: true } }));
    expect(s.mine.switching).toBe(5);
    s = seatsReducer(s, A.switched(seat(5, { state: state({ status: 'idle' }) })));
    expect([s.mine.switching, s.mine.items[0]!.state.status, s.seats.items[0]!.state.status]).toEqual([
      null,
      'idle',
      'idle',
    ]);
    s = seatsReducer(s, A.switchRequested({ seatId: 5, patch: { online: false } }));
    s = seatsReducer(s, A.switchFailed('on a call'));
    expect(s.mine.error).toBe('on a call');
    s = seatsReducer(s, A.deleteOpened({ kind: 'seat', id: 5 }));
    s = seatsReducer(s, A.deleted({ kind: 'seat', id: 5 }));
    expect([s.seats.items, s.mine.items, s.deleting.kind]).toEqual([[], [], null]);
    expect(seatsReducer(s, authActions.sessionCleared())).toEqual(initialSeatsState);
  });

  it('pages figures: a new query replaces, more appends, totals come with the first page', () => {
    let s = seatsReducer(
      initialSeatsState,
      A.figuresRequested({ from: '2026-01-01', to: '2026-01-31', groupId: 4 }),
    );
    const row = (seatId: number) => ({
      seatId,
      seatName: 'x',
      groupName: 'g',
      userAccount: 'u',
      offers: 1,
      answered: 1,
      missed: 0,
      talkMs: 5,
      averageHandleMs: 5,
    });
    const totals = { offers: 2, answered: 2, missed: 0, talkMs: 10, averageHandleMs: 5 };
    s = seatsReducer(
      s,
      A.figuresLoaded({ from: '', to: '', timeZone: 'Asia/Shanghai', items: [row(1)], nextAfter: 1, totals }),
    );
    expect(figuresUrl(s.figures.query, s.figures.nextAfter)).toBe(
      '/api/seats/figures?from=2026-01-01&to=2026-01-31&groupId=4&after=1',
    );
    s = seatsReducer(s, A.figuresRequested({ more: true }));
    s = seatsReducer(
      s,
      A.figuresLoaded({
        from: '',
        to: '',
        timeZone: 'Asia/Shanghai',
        items: [row(2)],
        nextAfter: null,
        totals: null,
      }),
    );
    expect(s.figures.items.map((r) => r.seatId)).toEqual([1, 2]);
    expect(s.figures.totals).toEqual(totals);
    s = seatsReducer(s, A.figuresRequested({ from: '2026-02-01', to: '2026-02-02', groupId: null }));
    expect([s.figures.items, s.figures.totals]).toEqual([[], null]);
  });
});
