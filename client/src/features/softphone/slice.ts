// The web softphone's state: its configuration (the seat's extension), the registration (SPEC §4
// online/offline), the one call going on (incoming ringing, dialing, active; muted, held, DTMF sent)
// and the dial records. The sip.js objects themselves live in phone.ts, driven by sagas.ts.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  PhoneCallPhase,
  Registration,
  SoftphoneCallDto,
  SoftphoneConfigDto,
  SoftphoneDirection,
} from '../../../../domain/softphone';
import type { RootState } from '../../app/store';
import type { MicProblem } from '../seats/mic';
import { authActions } from '../auth/slice';

export interface PhoneCall {
  direction: SoftphoneDirection;
  number: string;
  callUuid: string | null;
  phase: PhoneCallPhase;
  /** The dial record's id once the server created it. */
  recordId: number | null;
  muted: boolean;
  held: boolean;
  /** A hold / resume re-INVITE is on its way. */
  holding: boolean;
  /** Digits sent during the call. */
  digits: string;
  /** ISO: when it was answered. */
  answeredAt: string | null;
  /** The call its user accepted in the transfer pop-up: the phone answers it by itself. */
  accepted: boolean;
}

export interface SoftphoneState {
  config: SoftphoneConfigDto | null;
  /** Why there is no configuration (e.g. the account works no extension seat). */
  configError: string | null;
  registration: Registration;
  registrationError: string | null;
  call: PhoneCall | null;
  /** The dial form's field error (already translated) or a refusal of the dial. */
  dialError: string | null;
  dialing: boolean;
  records: SoftphoneCallDto[];
  recordsLoading: boolean;
  /** The last answer failed for want of a microphone (cleared by the next call). */
  micProblem: MicProblem | null;
}

export const initialSoftphoneState: SoftphoneState = {
  config: null,
  configError: null,
  registration: 'unconfigured',
  registrationError: null,
  call: null,
  dialError: null,
  dialing: false,
  records: [],
  recordsLoading: false,
  micProblem: null,
};

const newCall = (
  direction: SoftphoneDirection,
  number: string,
  callUuid: string | null,
  phase: PhoneCallPhase,
): PhoneCall => ({
  direction,
  number,
  callUuid,
  phase,
  recordId: null,
  muted: false,
  held: false,
  holding: false,
  digits: '',
  answeredAt: null,
  accepted: false,
});

const slice = createSlice({
  name: 'softphone',
  initialState: initialSoftphoneState,
  reducers: {
    /** Load the configuration and register (on login, or "register again"). */
    started() {},
    /** Go offline: unregister. */
    stopped() {},
    configLoaded(state, action: PayloadAction<SoftphoneConfigDto>) {
      state.config = action.payload;
      state.configError = null;
    },
    /** The account works no extension seat: no phone, and nothing went wrong. */
    noSeat(state) {
      state.config = null;
      state.configError = null;
      state.registration = 'unconfigured';
    },
    configFailed(state, action: PayloadAction<string>) {
      state.config = null;
      state.configError = action.payload;
      state.registration = 'unconfigured';
    },
    registrationChanged(state, action: PayloadAction<{ state: Registration; reason?: string }>) {
      state.registration = action.payload.state;
      state.registrationError = action.payload.reason ?? null;
    },
    dialRequested(state, _action: PayloadAction<string>) {
      state.dialError = null;
      state.dialing = true;
    },
    dialRefused(state, action: PayloadAction<string>) {
      state.dialError = action.payload;
      state.dialing = false;
    },
    dialStarted(state, action: PayloadAction<{ number: string; recordId: number }>) {
      state.dialing = false;
      state.call = {
        ...newCall('out', action.payload.number, null, 'dialing'),
        recordId: action.payload.recordId,
      };
    },
    incoming(state, action: PayloadAction<{ number: string; callUuid: string | null; accepted?: boolean }>) {
      state.call = newCall('in', action.payload.number, action.payload.callUuid, 'incoming');
      state.call.accepted = action.payload.accepted ?? false;
      state.micProblem = null;
    },
    /** The phone could not answer: no microphone (or not allowed); the call is passed on. */
    mediaFailed(state, action: PayloadAction<MicProblem>) {
      state.micProblem = action.payload;
    },
    recordCreated(state, action: PayloadAction<number>) {
      if (state.call) state.call.recordId = action.payload;
    },
    progressed(state) {
      if (state.call?.phase === 'dialing') state.call.phase = 'ringing';
    },
    established(state, action: PayloadAction<string>) {
      if (!state.call) return;
      state.call.phase = 'active';
      state.call.answeredAt = action.payload;
    },
    ended(state) {
      if (state.call) state.call.phase = 'ended';
    },
    cleared(state) {
      if (state.call?.phase === 'ended') state.call = null;
    },
    answerRequested() {},
    rejectRequested() {},
    hangupRequested() {},
    muteToggled(state) {
      if (state.call?.phase === 'active') state.call.muted = !state.call.muted;
    },
    holdToggled(state) {
      if (state.call?.phase === 'active') state.call.holding = true;
    },
    /** The re-INVITE's outcome: the call is held (or resumed) only once the other side agreed. */
    holdSettled(state, action: PayloadAction<{ held: boolean; ok: boolean }>) {
      if (!state.call) return;
      state.call.holding = false;
      if (action.payload.ok) state.call.held = action.payload.held;
    },
    dtmfSent(state, action: PayloadAction<string>) {
      if (state.call?.phase === 'active') state.call.digits = (state.call.digits + action.payload).slice(-32);
    },
    recordsRequested(state) {
      state.recordsLoading = true;
    },
    recordsLoaded(state, action: PayloadAction<SoftphoneCallDto[]>) {
      state.records = action.payload;
      state.recordsLoading = false;
    },
    recordsFailed(state) {
      state.recordsLoading = false;
    },
  },
  extraReducers: (b) => {
    b.addCase(authActions.sessionCleared, () => initialSoftphoneState);
  },
});

export const softphoneActions = slice.actions;
export const softphoneReducer = slice.reducer;
export const selectSoftphone = (s: RootState) => s.softphone;
