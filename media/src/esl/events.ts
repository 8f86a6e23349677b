// A small typed layer over the events the media worker subscribes to. Header names are those
// FreeSWITCH sends (switch_channel_event_set_data, switch_ivr_async.c, mod_event_socket.c).
import type { Frame } from './frames';

/** The only events we subscribe to (never `event plain ALL`: mod_event_socket drops slow clients). */
export const SUBSCRIBED = [
  'CHANNEL_CREATE',
  // An inbound call the dialplan parked for us (switch_ivr_park): calls/inbound.ts answers it.
  'CHANNEL_PARK',
  'CHANNEL_PROGRESS',
  'CHANNEL_PROGRESS_MEDIA',
  'CHANNEL_ANSWER',
  'CHANNEL_EXECUTE_COMPLETE',
  'CHANNEL_HANGUP_COMPLETE',
  'PLAYBACK_START',
  'PLAYBACK_STOP',
  'DETECTED_SPEECH',
  'DTMF',
  // When a recording really started (switch time): customer lines point into it (calls/session.ts).
  'RECORD_START',
  'RECORD_STOP',
  'BACKGROUND_JOB',
] as const;
export type EventName = (typeof SUBSCRIBED)[number];

/** mod_google_transcribe (drachtio-freeswitch-modules, mod_google_transcribe.h TRANSCRIBE_EVENT_RESULTS). */
export const GOOGLE_TRANSCRIPTION = 'google_transcribe::transcription';
/** mod_avmd (src/mod/applications/mod_avmd/mod_avmd.c avmd_events_str[AVMD_EVENT_BEEP]). */
export const AVMD_BEEP = 'avmd::beep';
/** The CUSTOM subclasses we listen to (ASR module results, voicemail beeps); never all of CUSTOM. */
export const CUSTOM_SUBCLASSES = [GOOGLE_TRANSCRIPTION, AVMD_BEEP] as const;

/**
 * The subscription command. mod_event_socket's `event` parser treats every word after CUSTOM as a
 * subclass name (parse_command, "event" branch), so CUSTOM and its subclasses come last.
 */
export const subscribeCommand = (): string =>
  `event plain ${SUBSCRIBED.join(' ')} CUSTOM ${CUSTOM_SUBCLASSES.join(' ')}`;

interface Base {
  /** Channel uuid (Unique-ID); '' for BACKGROUND_JOB. */
  uuid: string;
  /** performance.now() when the frame was parsed (latency measurements). */
  receivedAt: number;
  headers: Map<string, string>;
}

export type EslEvent =
  | (Base & { name: 'CHANNEL_CREATE' | 'CHANNEL_PARK' })
  | (Base & { name: 'CHANNEL_PROGRESS' | 'CHANNEL_PROGRESS_MEDIA' })
  | (Base & { name: 'CHANNEL_ANSWER' })
  | (Base & { name: 'CHANNEL_EXECUTE_COMPLETE'; application: string; response: string; appUuid: string })
  | (Base & {
      name: 'CHANNEL_HANGUP_COMPLETE';
      cause: string;
      sipStatus: number | null;
      /** µs timestamps (Caller-Channel-*-Time), 0 when it never happened. */
      createdUs: number;
      progressUs: number;
      answeredUs: number;
      hangupUs: number;
    })
  | (Base & { name: 'PLAYBACK_START' | 'PLAYBACK_STOP'; file: string; status: string; seq: string })
  | (Base & {
      name: 'DETECTED_SPEECH';
      speechType: string;
      text: string;
      confidence: number | null;
      /** The recognizer's result as sent (NLSML for mod_unimrcp). */
      body: string;
    })
  | (Base & { name: 'CUSTOM'; subclass: string; body: string })
  | (Base & { name: 'DTMF'; digit: string })
  | (Base & { name: 'RECORD_START' | 'RECORD_STOP'; file: string })
  | (Base & { name: 'BACKGROUND_JOB'; jobUuid: string; body: string });

const num = (v: string | undefined): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The typed event, or null for anything we did not subscribe to. */
export function parseEvent(f: Frame, receivedAt: number): EslEvent | null {
  const h = f.headers;
  const name = h.get('Event-Name') ?? '';
  const base = { uuid: h.get('Unique-ID') ?? '', receivedAt, headers: h };
  switch (name) {
    case 'CHANNEL_CREATE':
    case 'CHANNEL_PARK':
    case 'CHANNEL_ANSWER':
    case 'CHANNEL_PROGRESS':
    case 'CHANNEL_PROGRESS_MEDIA':
      return { ...base, name };
    case 'CHANNEL_EXECUTE_COMPLETE':
      return {
        ...base,
        name,
        application: h.get('Application') ?? '',
        response: h.get('Application-Response') ?? '',
        appUuid: h.get('Application-UUID') ?? '',
      };
    case 'CHANNEL_HANGUP_COMPLETE': {
      const sip = h.get('variable_sip_term_status');
      return {
        ...base,
        name,
        cause: h.get('Hangup-Cause') ?? 'NORMAL_CLEARING',
        sipStatus: sip && /^\d{3}$/.test(sip) ? Number(sip) : null,
        createdUs: num(h.get('Caller-Channel-Created-Time')),
        progressUs: num(h.get('Caller-Channel-Progress-Time')),
        answeredUs: num(h.get('Caller-Channel-Answered-Time')),
        hangupUs: num(h.get('Caller-Channel-Hangup-Time')),
      };
    }
    case 'PLAYBACK_START':
    case 'PLAYBACK_STOP':
      return {
        ...base,
        name,
        file: h.get('Playback-File-Path') ?? '',
        status: h.get('Playback-Status') ?? '',
        // Our own `{cp_seq=N}` file parameter, copied into the event by switch_ivr_play_file.
        seq: h.get('cp_seq') ?? '',
      };
    case 'DETECTED_SPEECH': {
      const { text, confidence } = parseNlsml(f.body);
      return { ...base, name, speechType: h.get('Speech-Type') ?? '', text, confidence, body: f.body };
    }
    case 'CUSTOM':
      return { ...base, name, subclass: h.get('Event-Subclass') ?? '', body: f.body };
    case 'DTMF':
      return { ...base, name, digit: h.get('DTMF-Digit') ?? '' };
    case 'RECORD_START':
    case 'RECORD_STOP':
      return { ...base, name, file: h.get('Record-File-Path') ?? '' };
    case 'BACKGROUND_JOB':
      return { ...base, uuid: '', name, jobUuid: h.get('Job-UUID') ?? '', body: f.body };
    default:
      return null;
  }
}

const XML_ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
};

/** The recognised text and confidence of an NLSML result (mod_unimrcp, pocketsphinx). */
export function parseNlsml(body: string): { text: string; confidence: number | null } {
  const input = /<input[^>]*>([\s\S]*?)<\/input>/.exec(body);
  const conf = /confidence="(\d+(?:\.\d+)?)"/.exec(body);
  const text = (input?.[1] ?? '').replace(/&(lt|gt|amp|quot|apos);/g, (e) => XML_ENTITIES[e] ?? e).trim();
  return { text, confidence: conf ? Number(conf[1]) : null };
}
