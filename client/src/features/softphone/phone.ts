// The browser SIP phone (sip.js 0.21): registers the seat's extension over SIP-over-WebSocket, places
// and receives one call at a time, and reports what happens as PhoneEvents. Kept out of Redux (it holds
// live objects); the saga (sagas.ts) drives it and turns its events into actions.
import {
  Invitation,
  Inviter,
  Registerer,
  RegistererState,
  SessionState,
  UserAgent,
  Web,
  type Session,
} from 'sip.js';
import type { SoftphoneConfigDto } from '../../../../domain/softphone';
import { RECORD_HEADER } from '../../../../domain/cdr';
import { micProblemOf, type MicProblem } from '../seats/mic';

export type PhoneEvent =
  | { type: 'registration'; state: 'connecting' | 'registered' | 'unregistered' | 'failed'; reason?: string }
  | { type: 'incoming'; number: string; callUuid: string | null }
  | { type: 'progress' }
  | { type: 'established' }
  /** The answer failed: no microphone (getUserMedia refused); the INVITE is rejected, the call ends. */
  | { type: 'mediaError'; problem: MicProblem }
  /** byMe: this phone hung up, cancelled or rejected (else the other side or the network ended it). */
  | { type: 'ended'; answered: boolean; byMe: boolean };

export interface Phone {
  register(): Promise<void>;
  unregister(): Promise<void>;
  /** Dials out; `recordId` (the dial record) rides along in an X- header for the switch's CDR. */
  dial(number: string, recordId: number): void;
  answer(): void;
  reject(): void;
  hangup(): void;
  setMuted(muted: boolean): void;
  /** Re-INVITE with the media on hold (sendonly) or back; true when the other side accepted. */
  setHeld(held: boolean): Promise<boolean>;
  dtmf(digit: string): void;
  stop(): Promise<void>;
}

const MEDIA = { constraints: { audio: true, video: false } };

export function createPhone(cfg: SoftphoneConfigDto, emit: (e: PhoneEvent) => void): Phone {
  const uri = UserAgent.makeURI(`sip:${cfg.extension}@${cfg.domain}`);
  if (!uri) throw new Error(`bad SIP URI for ${cfg.extension}@${cfg.domain}`);
  const audio = document.createElement('audio');
  audio.autoplay = true;
  let session: Session | null = null;
  let answered = false;
  let hungUpLocally = false;

  const ua = new UserAgent({
    uri,
    authorizationUsername: cfg.authName,
    authorizationPassword: cfg.authPassword,
    transportOptions: { server: cfg.wsUrl, connectionTimeout: 5 },
    sessionDescriptionHandlerFactoryOptions: { iceGatheringTimeout: 500 },
    logLevel: 'warn',
    delegate: {
      onInvite(invitation: Invitation) {
        if (session) {
          void invitation.reject({ statusCode: 486 });
          return;
        }
        const from = invitation.remoteIdentity.uri.user ?? '';
        track(invitation);
        emit({
          type: 'incoming',
          number: from,
          callUuid: invitation.request.getHeader('X-Call-UUID') ?? null,
        });
      },
      onDisconnect(error?: Error) {
        emit({ type: 'registration', state: error ? 'failed' : 'unregistered', reason: error?.message });
      },
    },
  });
  const registerer = new Registerer(ua, { expires: 300 });
  registerer.stateChange.addListener((s) => {
    if (s === RegistererState.Registered) emit({ type: 'registration', state: 'registered' });
    else if (s === RegistererState.Unregistered) emit({ type: 'registration', state: 'unregistered' });
  });

  function track(s: Session) {
    session = s;
    answered = false;
    hungUpLocally = false;
    s.stateChange.addListener((state) => {
      if (state === SessionState.Established) {
        answered = true;
        const sdh = s.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined;
        if (sdh) audio.srcObject = sdh.remoteMediaStream;
        emit({ type: 'established' });
      } else if (state === SessionState.Terminated) {
        if (session === s) session = null;
        audio.srcObject = null;
        emit({ type: 'ended', answered, byMe: hungUpLocally });
      }
    });
  }

  const sdh = () => session?.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined;

  return {
    async register() {
      emit({ type: 'registration', state: 'connecting' });
      try {
        if (!ua.isConnected()) await ua.start();
        await registerer.register({
          requestDelegate: {
            onReject: (res) =>
              emit({
                type: 'registration',
                state: 'failed',
                reason: `${res.message.statusCode} ${res.message.reasonPhrase}`,
              }),
          },
        });
      } catch (e) {
        emit({ type: 'registration', state: 'failed', reason: e instanceof Error ? e.message : String(e) });
      }
    },
    async unregister() {
      if (registerer.state === RegistererState.Registered)
        await registerer.unregister().catch(() => undefined);
    },
    dial(number: string, recordId: number) {
      const target = UserAgent.makeURI(`sip:${number}@${cfg.domain}`);
      if (!target || session) return;
      const inviter = new Inviter(ua, target, {
        sessionDescriptionHandlerOptions: MEDIA,
        // FreeSWITCH keeps X- headers as variables (sip_h_X-…): its CDR then names the record to charge.
        extraHeaders: [`${RECORD_HEADER}: ${recordId}`],
      });
      track(inviter);
      inviter
        .invite({
          requestDelegate: {
            onProgress: () => emit({ type: 'progress' }),
          },
        })
        // A failed INVITE terminates the session: the state listener reports it.
        .catch(() => undefined);
    },
    answer() {
      if (session instanceof Invitation && session.state === SessionState.Initial)
        // sip.js rejects the INVITE (480) when the microphone cannot be opened, then throws the
        // getUserMedia error: reported as an event, never an unhandled rejection.
        session
          .accept({ sessionDescriptionHandlerOptions: MEDIA })
          .catch((err: unknown) => emit({ type: 'mediaError', problem: micProblemOf(err) }));
    },
    reject() {
      if (session instanceof Invitation && session.state === SessionState.Initial) {
        hungUpLocally = true;
        void session.reject({ statusCode: 603 }).then(() => undefined);
      }
    },
    hangup() {
      const s = session;
      if (!s) return;
      hungUpLocally = true;
      if (s.state === SessionState.Established) void s.bye();
      else if (s instanceof Inviter) void s.cancel();
      else if (s instanceof Invitation) void s.reject({ statusCode: 603 });
    },
    setMuted(muted: boolean) {
      sdh()?.enableSenderTracks(!muted);
    },
    setHeld(held: boolean): Promise<boolean> {
      const s = session;
      if (!s || s.state !== SessionState.Established) return Promise.resolve(false);
      // Resolves with the re-INVITE's answer: 2xx = the other side took the new direction.
      return new Promise<boolean>((resolve) => {
        s.invite({
          sessionDescriptionHandlerModifiers: held ? [Web.holdModifier] : [],
          sessionDescriptionHandlerOptions: MEDIA,
          requestDelegate: {
            onAccept: () => {
              sdh()?.enableReceiverTracks(!held);
              resolve(true);
            },
            onReject: () => resolve(false),
          },
        }).catch(() => resolve(false));
      });
    },
    dtmf(digit: string) {
      const s = session;
      if (!s || s.state !== SessionState.Established) return;
      void s.info({
        requestOptions: {
          body: {
            contentDisposition: 'render',
            contentType: 'application/dtmf-relay',
            content: `Signal=${digit}\r\nDuration=160`,
          },
        },
      });
    },
    async stop() {
      const s = session;
      if (s && s.state === SessionState.Established) await s.bye().catch(() => undefined);
      await registerer.unregister().catch(() => undefined);
      await ua.stop().catch(() => undefined);
    },
  };
}
