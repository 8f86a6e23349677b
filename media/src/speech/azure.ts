// Cloud TTS: Azure Speech REST (POST /cognitiveservices/v1 with SSML). Asks for 8 kHz mono PCM
// directly, so nothing needs resampling unless the service answers with another format.
import { resolveTarget, STRICT, type OutboundPolicy } from '../../../config/outbound/guard';
import { sendRequest } from '../../../config/outbound/request';
import { hostKey } from '../../../domain/netAddress';
import { NORMAL_SPEED, type TtsEngine, type TtsOptions } from './tts';
import { telephonyProblem, inspectWav, toTelephonyWav } from './wav';

export const AZURE_OUTPUT_FORMAT = 'riff-8khz-16bit-mono-pcm';

/** SPEC §4 speed code -> SSML prosody rate (relative to the voice's normal rate). */
const RATES: Record<number, string> = {
  1001: '+50%',
  1002: '+20%',
  1003: '+0%',
  1004: '-15%',
  1005: '-30%',
  1006: '-45%',
  1007: '-20%', // elderly modes: slow and clear
  1008: '-30%',
  1009: '-40%',
};
export const azureRate = (code: number): string => RATES[code] ?? RATES[NORMAL_SPEED]!;

// XML 1.0 forbids most control characters even when escaped; drop them.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const xmlEscape = (s: string): string =>
  s.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** 'zh-CN-XiaoxiaoNeural' -> 'zh-CN'. */
const langOf = (voice: string): string => /^([a-z]{2,3}-[A-Za-z]{2,4})-/.exec(voice)?.[1] ?? 'zh-CN';

export function azureSsml(text: string, voice: string, speed: number): string {
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${xmlEscape(langOf(voice))}">` +
    `<voice name="${xmlEscape(voice)}"><prosody rate="${azureRate(speed)}">${xmlEscape(text)}</prosody></voice></speak>`
  );
}

export interface AzureOptions {
  region: string;
  key: string;
  /** Replaces https://<region>.tts.speech.microsoft.com (tests point it at a loopback server). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Ten minutes of 8 kHz 16-bit audio is under 10 MB: a longer answer is not speech. */
export const AZURE_MAX_BYTES = 32 * 1024 * 1024;

export class AzureEngine implements TtsEngine {
  readonly name = 'azure';
  private readonly url: string;
  /** The outbound guard's policy: strict for Azure's hosts; the operator's baseUrl is trusted. */
  private readonly policy: OutboundPolicy;

  constructor(private readonly opts: AzureOptions) {
    // The region becomes part of a host name: refuse anything that could point elsewhere.
    if (!opts.baseUrl && !/^[a-z0-9]+$/.test(opts.region))
      throw new Error(`bad Azure region: ${opts.region}`);
    const base = (opts.baseUrl ?? `https://${opts.region}.tts.speech.microsoft.com`).replace(/\/+$/, '');
    this.url = `${base}/cognitiveservices/v1`;
    this.policy = opts.baseUrl ? { allowHosts: new Set([hostKey(new URL(base).hostname)]) } : STRICT;
  }

  async render(text: string, { voice, speed }: TtsOptions): Promise<Buffer> {
    // Through the outbound guard: pinned address, no redirects, bounded time and size.
    const res = await sendRequest(await resolveTarget(this.url, this.policy), {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': this.opts.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': AZURE_OUTPUT_FORMAT,
        'User-Agent': 'callplat-media',
      },
      body: azureSsml(text, voice, speed),
      timeoutMs: this.opts.timeoutMs ?? 20_000,
      maxBytes: AZURE_MAX_BYTES,
    });
    const body = res.body;
    if (res.status < 200 || res.status > 299)
      throw new Error(`Azure TTS: HTTP ${res.status} ${body.toString('utf8').slice(0, 200)}`.trim());
    if (res.truncated) throw new Error(`Azure TTS: answer larger than ${AZURE_MAX_BYTES} bytes`);
    // Normally already telephony audio; convert anything else rather than play it at the wrong rate.
    return telephonyProblem(inspectWav(body)) === null ? body : toTelephonyWav(body);
  }
}
