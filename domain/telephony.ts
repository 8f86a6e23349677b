// How a call that did not reach a conversation ends, read from what FreeSWITCH reports:
// the Q.850 hang-up cause (`Hangup-Cause`), the SIP final status (`variable_sip_term_status`),
// and whether the callee answered. Maps to the SPEC §4 call result levels (62-90).
// Cause names are switch_channel_cause2str's spelling (src/switch_channel.c, CAUSE_CHART);
// the SIP -> cause table sofia applies is sofia_glue_sip_cause_to_freeswitch
// (src/mod/endpoints/mod_sofia/sofia_glue.c): 404 -> UNALLOCATED_NUMBER, 480 -> NO_USER_RESPONSE,
// 486/600 -> USER_BUSY, 403/603 -> CALL_REJECTED, 503 -> NORMAL_TEMPORARY_FAILURE,
// 408/504 -> RECOVERY_ON_TIMER_EXPIRE. A `Reason: Q.850;cause=N` header on the response
// overrides it, which is how carriers signal SUBSCRIBER_ABSENT (20) or INCOMING_CALL_BARRED (54).

export const HangupCause = {
  NORMAL_CLEARING: 'NORMAL_CLEARING',
  UNALLOCATED_NUMBER: 'UNALLOCATED_NUMBER',
  NO_ROUTE_DESTINATION: 'NO_ROUTE_DESTINATION',
  USER_BUSY: 'USER_BUSY',
  NO_USER_RESPONSE: 'NO_USER_RESPONSE',
  NO_ANSWER: 'NO_ANSWER',
  SUBSCRIBER_ABSENT: 'SUBSCRIBER_ABSENT',
  CALL_REJECTED: 'CALL_REJECTED',
  NUMBER_CHANGED: 'NUMBER_CHANGED',
  DESTINATION_OUT_OF_ORDER: 'DESTINATION_OUT_OF_ORDER',
  INVALID_NUMBER_FORMAT: 'INVALID_NUMBER_FORMAT',
  NORMAL_TEMPORARY_FAILURE: 'NORMAL_TEMPORARY_FAILURE',
  NETWORK_OUT_OF_ORDER: 'NETWORK_OUT_OF_ORDER',
  RECOVERY_ON_TIMER_EXPIRE: 'RECOVERY_ON_TIMER_EXPIRE',
  INCOMING_CALL_BARRED: 'INCOMING_CALL_BARRED',
  ORIGINATOR_CANCEL: 'ORIGINATOR_CANCEL',
  ALLOTTED_TIMEOUT: 'ALLOTTED_TIMEOUT',
} as const;
export type HangupCauseName = (typeof HangupCause)[keyof typeof HangupCause];

/** Q.850 numbers behind the names (variable_hangup_cause_q850); FreeSWITCH-only causes are 487+. */
export const Q850: Record<HangupCauseName, number> = {
  NORMAL_CLEARING: 16,
  UNALLOCATED_NUMBER: 1,
  NO_ROUTE_DESTINATION: 3,
  USER_BUSY: 17,
  NO_USER_RESPONSE: 18,
  NO_ANSWER: 19,
  SUBSCRIBER_ABSENT: 20,
  CALL_REJECTED: 21,
  NUMBER_CHANGED: 22,
  DESTINATION_OUT_OF_ORDER: 27,
  INVALID_NUMBER_FORMAT: 28,
  NORMAL_TEMPORARY_FAILURE: 41,
  NETWORK_OUT_OF_ORDER: 38,
  RECOVERY_ON_TIMER_EXPIRE: 102,
  INCOMING_CALL_BARRED: 54,
  ORIGINATOR_CANCEL: 487,
  ALLOTTED_TIMEOUT: 602,
};

/** SPEC §4 call result levels for calls that did not become a conversation. */
export const ResultLevel = {
  shutdown: 62,
  vacant: 63,
  suspended: 64,
  refused: 65,
  unreachable: 66,
  busy: 67,
  noAnswer: 68,
  inCall: 69,
  assistant: 70,
  blacklist: 71,
  incomingRestricted: 79,
  unknown: 90,
} as const;
export type ResultLevelCode = (typeof ResultLevel)[keyof typeof ResultLevel];

