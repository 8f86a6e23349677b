// The web softphone (SPEC §2 personal center "web softphone with dial records", §4 softphone states,
// §5 "a softphone dial needs the SIP extension online and seat capability enabled", message "number
// dialed is incorrect"): the number rule shared by the dial form, the API and the simulator, the
// states the phone shows, and the DTOs of its configuration and call records. Pure.
import { parsePhone, phoneKindOf } from './phone';

/**
 * The number as dialled: full-width forms, separators and a +86 / 0086 prefix go (the one normaliser,
 * phone.ts); short numbers (extensions, 10086, 9999) come back as their digits.
 */
export function normalizeDialNumber(s: string): string {
  return parsePhone(s).digits;
}

/**
 * A number a seat may dial: a mainland mobile (11 digits, 1[3-9]…), a fixed line with its area code
 * (0 + 9–11 digits), a 400/800 number (10 digits), or a short number of 3–8 digits (extensions,
 * service numbers such as 10086 or 95588, the test number 9999).
 */
export function isDialNumber(raw: string): boolean {
  const s = normalizeDialNumber(raw);
  return phoneKindOf(s) !== 'invalid' || /^[1-9]\d{2,7}$/.test(s);
}

/** Problem of the dial form's number field (the client shows `softphone:validation.<code>`). */
export function dialNumberProblem(v: unknown): 'required' | 'number' | undefined {
  if (typeof v !== 'string' || v.trim() === '') return 'required';
  return isDialNumber(v) ? undefined : 'number';
}

/** Registration with the SIP server, as the phone shows it (SPEC §4 online/offline). */
export type Registration = 'unconfigured' | 'connecting' | 'registered' | 'unregistered' | 'failed';

/** The one call a softphone handles at a time. */
export type PhoneCallPhase = 'idle' | 'dialing' | 'ringing' | 'incoming' | 'active' | 'ended';

export const SOFTPHONE_DIRECTIONS = ['in', 'out'] as const;
export type SoftphoneDirection = (typeof SOFTPHONE_DIRECTIONS)[number];

/** How a softphone call ended: answered (talked), missed / rejected (incoming), failed / cancelled (outgoing). */
export const SOFTPHONE_OUTCOMES = ['answered', 'missed', 'rejected', 'failed', 'cancelled'] as const;
export type SoftphoneOutcome = (typeof SOFTPHONE_OUTCOMES)[number];

/** How a call ended, for its record: who hung up before an answer tells rejected from missed. */
export function outcomeOf(direction: SoftphoneDirection, answered: boolean, byMe: boolean): SoftphoneOutcome {
  if (answered) return 'answered';
  if (direction === 'in') return byMe ? 'rejected' : 'missed';
  return byMe ? 'cancelled' : 'failed';
}

/** What the browser needs to register its seat's extension (only ever the caller's own seat). */
export interface SoftphoneConfigDto {
  seatId: number;
  seatName: string;
  extension: string;
  authName: string;
  /** The SIP password of the extension: the browser needs it to answer the digest challenge. */
  authPassword: string;
  /** SIP domain (the AOR is sip:<extension>@<domain>). */
  domain: string;
  /** ws:// or wss:// URL of the SIP-over-WebSocket server (RFC 7118). */
  wsUrl: string;
  /** The server is the FreeSWITCH simulator: signalling only, no audio. */
  simulator: boolean;
  /** Seat capability enabled (SPEC §5). */
  enabled: boolean;
  /** The seat is online at its desk (SPEC §5: needed to dial). */
  online: boolean;
  autoAnswer: boolean;
}

export interface SoftphoneCallDto {
  id: number;
  seatId: number;
  direction: SoftphoneDirection;
  /** Dialed number (out) or the caller as presented (in, masked by the switch). */
  number: string;
  callUuid: string | null;
  /** null while the call is going on. */
  outcome: SoftphoneOutcome | null;
  startedAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  /** Talk time in seconds: the switch's billed seconds once its CDR came, else answer to end. */
  talkSeconds: number;
  /** What the account paid for the call (fen), from the switch's CDR; null until the CDR came. */
  chargedFen: number | null;
}

/** Talk seconds between answer and end (never negative). */
export function talkSeconds(answeredAt: Date | null, endedAt: Date | null): number {
  if (!answeredAt || !endedAt) return 0;
  return Math.max(0, Math.round((endedAt.getTime() - answeredAt.getTime()) / 1000));
}
