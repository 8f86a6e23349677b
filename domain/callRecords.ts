// Call records (SPEC §2 Call records, §3 Customer/call record, issue 6): the two pages that show them,
// the display reading of grade codes (SPEC §4), the list filter as both pages and the API read it,
// and the voice files of a conversation. Pure: client and server import it.
import type { ConversationLine } from './calls';
import { ALL_LEVELS, gradeLetter } from './dialer/levels';

/**
 * /crm/dialrecord shows every record of the subtree; /dialcenter/callout only outbound ones,
 * /dialcenter/callin only inbound ones.
 */
export type CallRecordView = 'dialrecord' | 'callout' | 'callin';
export const CALL_RECORD_VIEWS: readonly CallRecordView[] = ['dialrecord', 'callout', 'callin'];
export const VIEW_MENU: Readonly<Record<CallRecordView, string>> = {
  dialrecord: 'crm/dialrecord',
  callout: 'dialcenter/callout',
  callin: 'dialcenter/callin',
};

/** Levels a record can be filtered by: grades A–F, then the SPEC §4 result levels. */
export const FILTER_LEVELS: readonly number[] = ALL_LEVELS;

/** Codes with their own text in the display reading (SPEC §4); everything else reads "unknown". */
export const DISPLAY_CODES: readonly number[] = [63, 64, 65, 66, 67, 68, 69, 70, 79];

/**
 * The grade code of a record in the one display reading of SPEC §4: a grade A–F (21–26) shows its
 * letter; 63 empty number, 64 powered off, 65 rejected, 66 unreachable, 67 busy, 68 no answer,
 * 69 in call, 70 call reminder, 79 not delivered; otherwise (62, 71, 90, none) unknown.
 * The result is an i18n key suffix: 'A'…'F', 'c63'…'c79' or 'unknown'.
 */
export function gradeDisplayKey(level: number | null | undefined): string {
  if (level === null || level === undefined) return 'unknown';
  const letter = gradeLetter(level);
  if (letter) return letter;
  return DISPLAY_CODES.includes(level) ? `c${level}` : 'unknown';
}

/** The list filter (query string of GET /api/callrecords, `filter` of the batch actions). */
export interface CallRecordFilter {
  /** ISO instants, inclusive. */
  from?: string;
  to?: string;
  /** Result levels / grades (grade code multi-select). */
  levels?: number[];
  taskId?: number;
  botId?: number;
  /** Talk time in whole seconds, inclusive. */
  minTalkS?: number;
  maxTalkS?: number;
  /** 11 digits (the whole number) or the last 4 digits. */
  phone?: string;
  name?: string;
  read?: boolean;
  focus?: boolean;
  llmGrade?: string;
}

/** A phone filter is the whole mobile number or its last four digits. */
export const isPhoneFilter = (s: string): boolean => /^\d{4}$/.test(s) || /^1[3-9]\d{9}$/.test(s);

/** The filter as query parameters (empty fields left out; lists comma separated). */
export function filterToQuery(f: CallRecordFilter): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(f) as [keyof CallRecordFilter, unknown][]) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) q[k] = v.join(',');
    } else q[k] = String(v);
  }
  return q;
}

/** Drops empty fields, so the filter sent in a JSON body means what the query string means. */
export function compactFilter(f: CallRecordFilter): CallRecordFilter {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as CallRecordFilter;
}

// ---- voice files ----

/** One voice url of a line as stored: a file path with an optional media fragment (`#t=12.5`). */
export function splitVoicePath(p: string): { file: string; fragment: string | null } {
  const i = p.indexOf('#');
  return i < 0 ? { file: p, fragment: null } : { file: p.slice(0, i), fragment: p.slice(i + 1) || null };
}

/**
 * A customer line's voice: the call recording with a media fragment (`#t=start,end`, seconds from
 * the start of the recording, W3C Media Fragments) where the line was said.
 */
