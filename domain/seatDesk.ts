// The seat desk (issue 7): the page a seat's user works all day. Pure rules shared by the client and
// the API: the call dispositions and their form check, what a second submit of a disposition means,
// which seat state holds a "current call", and the shapes the desk endpoints answer with.
import type { CallStatus, ConversationLine } from './calls';
import type { SeatStateDto } from './seats';
import type { CallOrigin, TransferCard, TransferOutcome } from './transfer';

// ---- dispositions ----

export const DISPOSITIONS = ['interested', 'callBack', 'notInterested', 'wrongNumber'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const DISPOSITION_NOTE_MAX = 500;

export interface DispositionInput {
  disposition: Disposition;
  note: string;
}

/** Problem codes; the client shows `seatdesk:validation.<code>`, the server its message keys. */
export type DispositionProblem = 'required' | 'invalid' | 'tooLong';
export type DispositionProblems = Partial<Record<keyof DispositionInput, DispositionProblem>>;

export const isDisposition = (v: unknown): v is Disposition =>
  typeof v === 'string' && (DISPOSITIONS as readonly string[]).includes(v);

/** A disposition is one of DISPOSITIONS; the note is optional, at most 500 characters. */
export function validateDisposition(
  v: Partial<Record<keyof DispositionInput, unknown>>,
): DispositionProblems {
  const e: DispositionProblems = {};
  if (v.disposition === undefined || v.disposition === null || v.disposition === '')
    e.disposition = 'required';
  else if (!isDisposition(v.disposition)) e.disposition = 'invalid';
  if (v.note !== undefined && v.note !== null) {
    if (typeof v.note !== 'string') e.note = 'invalid';
    else if ([...v.note.trim()].length > DISPOSITION_NOTE_MAX) e.note = 'tooLong';
  }
  return e;
}

/**
 * A disposition already stored for the call: the same one again is a repeat (answered as stored, e.g.
 * a double click); a different one is refused: a call is disposed once.
 */
export function secondSubmit(stored: DispositionInput, incoming: DispositionInput): 'repeat' | 'conflict' {
  return stored.disposition === incoming.disposition && stored.note.trim() === incoming.note.trim()
    ? 'repeat'
    : 'conflict';
}

// ---- the current call ----

/** The call a seat state points at: on it (busy) or finishing it (wrap-up); none when idle. */
export function currentCallUuid(s: Pick<SeatStateDto, 'activity' | 'callUuid'>): string | null {
  return s.activity === 'idle' ? null : s.callUuid;
}

/** Whether a disposition of `callUuid` ends the seat's wrap-up (the seat is wrapping up that call). */
export const endsWrapUp = (s: Pick<SeatStateDto, 'activity' | 'callUuid'>, callUuid: string): boolean =>
  s.activity === 'wrapup' && s.callUuid === callUuid;

// ---- DTOs ----

export interface DispositionDto {
  callUuid: string;
  seatId: number;
  disposition: Disposition;
  note: string;
  /** The account that set it (the seat's user or a supervisor). */
  byAccount: string;
  createdAt: string;
}

/** The call on the desk: the record, the customer card, the transcript so far and its disposition. */
export interface DeskCallDto {
  callUuid: string;
  status: CallStatus;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  /** When the seat took it (its offer was answered). */
  takenAt: string | null;
  card: TransferCard;
  /** The customer's stage now (the quick follow-up starts from it); null without a customer. */
  customerStage: number | null;
  transcript: ConversationLine[];
  disposition: DispositionDto | null;
  /** An inbound call put straight through to a seat, or a robot's transfer to a human. */
  origin: CallOrigin;
  /** The task the call was dialled for (a robot's transfer), or null (inbound, a single test call). */
  taskName: string | null;
  /** The server knows the caller's number: a customer can be made of it (create-customer button). */
  numberKnown: boolean;
}

export interface DeskCurrentDto {
  seatId: number;
  state: SeatStateDto;
  /** Null when the seat has no call it took (idle, or the call is still only offered). */
  call: DeskCallDto | null;
}

/** One call transferred to the seat (calls.transfer_seat_id). */
export interface DeskRecentCallDto {
  id: number;
  callUuid: string;
  phoneMasked: string;
  customerName: string;
  status: CallStatus;
  transferOutcome: TransferOutcome | null;
  resultLevel: number | null;
  grade: number | null;
  talkMs: number;
  createdAt: string;
  endedAt: string | null;
  disposition: Disposition | null;
  dispositionNote: string | null;
  /** An inbound call put straight through to the seat, or a robot's transfer. */
  origin: CallOrigin;
}

export interface DeskRecentPage {
  items: DeskRecentCallDto[];
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: number | null;
}

export const RECENT_PAGE_DEFAULT = 20;
export const RECENT_PAGE_MAX = 100;

/**
 * A live transcript line into lines kept in seq order: a merged customer line comes again with the
 * same seq and replaces it; a late line goes in its place. Returns a new array.
 */
export function mergeLine(lines: readonly ConversationLine[], line: ConversationLine): ConversationLine[] {
  const out = lines.filter((l) => l.seq !== line.seq);
  const i = out.findIndex((l) => l.seq > line.seq);
  if (i < 0) out.push(line);
  else out.splice(i, 0, line);
  return out;
}
