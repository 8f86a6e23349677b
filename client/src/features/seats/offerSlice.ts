// The transfer pop-up's state (issue 7): the calls offered to this user's seats, keyed by call uuid,
// each with its customer card and live transcript. Fed by seat:offer, call:line and seat:offerEnd
// through the offer saga; the dialog shows one offer at a time (offerShown).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConversationLine } from '../../../../domain/calls';
import type { CallLineEvent, SeatOfferEndEvent, SeatOfferEvent } from '../../../../domain/events';
import type { TransferCard } from '../../../../domain/transfer';
import { authActions } from '../auth/slice';

/** Ringing until answered; accepted once the call is the seat's (auto answer, accept, or offerEnd). */
export type OfferPhase = 'ringing' | 'accepted';

export interface OpenOffer {
  callUuid: string;
  seatId: number;
  card: TransferCard;
  /** In seq order, one line per seq. */
  transcript: ConversationLine[];
  /** ISO: when this seat's ring ends. */
  expiresAt: string;
  autoAnswered: boolean;
  /** A robot's transfer, or an inbound call put straight through. */
  origin: 'transfer' | 'inbound';
  phase: OfferPhase;
  /** A seat:answer is on its way. */
  answering: boolean;
}

export interface OffersState {
  byUuid: Record<string, OpenOffer>;
  /** Arrival order. */
  order: string[];
}

export interface AnswerRequest {
  callUuid: string;
  seatId: number;
  accept: boolean;
}

export const initialOffersState: OffersState = { byUuid: {}, order: [] };

function remove(state: OffersState, uuid: string) {
  delete state.byUuid[uuid];
  state.order = state.order.filter((u) => u !== uuid);
}

const slice = createSlice({
  name: 'seatOffers',
  initialState: initialOffersState,
  reducers: {
    /** A new offer, or the same call offered again (its snapshot is the newer one). */
    offerReceived(state, action: PayloadAction<SeatOfferEvent>) {
      const e = action.payload;
      if (!state.byUuid[e.callUuid]) state.order.push(e.callUuid);
      state.byUuid[e.callUuid] = {
        callUuid: e.callUuid,
        seatId: e.seatId,
        card: e.card,
        transcript: [...e.transcript].sort((a, b) => a.seq - b.seq),
        expiresAt: e.expiresAt,
        autoAnswered: e.autoAnswered,
        origin: e.origin ?? 'transfer',
        phase: e.autoAnswered ? 'accepted' : 'ringing',
        answering: false,
      };
    },
    /** A live line of an offered call: a merged customer line comes again with the same seq. */
    lineReceived(state, action: PayloadAction<CallLineEvent>) {
      const o = state.byUuid[action.payload.callUuid];
      if (!o) return;
      const l = action.payload.line;
      const i = o.transcript.findIndex((x) => x.seq >= l.seq);
      if (i < 0) o.transcript.push(l);
      else if (o.transcript[i]!.seq === l.seq) o.transcript[i] = l;
      else o.transcript.splice(i, 0, l);
    },
    /** Accepted: the pop-up stays as "answered" until closed; anything else closes it. */
    offerEnded(state, action: PayloadAction<SeatOfferEndEvent>) {
      const e = action.payload;
      const o = state.byUuid[e.callUuid];
      // The end of an earlier offer of the same call to another of this user's seats is not this one's.
      if (!o || o.seatId !== e.seatId) return;
      if (e.state !== 'accepted') return remove(state, e.callUuid);
      o.phase = 'accepted';
      o.answering = false;
    },
    answerRequested(state, action: PayloadAction<AnswerRequest>) {
      const o = state.byUuid[action.payload.callUuid];
      if (o) o.answering = true;
    },
    /** The server took the answer: a decline closes the pop-up at once. */
    answerSent(state, action: PayloadAction<{ callUuid: string; accept: boolean }>) {
      const { callUuid, accept } = action.payload;
      const o = state.byUuid[callUuid];
      if (!o) return;
      if (!accept) return remove(state, callUuid);
      o.phase = 'accepted';
      o.answering = false;
    },
    /** Refused or unanswered (the saga toasts why); the offer stays until its seat:offerEnd. */
    answerFailed(state, action: PayloadAction<string>) {
      const o = state.byUuid[action.payload];
      if (o) o.answering = false;
    },
    /** The user closes an answered (or run-out) pop-up. */
    offerClosed(state, action: PayloadAction<string>) {
      remove(state, action.payload);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialOffersState),
});

export const offersActions = slice.actions;
export const offersReducer = slice.reducer;

export const selectOffers = (s: { seatOffers: OffersState }) => s.seatOffers;

/** The offer the pop-up shows: the oldest still ringing, else the oldest answered one. */
export function offerShown(s: OffersState): OpenOffer | null {
  const open = s.order.map((u) => s.byUuid[u]).filter((o): o is OpenOffer => !!o);
  return open.find((o) => o.phase === 'ringing') ?? open[0] ?? null;
}

/** Whole seconds until the ring ends (never below 0; 0 for a time that does not parse). */
export function secondsLeft(expiresAt: string, now: number): number {
  const ms = Date.parse(expiresAt) - now;
  return Number.isNaN(ms) ? 0 : Math.max(0, Math.ceil(ms / 1000));
}
