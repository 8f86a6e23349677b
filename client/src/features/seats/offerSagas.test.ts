import { call, put, select, take } from 'redux-saga/effects';
import { channel } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { CallLineEvent, SeatOfferEndEvent, SeatOfferEvent } from '../../../../domain/events';
import { i18n } from '../../app/i18n';
import { socketActions } from '../../socket/actions';
import type { SocketEmitter } from '../../socket/rooms';
import { showToast } from '../../ui/toaster';
import { softphoneActions } from '../softphone/slice';
import { checkMicrophone } from './mic';
import {
  answerSaga,
  answersOnThisPhone,
  OFFER_ACTIONS,
  quietDnd,
  sendAnswer,
  watchOffers,
} from './offerSagas';
import { initialOffersState, offersActions as O, selectOffers } from './offerSlice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const offer = { callUuid: 'c1', seatId: 4 } as SeatOfferEvent;
const lineOf = (callUuid: string) => ({ callUuid, line: { seq: 1 } }) as CallLineEvent;

describe('watchOffers', () => {
  it('puts offers and their ends, and only the lines of calls with an open offer', () => {
    const g = watchOffers();
    const first = g.next().value as { type: string; payload: { pattern: unknown } };
    expect(first.type).toBe('ACTION_CHANNEL');
    expect(first.payload.pattern).toEqual(OFFER_ACTIONS);
    const ch = channel<Action>();
    const close = jest.spyOn(ch, 'close');
    expect(g.next(ch).value).toEqual(take(ch));
    expect(g.next(socketActions.seatOffer(offer)).value).toEqual(put(O.offerReceived(offer)));
    expect(g.next().value).toEqual(take(ch));
    const end = { callUuid: 'c1', seatId: 4, state: 'expired' } as SeatOfferEndEvent;
    expect(g.next(socketActions.seatOfferEnd(end)).value).toEqual(put(O.offerEnded(end)));
    expect(g.next().value).toEqual(take(ch));
    const open = { ...initialOffersState, byUuid: { c1: {} as never } };
    expect(g.next(socketActions.callLine(lineOf('c9'))).value).toEqual(select(selectOffers));
    expect(g.next(open).value).toEqual(take(ch));
    expect(g.next(socketActions.callLine(lineOf('c1'))).value).toEqual(select(selectOffers));
    expect(g.next(open).value).toEqual(put(O.lineReceived(lineOf('c1'))));
    g.return(undefined);
    expect(close).toHaveBeenCalled();
  });
});

describe('answerSaga', () => {
  const socket = {} as SocketEmitter;
  const req = { callUuid: 'c1', seatId: 4, accept: true };

  it('marks the answer sent on 200', () => {
    const g = answerSaga(socket, O.answerRequested(req));
    expect(g.next().value).toEqual(call(answersOnThisPhone, 4));
    expect(g.next(false).value).toEqual(call(sendAnswer, socket, req));
    expect(g.next({ code: 200 }).value).toEqual(put(O.answerSent({ callUuid: 'c1', accept: true })));
    expect(g.next().done).toBe(true);
  });

  it("shows the server's message, or the timeout's, when the answer is refused", () => {
    const g = answerSaga(socket, O.answerRequested(req));
    g.next();
    g.next(false);
    expect(g.next({ code: 409, message: '来电已被接走' }).value).toEqual(put(O.answerFailed('c1')));
    expect(g.next().value).toEqual(call(showToast, 'error', '来电已被接走'));
    const t = answerSaga(socket, O.answerRequested(req));
    t.next();
    t.next(false);
    t.next({ code: 408 });
    expect(t.next().value).toEqual(call(showToast, 'error', i18n.t('errors:timeout')));
  });

  it("on this browser's softphone without a microphone: says why and declines, so the call moves on", () => {
    const g = answerSaga(socket, O.answerRequested(req));
    expect(g.next().value).toEqual(call(answersOnThisPhone, 4));
    expect(g.next(true).value).toEqual(call(checkMicrophone));
    expect(g.next('notFound').value).toEqual(call(showToast, 'error', i18n.t('seats:offer.noMic.notFound')));
    expect(g.next().value).toEqual(put(softphoneActions.mediaFailed('notFound')));
    expect(g.next().value).toEqual(call(quietDnd, 4));
    const declined = { ...req, accept: false };
    expect(g.next().value).toEqual(call(sendAnswer, socket, declined));
    expect(g.next({ code: 200 }).value).toEqual(put(O.answerSent({ callUuid: 'c1', accept: false })));
  });

  it('with a microphone the accept goes through', () => {
    const g = answerSaga(socket, O.answerRequested(req));
    g.next();
    expect(g.next(true).value).toEqual(call(checkMicrophone));
    expect(g.next(null).value).toEqual(call(sendAnswer, socket, req));
  });

  it('sends seat:answer with a timeout and reads no ack as 408', async () => {
    const emitWithAck = jest
      .fn()
      .mockResolvedValueOnce({ code: 200 })
      .mockRejectedValueOnce(new Error('timeout'));
    const s = { timeout: jest.fn(() => ({ emitWithAck })) } as unknown as SocketEmitter;
    await expect(sendAnswer(s, req)).resolves.toEqual({ code: 200 });
    expect(emitWithAck).toHaveBeenCalledWith('seat:answer', req);
    await expect(sendAnswer(s, req)).resolves.toEqual({ code: 408 });
  });
});
