// The far end of a simulated call, driven by its persona: how the carrier answers the INVITE,
// then what the callee says, presses or does after each prompt.
import { HangupCause } from '../../../domain/telephony';
import type { Channel } from './channel';
import {
  newMemory,
  nlsml,
  replyTo,
  SIGNALLING,
  speakingMs,
  type CalleeMemory,
  type Outcome,
} from './personas';
import { between } from './random';

export type DialResult = { ok: true } | { ok: false; cause: string };

const DEFAULT_RING: Record<Outcome, [number, number]> = {
  answer: [3000, 10000],
  voicemail: [15000, 25000],
  assistant: [5000, 9000],
  busy: [2000, 6000],
  inCall: [3000, 5000],
  noAnswer: [0, 0],
  vacant: [300, 1000],
  poweredOff: [3000, 6000],
  suspended: [3000, 6000],
  refused: [3000, 10000],
  barred: [3000, 5000],
  unreachable: [200, 1500],
};

/**
 * Plays the carrier's side of the originate: progress, then answer or the failure response.
 * Resolves on answer, or with the failure once the leg is torn down. `onFail` runs synchronously
 * where originate returns in FreeSWITCH (api.ts originate: its BACKGROUND_JOB goes there): right after
 * CHANNEL_HANGUP when the originate timer expired, after CHANNEL_HANGUP_COMPLETE when the far end
 * refused or the leg was killed.
 */
export function dial(ch: Channel, timeoutSec: number, onFail?: (cause: string) => void): Promise<DialResult> {
  const p = ch.persona;
  const sig = SIGNALLING[p.outcome];
  const ringMs = between(ch.rng, p.ringMs ?? DEFAULT_RING[p.outcome]);
  const timeoutMs = timeoutSec * 1000;
  const noRing = p.outcome === 'vacant' || p.outcome === 'unreachable';

  return new Promise((resolve) => {
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      onFail?.(ch.cause);
      resolve({ ok: false, cause: ch.cause });
    };
    ch.whenComplete(fail);
    if (p.earlyMedia) ch.after(between(ch.rng, [200, 600]), () => ch.progress(true));
    else if (!noRing)
      ch.after(between(ch.rng, [100, Math.min(800, Math.max(100, ringMs))]), () => ch.progress(false));

    if (p.outcome === 'noAnswer' || ringMs >= timeoutMs) {
      // switch_ivr_originate: the originate timer expires, FreeSWITCH sends CANCEL (-> 487) and
      // returns before the session thread reports the hang-up.
      ch.after(timeoutMs, () => {
        ch.whenHungUp(fail);
        void ch.hangup(HangupCause.NO_ANSWER, 487, 'send_cancel');
      });
      return;
    }
    ch.after(ringMs, () => {
      if (!sig.answered) {
        void ch.hangup(sig.cause, sig.sip, 'recv_refuse');
        return;
      }
      settled = true;
      ch.answer();
      startTalking(ch);
      resolve({ ok: true });
    });
  });
}

/** After answer: the greeting, a voicemail's beep, and the persona's own hang-up timer. */
export function startTalking(ch: Channel): void {
  const p = ch.persona;
  // A voicemail box beeps once its greeting is over (or at once, when it has none); a person never does.
  const beeps = p.outcome === 'voicemail' && p.beep !== false;
  const greet = () => {
    const greeting = p.greeting;
    const at = greeting ? between(ch.rng, p.greetingAtMs ?? [300, 700]) : 0;
    const gap = beeps ? between(ch.rng, p.beepGapMs ?? [400, 800]) : 0;
    if (!greeting) {
      if (beeps) ch.after(gap, () => beep(ch));
      return;
    }
    ch.after(at, () => {
      // Timed from the greeting as it is spoken (a late timer delays both alike): the recognizer's
      // result for the greeting always comes before the beep that follows it.
      const ms = speak(ch, greeting);
      if (beeps) ch.after(ms + gap, () => beep(ch));
    });
  };
  if (p.greetsWhenHeard && p.greeting) ch.whenListening(greet);
  else greet();
  if (p.hangupAtMs !== undefined) ch.after(p.hangupAtMs, () => void remoteHangup(ch));
}

/**
 * The record tone of a voicemail box. Only mod_avmd hears it: CUSTOM avmd::beep with the headers
 * avmd_fire_event (mod_avmd.c) adds after the channel data, values printed with "%f".
 */
export function beep(ch: Channel): void {
  // On an inbound leg avmd reads what we send, not the caller: it never hears the caller's beep.
  if (ch.avmd !== 'callee') return;
  ch.vars.set('avmd_detect', 'TRUE');
  ch.fireCustom('avmd::beep', [
    ['Unique-ID', ch.uuid],
    ['Call-command', 'avmd'],
    ['Beep-Status', 'DETECTED'],
    ['Frequency', '1000.000000'],
    ['Frequency-variance', '0.000012'],
    ['Amplitude', '4800.000000'],
    ['Amplitude-variance', '0.003100'],
    ['Detection-time', '120000'],
    ['Detector-resolution', '1'],
    ['Detector-offset', '0'],
    ['Detector-index', '0'],
  ]);
}

const remoteHangup = (ch: Channel) => ch.hangup(HangupCause.NORMAL_CLEARING, 200, 'recv_bye');