export interface CallEnd {
  hangupCause: string;
  /** `variable_sip_term_status`; absent when no SIP final response was seen. */
  sipStatus?: number | string | null;
  answered: boolean;
  /** What answered, when the greeting showed it was a machine (see greetingKindOf). */
  greeting?: GreetingKind | null;
  /** The platform refused to dial (blacklist / shield) before any signalling. */
  blacklisted?: boolean;
}

/**
 * The result level of a call, or null when the callee (a person) answered: such calls are graded
 * A-F by the intention rules instead. Rows are checked top to bottom; the first match wins.
 */
export function resultLevelOf(end: CallEnd): ResultLevelCode | null {
  if (end.blacklisted) return ResultLevel.blacklist;
  if (end.answered) return end.greeting ? ResultLevel.assistant : null;
  const sip = end.sipStatus === undefined || end.sipStatus === null ? null : Number(end.sipStatus);
  for (const row of TABLE) {
    if (row.cause !== '*' && row.cause !== end.hangupCause) continue;
    if (row.sip !== '*' && row.sip !== sip) continue;
    return row.level;
  }
  return ResultLevel.unknown;
}

interface Row {
  cause: HangupCauseName | '*';
  sip: number | null | '*';
  level: ResultLevelCode;
  why: string;
}

/** Exported so tests can walk every row. */
export const TABLE: readonly Row[] = [
  { cause: 'SUBSCRIBER_ABSENT', sip: '*', level: 62, why: 'powered off / out of coverage (Q.850 20)' },
  { cause: 'UNALLOCATED_NUMBER', sip: '*', level: 63, why: 'vacant number (404, Q.850 1)' },
  { cause: 'NUMBER_CHANGED', sip: '*', level: 63, why: 'number no longer in service (410)' },
  { cause: 'INVALID_NUMBER_FORMAT', sip: '*', level: 63, why: 'not a dialable number (484)' },
  { cause: 'CALL_REJECTED', sip: 403, level: 64, why: 'carrier forbids the call: suspended line (403)' },
  { cause: 'INCOMING_CALL_BARRED', sip: '*', level: 79, why: 'callee bars incoming calls (Q.850 54)' },
  { cause: 'CALL_REJECTED', sip: '*', level: 65, why: 'callee declined (603)' },
  { cause: 'USER_BUSY', sip: 600, level: 69, why: 'busy everywhere: already in a call (600)' },
  { cause: 'USER_BUSY', sip: '*', level: 67, why: 'busy (486)' },
  { cause: 'NO_ANSWER', sip: '*', level: 68, why: 'rang until originate_timeout; FreeSWITCH cancelled' },
  { cause: 'NO_USER_RESPONSE', sip: '*', level: 68, why: 'carrier gave up ringing (480)' },
  { cause: 'ORIGINATOR_CANCEL', sip: '*', level: 68, why: 'we cancelled while it rang' },
  { cause: 'NO_ROUTE_DESTINATION', sip: '*', level: 66, why: 'no route to the number' },
  { cause: 'NORMAL_TEMPORARY_FAILURE', sip: '*', level: 66, why: 'carrier unavailable (503)' },
  { cause: 'DESTINATION_OUT_OF_ORDER', sip: '*', level: 66, why: 'callee network fault (502)' },
  { cause: 'NETWORK_OUT_OF_ORDER', sip: '*', level: 66, why: 'network fault' },
  { cause: 'RECOVERY_ON_TIMER_EXPIRE', sip: '*', level: 66, why: 'no SIP response in time (408/504)' },
];

export type GreetingKind = 'voicemail' | 'assistant';

/** Words Chinese carriers' voicemail and AI call assistants open with. */
const GREETINGS: ReadonlyArray<[GreetingKind, RegExp]> = [
  [
    'assistant',
    /(智能助理|智能助手|来电助理|秘书|小爱|我是机主的|机主的助理|AI助理|call assistant|personal assistant)/i,
  ],
  ['voicemail', /(留言|语音信箱|无法接听|提示音后|voicemail|leave a message|after the (tone|beep))/i],
];

/** Classifies the first thing said after answer; null when it sounds like a person. */
export function greetingKindOf(text: string): GreetingKind | null {
  for (const [kind, re] of GREETINGS) if (re.test(text)) return kind;
  return null;
}
