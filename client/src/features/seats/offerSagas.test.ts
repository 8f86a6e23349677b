import { call, put, select, take } from 'redux-saga/effects';
import { Events, type CallLineEvent, type SeatOfferEvent } from '../../../../domain/events';
import { i18n } from '../../app/i18n';
import type { AppSocket } from '../../socket/channel';
import { showToast } from '../../ui/toaster';
import { softphoneActions } from '../softphone/slice';
import { checkMicrophone } from './mic';
import {
  answerSaga,
  answersOnThisPhone,
  offerChannel,
  quietDnd,
  sendAnswer,
  watchOffers,
  type OfferMessage,
} from './offerSagas';
import { initialOffersState, offersActions as O, selectOffers } from './offerSlice';
import { fakeSocket } from '../../socket/fakeSocket';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const offer = { callUuid: 'c1', seatId: 4 } as SeatOfferEvent;
const lineOf = (callUuid: string) => ({ callUuid, line: { seq: 1 } }) as CallLineEvent;

describe('offer channel', () => {
  it('turns seat:offer, seat:offerEnd and call:line into messages and removes exactly its listeners', () => {
    const s = fakeSocket();
    const ch = offerChannel(s as unknown as AppSocket);
    const end = { callUuid: 'c1', seatId: 4, state: 'expired' as const };
    s.emit(Events.SeatOffer, offer);
    s.emit(Events.SeatOfferEnd, end);
    s.emit(Events.CallLine, lineOf('c1'));
    const got: OfferMessage[] = [];
    for (let i = 0; i < 3; i++) ch.take((m) => got.push(m as OfferMessage));
    expect(got).toEqual([
      { type: 'offer', event: offer },
      { type: 'end', event: end },
      { type: 'line', event: lineOf('c1') },
    ]);
    ch.close();
    expect(s.off).toHaveBeenCalledTimes(3);
    for (const ev of [Events.SeatOffer, Events.SeatOfferEnd, Events.CallLine])
      expect(s.listeners.get(ev)?.size).toBe(0);
  });
});

describe('watchOffers', () => {
  it('puts offers, and only the lines of calls with an open offer', () => {
    const socket = fakeSocket() as unknown as AppSocket;
    const ch = offerChannel(socket);
    const g = watchOffers(socket);
    expect(g.next().value).toEqual(call(offerChannel, socket));
    expect(g.next(ch).value).toEqual(take(ch));
    expect(g.next({ type: 'offer', event: offer }).value).toEqual(put(O.offerReceived(offer)));
    expect(g.next().value).toEqual(take(ch));
    const open = { ...initialOffersState, byUuid: { c1: {} as never } };
    expect(g.next({ type: 'line', event: lineOf('c9') }).value).toEqual(select(selectOffers));
    expect(g.next(open).value).toEqual(take(ch));
    expect(g.next({ type: 'line', event: lineOf('c1') }).value).toEqual(select(selectOffers));
    expect(g.next(open).value).toEqual(put(O.lineReceived(lineOf('c1'))));
    g.return(undefined);
  });
});

describe('answerSaga', () => {
  const socket = {} as AppSocket;
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
    const s = { timeout: jest.fn(() => ({ emitWithAck })) } as unknown as AppSocket;
    await expect(sendAnswer(s, req)).resolves.toEqual({ code: 200 });
    expect(emitWithAck).toHaveBeenCalledWith('seat:answer', req);
    await expect(sendAnswer(s, req)).resolves.toEqual({ code: 408 });
  });
});
