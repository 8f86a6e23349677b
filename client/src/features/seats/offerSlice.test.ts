import type { ConversationLine, LineType } from '../../../../domain/calls';
import type { CallLineEvent, SeatOfferEvent } from '../../../../domain/events';
import { authActions } from '../auth/slice';
import {
  initialOffersState,
  offerShown,
  offersActions as O,
  offersReducer,
  secondsLeft,
  type OffersState,
} from './offerSlice';

const cl = (seq: number, khtype: LineType, khcontent: string): ConversationLine => ({
  seq,
  khtype,
  khcontent,
  khvoicepath: [],
  loseFlag: false,
  inserttime: `2026-11-23T01:00:0${seq}.000Z`,
  reduceNoiseRate: null,
  reason: null,
});
const line = (callUuid: string, seq: number, khtype: LineType, text: string): CallLineEvent => ({
  callUuid,
  line: cl(seq, khtype, text),
});

const offer = (callUuid: string, over: Partial<SeatOfferEvent> = {}): SeatOfferEvent => ({
  callUuid,
  seatId: 4,
  accountId: 2,
  card: {
    customerId: 9,
    name: '张三',
    phoneMasked: '138****0001',
    grade: 22,
    tags: ['贷款'],
    lastFollowUp: null,
  },
  transcript: [cl(2, 'customer', '你好'), cl(1, 'robot', '您好')],
  expiresAt: '2026-11-23T01:00:30.000Z',
  autoAnswered: false,
  ...over,
});

const received = (...events: SeatOfferEvent[]): OffersState =>
  events.reduce((s, e) => offersReducer(s, O.offerReceived(e)), initialOffersState);

describe('seat offers slice', () => {
  it('opens an offer with its card and transcript, ringing unless the seat answers by itself', () => {
    const s = received(offer('c1'), offer('c2', { seatId: 5, autoAnswered: true }));
    expect(s.order).toEqual(['c1', 'c2']);
    expect(s.byUuid.c1).toMatchObject({ seatId: 4, phase: 'ringing', answering: false, autoAnswered: false });
    expect(s.byUuid.c1!.card.name).toBe('张三');
    // In seq order whatever order the snapshot came in.
    expect(s.byUuid.c1!.transcript).toEqual([cl(1, 'robot', '您好'), cl(2, 'customer', '你好')]);
    expect(s.byUuid.c2!.phase).toBe('accepted');
    // The same call offered again replaces its snapshot, keeping its place.
    const again = offersReducer(s, O.offerReceived(offer('c1', { expiresAt: '2026-11-23T01:01:00.000Z' })));
    expect(again.order).toEqual(['c1', 'c2']);
    expect(again.byUuid.c1!.expiresAt).toBe('2026-11-23T01:01:00.000Z');
  });

  it('appends live lines in seq order, replaces a merged line by its seq, and ignores other calls', () => {
    let s = received(offer('c1'));
    s = offersReducer(s, O.lineReceived(line('c1', 2, 'customer', '你好，什么事')));
    s = offersReducer(s, O.lineReceived(line('c1', 4, 'customer', '说吧')));
    s = offersReducer(s, O.lineReceived(line('c1', 3, 'robot', '想问问您')));
    s = offersReducer(s, O.lineReceived(line('c1', 4, 'customer', '说吧，快点')));
    s = offersReducer(s, O.lineReceived(line('c9', 1, 'robot', '别的电话')));
    expect(s.byUuid.c1!.transcript.map((l) => [l.seq, l.khtype, l.khcontent])).toEqual([
      [1, 'robot', '您好'],
      [2, 'customer', '你好，什么事'],
      [3, 'robot', '想问问您'],
      [4, 'customer', '说吧，快点'],
    ]);
    expect(s.byUuid.c9).toBeUndefined();
  });

  it('closes on any end but accepted, which stays as answered; ignores the end of another seat', () => {
    let s = received(offer('c1'), offer('c2'), offer('c3'));
    s = offersReducer(s, O.offerEnded({ callUuid: 'c1', seatId: 7, state: 'expired' }));
    expect(s.byUuid.c1).toBeDefined();
    s = offersReducer(s, O.offerEnded({ callUuid: 'c1', seatId: 4, state: 'expired' }));
    s = offersReducer(s, O.offerEnded({ callUuid: 'c2', seatId: 4, state: 'cancelled' }));
    s = offersReducer(s, O.offerEnded({ callUuid: 'c3', seatId: 4, state: 'accepted' }));
    expect(s.order).toEqual(['c3']);
    expect(Object.keys(s.byUuid)).toEqual(['c3']);
    expect(s.byUuid.c3!.phase).toBe('accepted');
    s = offersReducer(s, O.offerClosed('c3'));
    expect(s).toEqual(initialOffersState);
  });

  it('tracks the answer: accepted stays open, declined closes, a failure lets the user try again', () => {
    let s = received(offer('c1'), offer('c2'));
    s = offersReducer(s, O.answerRequested({ callUuid: 'c1', seatId: 4, accept: true }));
    expect(s.byUuid.c1!.answering).toBe(true);
    s = offersReducer(s, O.answerFailed('c1'));
    expect(s.byUuid.c1).toMatchObject({ answering: false, phase: 'ringing' });
    s = offersReducer(s, O.answerRequested({ callUuid: 'c1', seatId: 4, accept: true }));
    s = offersReducer(s, O.answerSent({ callUuid: 'c1', accept: true }));
    expect(s.byUuid.c1).toMatchObject({ answering: false, phase: 'accepted' });
    s = offersReducer(s, O.answerRequested({ callUuid: 'c2', seatId: 4, accept: false }));
    s = offersReducer(s, O.answerSent({ callUuid: 'c2', accept: false }));
    expect(s.order).toEqual(['c1']);
    // Answers for offers already gone change nothing.
    expect(offersReducer(s, O.answerSent({ callUuid: 'gone', accept: true }))).toBe(s);
    expect(offersReducer(s, O.answerFailed('gone'))).toBe(s);
  });

  it('shows the oldest ringing offer first, else the oldest answered one', () => {
    expect(offerShown(initialOffersState)).toBeNull();
    const s = received(offer('c1', { autoAnswered: true }), offer('c2'), offer('c3'));
    expect(offerShown(s)!.callUuid).toBe('c2');
    const answered = offersReducer(s, O.answerSent({ callUuid: 'c2', accept: true }));
    expect(offerShown(answered)!.callUuid).toBe('c3');
    expect(offerShown(received(offer('c1', { autoAnswered: true })))!.callUuid).toBe('c1');
  });

  it('counts the ring down in whole seconds, never below 0', () => {
    const at = Date.parse('2026-11-23T01:00:30.000Z');
    expect(secondsLeft('2026-11-23T01:00:30.000Z', at - 12_400)).toBe(13);
    expect(secondsLeft('2026-11-23T01:00:30.000Z', at)).toBe(0);
    expect(secondsLeft('2026-11-23T01:00:30.000Z', at + 5000)).toBe(0);
    expect(secondsLeft('not a time', at)).toBe(0);
  });

  it('forgets every offer when the session ends', () => {
    expect(offersReducer(received(offer('c1')), authActions.sessionCleared())).toEqual(initialOffersState);
  });
});
