// Calls between the server (producer of dial jobs, reader of records) and the media worker
// (consumer, writer of records): the `dial` job, call and conversation-line shapes, and the test-call number rules (SPEC §5). Pure: no I/O.
import { normalizeMobile } from './phone';
import { coded, type ReasonParam } from './reasons';

export const DIAL_QUEUE = 'dial';

/** One call attempt. callUuid is chosen by the producer and becomes the FreeSWITCH channel uuid. */
export interface DialJob {
  callUuid: string;
  accountId: number;
  botId: number;
  botVersion: number;
  lineId: number;
  /** Digits only (the line's prefix is added by the worker). */
  phone: string;
  /** Digits only; empty = the line's caller number. */
  callerNumber: string;
  customerId?: number | null;
  taskId?: number | null;
  test?: boolean;
  /**
   * 'in': an inbound call a reception scene answers (media/src/calls/inbound.ts): the channel exists
   * already on node `fsNode`, is answered instead of originated, and `phone` is the caller's number.
   */
  direction?: 'out' | 'in';
  fsNode?: string;
}

/**
 * A retry after a crash must find the open record and close it, so a failed attempt is retried;
 * the retry never dials again (the record says it was originated).
 */
export const DIAL_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential' as const, delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};

/** The test number of SPEC §5: the simulator's friendly test line. */
export const TEST_NUMBER = '9999';
export const MAX_TEST_NUMBERS = 20;

/** Splits '13800000001,9999' (ASCII or full-width commas, spaces ignored); null when any entry is bad. */
export function parseTestNumbers(text: string): string[] | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length || parts.length > MAX_TEST_NUMBERS) return null;
  // Full-width digits and a +86 / 86- prefix read as the mobile (phone.ts, the one normaliser).
  const numbers = parts.map((p) => (p === TEST_NUMBER ? p : normalizeMobile(p)));
  if (numbers.some((n) => n === null)) return null;
  return [...new Set(numbers as string[])];
}

// ---- records ----

export type CallStatus = 'dialing' | 'ringing' | 'answered' | 'ended';

/**
 * The reason on the record of a task call that was never placed (no originate reached a switch): not
 * a call result; its number went back to its task. Written by the media worker and the dialer alike.
 */
export const NOT_PLACED_TEXT = '未拨出，号码已退回任务：';
export const notPlacedReason = (why: ReasonParam) => {
  const r = coded('notPlaced', { why });
  return { kind: 'notPlaced' as const, ...r, text: r.text.slice(0, 300) };
};
/**
 * The reason on the record of a call our platform broke (the switch could not play a prompt, the
 * recognizer is missing): hung up at once, result 90, nothing billed. Written by the media worker.
 */
export const PLATFORM_FAULT_TEXT = '平台故障，已挂机，不计费：';
export const platformFaultReason = (why: ReasonParam) => {
  const r = coded('platformFault', { why });
  return { kind: 'platformFault' as const, ...r, text: r.text.slice(0, 300) };
};
export type LineType = 'robot' | 'customer';

/** SPEC §3 Conversation line, as stored (table conversation_lines) and sent to the browser. */
export interface ConversationLine {
  seq: number;
  khtype: LineType;
  khcontent: string;
  /** Robot: the prompt file; customer: one url per merged utterance. */
  khvoicepath: string[];
  loseFlag: boolean;
  inserttime: string;
  reduceNoiseRate: number | null;
  /** The engine's reason for a robot line (domain/bot/session.ts Reason). */
  reason: unknown;
}

/** A conversation_lines row as the database driver returns it. */
export interface ConversationLineRow {
  call_id?: number | string;
  seq: number | string;
  khtype: LineType;
  khcontent: string;
  khvoicepath: string[] | null;
  lose_flag: boolean;
  inserttime: Date | string;
  reduce_noise_rate: number | string | null;
  reason: unknown;
}

/** The one presenter of a stored conversation line (API replies, desk, wallboard, test calls). */
export const presentConversationLine = (r: ConversationLineRow): ConversationLine => ({
  seq: Number(r.seq),
  khtype: r.khtype,
  khcontent: r.khcontent,
  khvoicepath: r.khvoicepath ?? [],
  loseFlag: r.lose_flag,
  inserttime: new Date(r.inserttime).toISOString(),
  reduceNoiseRate: r.reduce_noise_rate === null ? null : Number(r.reduce_noise_rate),
  reason: r.reason,
});

export interface CallRecordDto {
  id: number;
  callUuid: string;
  accountId: number;
  taskId: number | null;
  botId: number;
  botVersion: number;
  lineId: number;
  customerId: number | null;
  phone: string;
  direction: 'out' | 'in';
  status: CallStatus;
  resultLevel: number | null;
  grade: number | null;
  labels: string[];
  llmGrade: string | null;
  hangupCause: string | null;
  sipStatus: number | null;
  ringMs: number;
  talkMs: number;
  totalMs: number;
  billableMs: number;
  rounds: number;
  reason: unknown;
  recordingPath: string | null;
  test: boolean;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
}

export interface CallDetailDto extends CallRecordDto {
  lines: ConversationLine[];
}

/**
 * Merging rule of SPEC §3: a customer line that follows a customer line joins it (one sentence,
 * both voice urls). Returns the merged line, or null when the new line starts a new one.
 */
export function mergeCustomerLine(
  last: Pick<ConversationLine, 'khtype' | 'khcontent' | 'khvoicepath'> | null,
  next: { khtype: LineType; khcontent: string; khvoicepath: string[] },
): { khcontent: string; khvoicepath: string[] } | null {
  if (!last || last.khtype !== 'customer' || next.khtype !== 'customer') return null;
  return {
    khcontent: `${last.khcontent}${/[。！？!?，,]$/.test(last.khcontent) ? '' : '，'}${next.khcontent}`,
    khvoicepath: [...last.khvoicepath, ...next.khvoicepath],
  };
}
