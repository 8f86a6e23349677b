// A streaming transcription module that reports through CUSTOM events: mod_google_transcribe of
// drachtio/drachtio-freeswitch-modules (modules/mod_google_transcribe; jambonz runs the same family).
//   uuid_google_transcribe <uuid> start <lang-code> [interim]   (README "Commands"; "+OK Success")
//   uuid_google_transcribe <uuid> stop
// Options come from channel variables read when it starts (start_capture in mod_google_transcribe.c),
// among them GOOGLE_SPEECH_HINTS: "a simple comma-separated list of phrases" (google_glue.cpp builds a
// PhraseSet from it). We set it with `uuid_setvar` just before starting.
// Results: CUSTOM event, Event-Subclass google_transcribe::transcription (TRANSCRIBE_EVENT_RESULTS in
// mod_google_transcribe.h), channel headers, `transcription-vendor: google`, and a JSON body:
//   {"stability":0,"is_final":true,"alternatives":[{"confidence":0.96471,"transcript":"…"}]}
// With `interim`, hypotheses arrive with is_final false before the final one. The module sends no
// start-of-speech event per utterance, so the first interim result is the "speech began" signal.
import { GOOGLE_TRANSCRIPTION, type EslEvent } from '../../esl/events';
import { checkHotWords, checkLanguage, checkUuid } from '../../esl/guard';
import type { AsrAdapter, AsrCommand, AsrResult, AsrStartOptions } from './types';

/** Google's code for Mandarin Chinese, Simplified, China. */
export const DEFAULT_GOOGLE_LANGUAGE = 'cmn-Hans-CN';

interface Alternative {
  transcript?: unknown;
  confidence?: unknown;
}

export class GoogleTranscribeAdapter implements AsrAdapter {
  readonly name = 'google_transcribe';
  private readonly language: string;

  constructor(language = DEFAULT_GOOGLE_LANGUAGE) {
    this.language = checkLanguage(language);
  }

  start(uuid: string, o: AsrStartOptions): AsrCommand[] {
    const id = checkUuid(uuid);
    const out: AsrCommand[] = [];
    const hints = checkHotWords(o.hotWords);
    if (hints.length)
      out.push({ kind: 'api', command: `uuid_setvar ${id} GOOGLE_SPEECH_HINTS ${hints.join(',')}` });
    out.push({ kind: 'api', command: `uuid_google_transcribe ${id} start ${this.language} interim` });
    return out;
  }

  stop(uuid: string): AsrCommand[] {
    return [{ kind: 'api', command: `uuid_google_transcribe ${checkUuid(uuid)} stop` }];
  }

  parse(ev: EslEvent): AsrResult | null {
    if (ev.name !== 'CUSTOM' || ev.subclass !== GOOGLE_TRANSCRIPTION) return null;
    return parseGoogleTranscription(ev.body);
  }
}

/** The result in a google_transcribe::transcription body; null for anything without text. */
export function parseGoogleTranscription(body: string): AsrResult | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  // Some builds send the list of StreamingRecognitionResult objects: take the first.
  const r = (Array.isArray(json) ? json[0] : json) as
    { is_final?: unknown; alternatives?: unknown } | null | undefined;
  if (!r || typeof r !== 'object' || !Array.isArray(r.alternatives)) return null;
  const alt = r.alternatives[0] as Alternative | undefined;
  const text = typeof alt?.transcript === 'string' ? alt.transcript.trim() : '';
  if (!text) return null;
  const kind = r.is_final === true ? 'final' : 'partial';
  const c = typeof alt?.confidence === 'number' ? alt.confidence : 0;
  // Interim hypotheses carry confidence 0 (unset in the protobuf): no confidence then.
  return c > 0 ? { kind, text, confidence: Math.min(1, c) } : { kind, text };
}