/**
 * The callee says `text`. Only a running recogniser hears it: DETECTED_SPEECH begin-speaking when
 * the voice starts, then detected-speech with the NLSML result when it ends, as speech_thread in
 * switch_ivr_async.c fires them. Returns how long the utterance takes (ms, unscaled).
 */
export function speak(ch: Channel, text: string, fromUs = ch.hub.nowUs()): number {
  const ms = speakingMs(ch.persona, text);
  ch.tape.voice(fromUs, text, ms, ch.persona.voice);
  if (ch.transcribing) return transcribe(ch, text, ms);
  let begun = false;
  const begin = () => {
    if (begun || !ch.detecting) return;
    begun = true;
    ch.fire('DETECTED_SPEECH', [['Speech-Type', 'begin-speaking']]);
    ch.hear({ kind: 'begin', text: '' });
  };
  begin();
  ch.afterAt(fromUs + ms * 1000, () => {
    if (!ch.detecting) return;
    begin();
    const body = nlsml(text, ch.persona.confidence ?? 90, ch.detecting.grammar);
    ch.fire('DETECTED_SPEECH', [['Speech-Type', 'detected-speech']], body);
    ch.hear({ kind: 'result', text, body });
  });
  return ms;
}

/**
 * The callee says `text` to a streaming transcription module (mod_google_transcribe): with interim
 * results on, a hypothesis of the first half while the callee is still talking, then the final
 * one when the utterance ends; each a CUSTOM google_transcribe::transcription event with the JSON
 * body responseHandler attaches (mod_google_transcribe.c; README "Events").
 */
function transcribe(ch: Channel, text: string, ms: number): number {
  const result = (transcript: string, final: boolean) =>
    JSON.stringify({
      stability: final ? 0 : 0.8,
      is_final: final,
      alternatives: [{ confidence: final ? (ch.persona.confidence ?? 90) / 100 : 0, transcript }],
    });
  const vendor: Array<[string, string]> = [['transcription-vendor', 'google']];
  ch.hear({ kind: 'begin', text: '' });
  if (ch.transcribing?.interim) {
    const chars = [...text];
    const head = chars.slice(0, Math.ceil(chars.length / 2)).join('');
    ch.after(Math.round(ms / 2), () => {
      if (ch.transcribing) ch.fireCustom('google_transcribe::transcription', vendor, result(head, false));
    });
  }
  ch.after(ms, () => {
    if (!ch.transcribing) return;
    const body = result(text, true);
    ch.fireCustom('google_transcribe::transcription', vendor, body);
    ch.hear({ kind: 'result', text, body });
  });
  return ms;
}

/** The callee presses keys: one DTMF event per digit (switch_channel_queue_dtmf). */
export function pressKeys(ch: Channel, digits: string): number {
  [...digits].forEach((d, i) =>
    ch.after(i * 300, () => {
      ch.fire('DTMF', [
        ['DTMF-Digit', d],
        ['DTMF-Duration', '2000'], // samples at 8 kHz = 250 ms
        ['DTMF-Source', 'RTP'],
      ]);
      ch.hear({ kind: 'dtmf', text: d });
    }),
  );
  return digits.length * 300;
}

interface Round {
  n: number;
  interrupted: boolean;
}
const current = new WeakMap<Channel, Round>();
const memories = new WeakMap<Channel, CalleeMemory>();

/** A prompt starts playing: a new round; an interrupting persona may talk over it. */
export function promptStarted(ch: Channel, _text: string): void {
  const round: Round = { n: ++ch.rounds, interrupted: false };
  current.set(ch, round);
  const it = ch.persona.interrupt;
  if (it?.rounds.includes(round.n)) {
    const startUs = ch.hub.nowUs();
    ch.after(it.afterMs, () => {
      if (current.get(ch) !== round) return;
      round.interrupted = true;
      // From when the interruption was due, so it ends before a prompt longer than it, however late
      // this timer fired (CI: at 1/100 time a late start put the result after PLAYBACK_STOP).
      speak(ch, it.say, startUs + it.afterMs * 1000);
    });
  }
}

/** A prompt ended (done, broken off, or the call went away): the callee answers it. */
export function promptEnded(ch: Channel, text: string, end: 'done' | 'break' | 'hangup'): void {
  const round = current.get(ch);
  current.delete(ch);
  if (end === 'hangup' || !round || round.interrupted) {
    if (round?.interrupted) hangupIfDone(ch, round.n, 1500);
    return;
  }
  const delay = between(ch.rng, ch.persona.replyDelayMs ?? [300, 900]);
  ch.after(delay, () => {
    // The robot went on talking (its next prompt started): the callee answers that one instead, as
    // people wait for the end of what is said to them.
    if (ch.rounds !== round.n) return;
    let memory = memories.get(ch);
    if (!memory) memories.set(ch, (memory = newMemory()));
    const r = replyTo(ch.persona, round.n, text, ch.rng, memory);
    let took = 0;
    if (r.say) took += speak(ch, r.say);
    const say = took;
    if (r.dtmf) ch.after(say, () => pressKeys(ch, r.dtmf!));
    if (r.dtmf) took += r.dtmf.length * 300;
    if (r.hangup) ch.after(took + 800, () => void remoteHangup(ch));
  });
}

function hangupIfDone(ch: Channel, round: number, afterMs: number): void {
  const limit = ch.persona.hangupAfterRounds;
  if (limit !== undefined && round >= limit) ch.after(afterMs, () => void remoteHangup(ch));
}
