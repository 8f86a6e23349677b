import { call, put, select, take } from 'redux-saga/effects';
import { api } from '../../api';
import { softphoneActions, selectSoftphone } from '../softphone/slice';
import { Events, type SeatStateEvent } from '../../../../domain/events';
import type { AppSocket } from '../../socket/channel';
import { deskChannel, hangupSaga, watchDesk, type DeskMessage } from './sagas';
import { initialSeatDeskState, seatDeskActions as D, selectSeatDesk, type SeatDeskState } from './slice';
import { fakeSocket } from '../../socket/fakeSocket';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const seatEvent = (callUuid: string | null, activity: 'idle' | 'busy' | 'wrapup'): SeatStateEvent =>
  ({ seatId: 4, accountId: 1, userId: 2, groupId: 1, state: { callUuid, activity } }) as SeatStateEvent;

describe('desk channel', () => {
  it('turns the call, seat and offer events and a reconnect into messages, and removes its listeners', () => {
    const s = fakeSocket();
    const ch = deskChannel(s as unknown as AppSocket);
    s.emit(Events.CallLine, { callUuid: 'c1' });
    s.emit(Events.CallPartial, { callUuid: 'c1', text: 'x' });
    s.emit(Events.SeatOffer, { seatId: 4, autoAnswered: false });
    s.emit(Events.SeatOffer, { seatId: 4, autoAnswered: true });
    s.emit(Events.SeatOfferEnd, { seatId: 4, state: 'declined' });
    s.emit(Events.SeatOfferEnd, { seatId: 4, state: 'accepted' });
    s.emit('connect');
    const got: DeskMessage[] = [];
    for (let i = 0; i < 5; i++) ch.take((m) => got.push(m as DeskMessage));
    expect(got.map((m) => m.type)).toEqual(['line', 'partial', 'taken', 'taken', 'reconnect']);
    ch.close();
    for (const set of s.listeners.values()) expect(set.size).toBe(0);
  });
});

describe('watchDesk', () => {
  const withSeat: SeatDeskState = {
    ...initialSeatDeskState,
    seatId: 4,
    current: { seatId: 4, state: seatEvent('c1', 'busy').state, call: null },
  };

  it('fetches the call again after a reconnect, when the seat moves on and when it takes a call', () => {
    const socket = fakeSocket() as unknown as AppSocket;
    const g = watchDesk(socket);
    const ch = g.next().value; // call(deskChannel)
    expect(ch).toBeDefined();
    const fake = { close: jest.fn() };
    expect(g.next(fake as never).value).toEqual(take(fake as never));
    // The first seat:state after (re)connecting resyncs even when nothing moved.
    g.next({ type: 'seat', event: seatEvent('c1', 'busy') } as never);
    g.next(withSeat as never); // select
    expect(g.next().value).toEqual(put(D.currentRequested()));
    expect(g.next().value).toEqual(put(D.recentRequested({ more: false })));
    expect(g.next().value).toEqual(take(fake as never));
    // The same state again: nothing to fetch.
    expect(g.next({ type: 'seat', event: seatEvent('c1', 'busy') } as never).value).toEqual(
      select(selectSeatDesk),
    );
    expect(g.next(withSeat as never).value).toEqual(
      put(D.stateChanged({ seatId: 4, state: seatEvent('c1', 'busy').state })),
    );
    expect(g.next().value).toEqual(take(fake as never));
    // Taken by this seat.
    expect(g.next({ type: 'taken', seatId: 4 } as never).value).toEqual(select(selectSeatDesk));
    expect(g.next(withSeat as never).value).toEqual(put(D.currentRequested()));
    expect(g.next().value).toEqual(take(fake as never));
    // A reconnect.
    expect(g.next({ type: 'reconnect' } as never).value).toEqual(put(D.currentRequested()));
    g.return(undefined);
    expect(fake.close).toHaveBeenCalled();
  });
});

describe('hangupSaga', () => {
  const desk = { ...initialSeatDeskState, seatId: 4 };
  const action = D.hangupRequested({ callUuid: 'c1' });

  it("hangs up on this browser's softphone when it carries the call", () => {
    const g = hangupSaga(action);
    expect(g.next().value).toEqual(select(selectSeatDesk));
    expect(g.next(desk).value).toEqual(select(selectSoftphone));
    expect(g.next({ call: { callUuid: 'c1', phase: 'active' } }).value).toEqual(
      put(softphoneActions.hangupRequested()),
    );
    expect(g.next().value).toEqual(put(D.hangupDone()));
    expect(g.next().done).toBe(true);
  });

  it('else asks the server, and shows why when refused', () => {
    const g = hangupSaga(action);
    g.next();
    g.next(desk);
    const post = g.next({ call: null }).value as ReturnType<typeof call>;
    expect(post).toEqual(call(api.post, '/api/seats/4/desk/calls/c1/hangup', {}, expect.anything()));
    expect(g.next().value).toEqual(put(D.hangupDone()));
    const refused = hangupSaga(action);
    refused.next();
    refused.next(desk);
    refused.next({ call: null });
    expect(refused.throw(new Error('不在通话中')).value).toEqual(put(D.hangupFailed('不在通话中')));
    expect(refused.next().value).toEqual(put(D.currentRequested()));
  });
});
