// The recognizer seen from a call session: the switch commands that start and stop it on a channel,
// and a parser that turns the switch events it reports through into results. Two real
// implementations: mod_unimrcp (DETECTED_SPEECH with an NLSML body, unimrcp.ts) and a streaming
// transcription module reporting through CUSTOM events (mod_google_transcribe, googleTranscribe.ts).
import type { EslEvent } from '../../esl/events';

/** What a recognizer said: speech began, an interim (partial) hypothesis, or the final result. */
export interface AsrResult {
  kind: 'begin' | 'partial' | 'final';
  text: string;
  /** 0..1 when the recognizer reports one. */
  confidence?: number;
}

/** A switch command, built from checked parts only (esl/guard.ts). */
export type AsrCommand =
  /** `api <command>` (mod_commands / module APIs). */
  | { kind: 'api'; command: string }
  /** `sendmsg <uuid>` execute of a dialplan application, through the call's lane. */
  | { kind: 'execute'; app: string; arg: string };

export interface AsrStartOptions {
  /** The bot's hot words (checked again by checkHotWords before they reach the socket). */
  hotWords: readonly string[];
  /** The bot's waiting time for an answer, seconds. */
  waitSeconds: number;
}

export interface AsrAdapter {
  /** unimrcp, google_transcribe, or none (empty ASR: DTMF only). */
  readonly name: 'unimrcp' | 'google_transcribe' | 'none';
  /** Commands that start background recognition for the whole call, in order. */
  start(uuid: string, o: AsrStartOptions): AsrCommand[];
  /** Commands that stop it (before a transfer to a seat, say). */
  stop(uuid: string): AsrCommand[];
  /** The result an event carries, or null when the event is not this recognizer's. */
  parse(ev: EslEvent): AsrResult | null;
}

/** Empty ASR (asr_settings provider `none`): nothing is recognised, the bot hears DTMF only. */
export const NO_ASR: AsrAdapter = {
  name: 'none',
  start: () => [],
  stop: () => [],
  parse: () => null,
};
