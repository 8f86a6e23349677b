// The environment check (SPEC §2 Personal center): what the browser supports, the microphone's level
// from an AnalyserNode's samples, and what to tell the user when something fails. Pure functions; the
// component feeds them the real window and devices.

export type BrowserFeature =
  'secureContext' | 'webSocket' | 'getUserMedia' | 'peerConnection' | 'audioContext';
export const BROWSER_FEATURES: readonly BrowserFeature[] = [
  'secureContext',
  'webSocket',
  'getUserMedia',
  'peerConnection',
  'audioContext',
];

/** The parts of `window` the check reads (so tests can pass a plain object). */
export interface BrowserLike {
  isSecureContext?: boolean;
  WebSocket?: unknown;
  RTCPeerConnection?: unknown;
  AudioContext?: unknown;
  webkitAudioContext?: unknown;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
}

export function browserSupport(w: BrowserLike): Record<BrowserFeature, boolean> {
  return {
    secureContext: w.isSecureContext === true,
    webSocket: typeof w.WebSocket === 'function',
    getUserMedia: typeof w.navigator?.mediaDevices?.getUserMedia === 'function',
    peerConnection: typeof w.RTCPeerConnection === 'function',
    audioContext: typeof (w.AudioContext ?? w.webkitAudioContext) === 'function',
  };
}

export const allSupported = (s: Record<BrowserFeature, boolean>): boolean =>
  BROWSER_FEATURES.every((f) => s[f]);

/**
 * Input level 0–100 of time-domain samples (getByteTimeDomainData: silence is 128): the RMS scaled so
 * that normal speech reads well up the bar (full scale at an RMS of half the range).
 */
export function levelOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = (samples[i]! - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 200));
}

/** A peak above this level means the microphone hears something. */
export const HEARD_LEVEL = 1;

export type MicProblem = 'denied' | 'noDevice' | 'busy' | 'insecure' | 'unsupported' | 'other';

/** The advice to give for a getUserMedia failure (DOMException names). */
export function micProblem(err: unknown): MicProblem {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'SecurityError':
      return 'insecure';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'other';
  }
}

/** The speaker test tone: frequency and length. */
export const TONE_HZ = 440;
export const TONE_MS = 1500;