export function recordingFragment(recordingPath: string, startMs: number, endMs: number): string {
  const sec = (ms: number) => String(Math.round(Math.max(0, ms) / 100) / 10);
  const start = sec(startMs);
  const end = sec(Math.max(endMs, startMs));
  return `${recordingPath}#t=${start}${end === start ? '' : `,${end}`}`;
}

/** The start and end (seconds) of a `t=` media fragment, as recordingFragment writes it. */
export function fragmentTimes(fragment: string | null): { start: number; end: number | null } | null {
  const m = /^t=(?:npt:)?(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?$/.exec(fragment ?? '');
  if (!m) return null;
  return { start: Number(m[1]), end: m[2] === undefined ? null : Number(m[2]) };
}

/** The distinct files of a call (its recording first, then each line's files in order). */
export function callAudioFiles(
  recordingPath: string | null,
  lines: readonly Pick<ConversationLine, 'khvoicepath'>[],
): string[] {
  const files: string[] = [];
  const add = (f: string) => f && !files.includes(f) && files.push(f);
  if (recordingPath) add(splitVoicePath(recordingPath).file);
  for (const l of lines) for (const v of l.khvoicepath) add(splitVoicePath(v).file);
  return files;
}

// ---- API shapes ----

export interface CallRecordRow {
  id: number;
  callUuid: string;
  accountId: number;
  account: string;
  direction: 'out' | 'in';
  /** Call status (dialing, ringing, answered, ended). */
  callStatus: string;
  resultLevel: number | null;
  grade: number | null;
  /** What the grade code column shows: result level, else grade. */
  gradeCode: number | null;
  phone: string;
  name: string;
  /** Customer stage of the linked customer (SPEC §4 customer stages), null without one. */
  stage: number | null;
  customerId: number | null;
  intentionLabel: string;
  score: number | null;
  llmGrade: string | null;
  /** Semantic labels the engine set. */
  labels: string[];
  ringMs: number;
  talkMs: number;
  totalMs: number;
  read: boolean;
  focus: boolean;
  taskId: number | null;
  taskName: string | null;
  botId: number;
  botName: string | null;
  lineId: number | null;
  lineName: string | null;
  hangupCause: string | null;
  createdAt: string;
  endedAt: string | null;
}

export interface CallRecordPage {
  items: CallRecordRow[];
  /** Opaque cursor of the next page, null on the last one. */
  next: string | null;
}

/**
 * Why a voice cannot be played: notRecorded (the call was never answered, or its recording never
 * started), nodeUnreachable (the file was written on a FreeSWITCH node whose disk this server does not
 * see), fileMissing (it should be here and is not: deleted, or never written). There is no retention
 * setting (SPEC §9 shows only a notice), so no file is ever missing for having expired.
 */
export type AudioMissing = 'notRecorded' | 'nodeUnreachable' | 'fileMissing';
export const AUDIO_MISSING: readonly AudioMissing[] = ['notRecorded', 'nodeUnreachable', 'fileMissing'];

/** One voice url of a line as the browser gets it. */
export interface VoiceRef {
  /** Authenticated url of the file (GET, audio/wav, range requests); null when it cannot be played. */
  url: string | null;
  /** Media fragment to play, e.g. 't=12.5,14' (seconds into the file). */
  fragment: string | null;
  exists: boolean;
  /** Why it cannot be played; null when it can. */
  missing: AudioMissing | null;
}

export interface CallRecordLine extends Omit<ConversationLine, 'khvoicepath'> {
  voices: VoiceRef[];
}

export interface CallRecordDetail extends CallRecordRow {
  sipStatus: number | null;
  rounds: number;
  /** The engine's reason for the result (calls.reason). */
  reason: unknown;
  /** The whole-call recording (missing 'notRecorded' when the call has none). */
  recording: VoiceRef;
  lines: CallRecordLine[];
}

/** Why a record was not added to a task by repeat dial. */
export interface RepeatDialReply {
  added: number;
  skipped: { duplicate: number; exists: number; blacklisted: number; noNumber: number };
}

export interface MoveReply {
  created: number;
  updated: number;
  skipped: number;
}
