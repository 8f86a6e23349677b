import { call, put, select, take } from 'redux-saga/effects';
import { channel } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { api } from '../../api';
import { softphoneActions, selectSoftphone } from '../softphone/slice';
import type {
  CallLineEvent,
  CallPartialEvent,
  SeatOfferEndEvent,
  SeatOfferEvent,
  SeatStateEvent,
} from '../../../../domain/events';
import { socketActions } from '../../socket/actions';
import { seatsActions } from '../seats/slice';
import { DESK_ACTIONS, hangupSaga, newCustomerSaga, takenBy, watchDesk } from './sagas';
import { initialSeatDeskState, seatDeskActions as D, selectSeatDesk, type SeatDeskState } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const seatEvent = (callUuid: string | null, activity: 'idle' | 'busy' | 'wrapup'): SeatStateEvent =>
  ({ seatId: 4, accountId: 1, userId: 2, groupId: 1, state: { callUuid, activity } }) as SeatStateEvent;

describe('takenBy', () => {
  it('reads a call taken by a seat from an auto-answered offer or an accepted offer end, nothing else', () => {
    const offer = (autoAnswered: boolean) =>
      socketActions.seatOffer({ seatId: 4, autoAnswered } as SeatOfferEvent);
    const end = (state: string) => socketActions.seatOfferEnd({ seatId: 4, state } as SeatOfferEndEvent);
    expect([offer(false), offer(true), end('declined'), end('accepted')].map(takenBy)).toEqual([
      null,
      4,
      null,
      4,
    ]);
    expect(takenBy(socketActions.connected())).toBeNull();
  });
});

describe('watchDesk', () => {
  const withSeat: SeatDeskState = {
    ...initialSeatDeskState,
    seatId: 4,
    current: { seatId: 4, state: seatEvent('c1', 'busy').state, call: null },
  };

  it('fetches the call again after a reconnect, when the seat moves on and when it takes a call', () => {
    const g = watchDesk();
    const first = g.next().value as { type: string; payload: { pattern: unknown } };
    expect(first.type).toBe('ACTION_CHANNEL');
    expect(first.payload.pattern).toEqual(DESK_ACTIONS);
    const fake = channel<Action>();
    const close = jest.spyOn(fake, 'close');
    expect(g.next(fake as never).value).toEqual(take(fake as never));
    // Lines and partials go to the desk as they come.
    const line = { callUuid: 'c1', line: { seq: 1 } } as CallLineEvent;
    expect(g.next(socketActions.callLine(line) as never).value).toEqual(put(D.lineReceived(line)));
    expect(g.next().value).toEqual(take(fake as never));
    const partial = { callUuid: 'c1', text: 'x' } as CallPartialEvent;
    expect(g.next(socketActions.callPartial(partial) as never).value).toEqual(
      put(D.partialReceived(partial)),
    );
    expect(g.next().value).toEqual(take(fake as never));
    // The first seat:state after (re)connecting resyncs even when nothing moved.
    g.next(seatsActions.stateReceived(seatEvent('c1', 'busy')) as never);
    g.next(withSeat as never); // select
    expect(g.next().value).toEqual(put(D.currentRequested()));
    expect(g.next().value).toEqual(put(D.recentRequested({ more: false })));
    expect(g.next().value).toEqual(take(fake as never));
    // The same state again: nothing to fetch.
    expect(g.next(seatsActions.stateReceived(seatEvent('c1', 'busy')) as never).value).toEqual(
      select(selectSeatDesk),
    );
    expect(g.next(withSeat as never).value).toEqual(
      put(D.stateChanged({ seatId: 4, state: seatEvent('c1', 'busy').state })),
    );
    expect(g.next().value).toEqual(take(fake as never));
    // An offer that is not taken: nothing to fetch.
    expect(
      g.next(socketActions.seatOffer({ seatId: 4, autoAnswered: false } as SeatOfferEvent) as never).value,
    ).toEqual(take(fake as never));
    // Taken by this seat.
    const accepted = { seatId: 4, state: 'accepted' } as SeatOfferEndEvent;
    expect(g.next(socketActions.seatOfferEnd(accepted) as never).value).toEqual(select(selectSeatDesk));
    expect(g.next(withSeat as never).value).toEqual(put(D.currentRequested()));
    expect(g.next().value).toEqual(take(fake as never));
    // A reconnect.
    expect(g.next(socketActions.connected() as never).value).toEqual(put(D.currentRequested()));
    g.return(undefined);
    expect(close).toHaveBeenCalled();
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

describe('newCustomerSaga', () => {
  const withSeat: SeatDeskState = { ...initialSeatDeskState, seatId: 4 };
  const input = {
    name: '赵',
    phone: '',
    contact: '',
    sex: null,
    company: '某公司',
    address: '',
    remarks: ['', '', '', '', ''],
    source: '',
    stage: 100,
  };

  it('posts the form without a phone (the number is the call’s) and shows the call with its customer', () => {
    const g = newCustomerSaga(D.newCustomerRequested({ callUuid: 'c1', input }));
    expect(g.next().value).toEqual(select(selectSeatDesk));
    const { phone: _phone, ...body } = input;
    expect(g.next(withSeat).value).toEqual(
      call(api.post, '/api/seats/4/desk/calls/c1/customer', body, {
        onError: expect.any(Function),
        successToast: false,
      }),
    );
    const reply = { call: { callUuid: 'c1' }, created: true } as never;
    expect(g.next(reply).value).toEqual(put(D.newCustomerSaved(reply)));
    expect(g.next().value).toEqual(put(D.recentRequested({ more: false })));
    expect(g.next().done).toBe(true);
  });

  it('keeps a refusal on the form and fetches the call again (it may have a customer by now)', () => {
    const g = newCustomerSaga(D.newCustomerRequested({ callUuid: 'c1', input }));
    g.next();
    g.next(withSeat);
    expect(g.throw(new Error('nope')).value).toEqual(
      put(D.newCustomerFailed({ message: 'nope', fieldErrors: {} })),
    );
    expect(g.next().value).toEqual(put(D.currentRequested()));
  });
});
