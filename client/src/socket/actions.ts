// The server's live call and seat-offer events as actions, put by the one socket saga (socket/saga.ts).
// Events with one obvious owner become that feature's action directly (toAction); these are read by
// several features (dashboard, wallboard, seat desk, transfer pop-up), each taking what it needs.
import { createAction } from '@reduxjs/toolkit';
import type {
  CallLineEvent,
  CallPartialEvent,
  CallStateEvent,
  CallTransferEvent,
  SeatOfferEndEvent,
  SeatOfferEvent,
} from '../../../domain/events';

export const socketActions = {
  /** The socket (re)connected: rooms joined before are lost and events were missed meanwhile. */
  connected: createAction('socket/connected'),
  callState: createAction<CallStateEvent>('socket/callState'),
  callLine: createAction<CallLineEvent>('socket/callLine'),
  callPartial: createAction<CallPartialEvent>('socket/callPartial'),
  callTransfer: createAction<CallTransferEvent>('socket/callTransfer'),
  seatOffer: createAction<SeatOfferEvent>('socket/seatOffer'),
  seatOfferEnd: createAction<SeatOfferEndEvent>('socket/seatOfferEnd'),
};
