// mod_unimrcp (FreeSWITCH src/mod/asr_tts/mod_unimrcp) driven through `detect_speech`:
//   detect_speech unimrcp[:<profile>] {<params>}builtin:grammar/any any
// detect_speech_function (mod_dptools.c) calls switch_ivr_detect_speech(session, mod_name, grammar,
// name, …): background recognition for the whole call, whatever plays meanwhile. "unimrcp:<profile>"
// picks a profile of mrcp_profiles (switch_core_asr_open splits the module name at ':').
// Results come back as DETECTED_SPEECH, fired by speech_thread in switch_ivr_async.c:
//   Speech-Type: begin-speaking          (START-OF-INPUT from the MRCP server)
//   Speech-Type: detected-partial-speech (asr_get_results returned SWITCH_STATUS_MORE_DATA)
//   Speech-Type: detected-speech         (RECOGNITION-COMPLETE) with the NLSML result as the body
//   Speech-Type: closed
// The NLSML body is what the MRCP server sent (RFC 6787 §6.3.1 / §9.6), e.g.
//   <?xml version="1.0"?>
//   <result>
//     <interpretation grammar="session:request1@form-level.store" confidence="0.97">
//       <instance>…</instance>
//       <input mode="speech">…</input>
//     </interpretation>
//   </result>
// Confidence is 0.0–1.0 in MRCPv2 and 0–100 in MRCPv1 and pocketsphinx-style results; both map to 0..1.
//
// Hot words: recog_channel_set_params (mod_unimrcp.c) turns every `{name=value}` grammar parameter
// that is not a known MRCP recognizer header into a Vendor-Specific-Parameters entry ("this is
// probably a vendor-specific MRCP param"). The bot's hot words go as `hotwords=词一|词二`; the MRCP
// server's engine plugin maps them to its own hot-word list. The bracket syntax splits on `,` and
// `=`, and checkHotWords leaves only CJK characters, so nothing can break out of it.
import type { EslEvent } from '../../esl/events';
import { checkHotWords, checkName } from '../../esl/guard';
import type { AsrAdapter, AsrCommand, AsrResult, AsrStartOptions } from './types';

/** Vendor-specific parameter carrying the hot words (see above). */
export const HOT_WORDS_PARAM = 'hotwords';

export class UnimrcpAdapter implements AsrAdapter {
  readonly name = 'unimrcp';
  private readonly engine: string;

  /** `profile`: a mod_unimrcp profile name; empty = the module's default-asr-profile. */
  constructor(readonly profile = '') {
    this.engine = profile ? `unimrcp:${checkName(profile, 'unimrcp profile')}` : 'unimrcp';
  }

  /** The `detect_speech` argument for a call. */
  detectArg(o: AsrStartOptions): string {
    const wait = Math.max(1, Math.min(60, Math.round(o.waitSeconds || 5)));
    // start-input-timers=false: recognition runs across prompts (barge-in) and our own silence timer
    // decides when the customer said nothing; no-input-timeout applies once the timers are started.
    const params = ['start-input-timers=false', `no-input-timeout=${wait * 1000}`];
    const words = checkHotWords(o.hotWords);
    if (words.length) params.push(`${HOT_WORDS_PARAM}=${words.join('|')}`);
    return `${this.engine} {${params.join(',')}}builtin:grammar/any any`;
  }

  start(_uuid: string, o: AsrStartOptions): AsrCommand[] {
    return [{ kind: 'execute', app: 'detect_speech', arg: this.detectArg(o) }];
  }

  stop(): AsrCommand[] {
    return [{ kind: 'execute', app: 'detect_speech', arg: 'stop' }];
  }

  parse(ev: EslEvent): AsrResult | null {
    if (ev.name !== 'DETECTED_SPEECH') return null;
    switch (ev.speechType) {
      case 'begin-speaking':
        return { kind: 'begin', text: '' };
      case 'detected-partial-speech':
      case 'detected-speech': {
        const r = parseNlsmlResult(ev.body);
        if (!r.text) return null; // no-input / no-match results carry no text
        const kind = ev.speechType === 'detected-speech' ? 'final' : 'partial';
        return r.confidence === null
          ? { kind, text: r.text }
          : { kind, text: r.text, confidence: r.confidence };
      }
      default:
        return null;
    }
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** Text content of an element: CDATA kept as is, elements dropped, entities decoded elsewhere. */
function textOf(raw: string): string {
  const plain = (part: string) => unescapeXml(part.replace(/<[^>]*>/g, ''));
  let out = '';
  let last = 0;
  for (const m of raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    out += plain(raw.slice(last, m.index)) + (m[1] ?? '');
    last = m.index + m[0].length;
  }
  return out + plain(raw.slice(last));
}

/** 0..1 from an NLSML confidence (0.0–1.0, or 0–100 from MRCPv1-style servers). */
export function normaliseConfidence(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.min(1, n > 1 ? n / 100 : n);
}

/**
 * The best interpretation of an NLSML result: its `<input>` text (CDATA and entities decoded, inner
 * elements such as `<noinput/>` dropped) and confidence. Several interpretations: the most confident.
 */
export function parseNlsmlResult(body: string): { text: string; confidence: number | null } {
  let best: { text: string; confidence: number | null } = { text: '', confidence: null };
  const interps = [...body.matchAll(/<interpretation\b([^>]*)>([\s\S]*?)<\/interpretation>/gi)];
  const parts = interps.length
    ? interps.map((m) => [m[1] ?? '', m[2] ?? ''] as const)
    : [['', body] as const];
  for (const [attrs, inner] of parts) {
    const input = /<input\b[^>]*>([\s\S]*?)<\/input>/i.exec(inner);
    const raw = input?.[1] ?? '';
    const text = textOf(raw).replace(/\s+/g, ' ').trim();
    const conf = normaliseConfidence(
      /\bconfidence\s*=\s*"([^"]*)"/i.exec(attrs)?.[1] ?? /\bconfidence\s*=\s*"([^"]*)"/i.exec(inner)?.[1],
    );
    if (!text) continue;
    if (!best.text || (conf ?? 0) > (best.confidence ?? 0)) best = { text, confidence: conf };
  }
  return best;
}
