// Socket.IO event names and payloads, shared by server, media workers and client.
import type { NoticeDto } from './api';
import type { FollowUpDto } from './crm';
import type { CallStatus, ConversationLine } from './calls';
import type { FsNodeStatus } from './media';
import type { PlatformPulse } from './platformPanel';
import type { DailyLimitReason } from './dialer/dailyLimits';
import type { SeatStateDto } from './seats';
import type {
  CallOrigin,
  OfferState,
  TransferCard,
  TransferOutcome,
  TransferTranscriptLine,
} from './transfer';

export const Events = {
  /** A new notice for the account (room user:<id>: its own sockets). */
  NoticeNew: 'notice:new',
  /** The server ends this session (logout, password change, account disabled/expired). */
  SessionRevoked: 'session:revoked',
  /** Progress of a number import (room user:<id> of the importer). */
  ImportProgress: 'import:progress',
  /** A work reminder fell due (room user:<owner id>). */
  ReminderDue: 'reminder:due',
  /** A FreeSWITCH node's live state changed (rooms user:<id> of super administrators). */
  FsStatus: 'fs:status',
  /** A call's state changed (room call:<uuid> at once; rooms task:<id>, account:<id> in live:batch). */
  CallState: 'call:state',
  /**
   * Several events for one room in one frame: [event, payload] pairs in order, each to be handled as
   * if it had come alone (client/src/socket/channel.ts relays them). Busy rooms get their events this
   * way, one frame per LIVE_BATCH_WINDOW_MS, so a floor of calls does not send every change to every
   * wallboard alone: call:state to task and account rooms, seat:state and task:progress to account
   * rooms above the seat's user or the task's owner.
   */
  LiveBatch: 'live:batch',
  /** A transcript line was added or merged (room call:<uuid> only: join it to follow a call). */
  CallLine: 'call:line',
  /** The bot hands the call to a seat group (same rooms; the seat side subscribes later). */
  CallTransfer: 'call:transfer',
  /** What the customer is saying, before the recognizer's final result (room call:<uuid> only). */
  CallPartial: 'call:partial',
  /** A task's live run overview after a scheduler tick or a settlement (rooms account:<owner and ancestors>). */
  TaskProgress: 'task:progress',
  /** A seat's live state changed, or the server reconciles it (rooms seat:<id> and user:<user> at once, account:<owner> in live:batch). */
  SeatState: 'seat:state',
  /** A call is offered to a seat: the pop-up (room seat:<id>; the seat's sockets join call:<uuid>). */
  SeatOffer: 'seat:offer',
  /** The offer is over (accepted, declined, missed, or the customer hung up): the pop-up closes. */
  SeatOfferEnd: 'seat:offerEnd',
  /** The platform's live totals (room platform:panel, joined by super administrators only). */
  PlatformPulse: 'platform:pulse',
} as const;

/** Payload of seat:offer. */
export interface SeatOfferEvent {
  callUuid: string;
  seatId: number;
  accountId: number;
  card: TransferCard;
  transcript: TransferTranscriptLine[];
  /** When the pop-up stops ringing (ISO); the next seat is tried then. */
  expiresAt: string;
  /** An auto-answer seat: the call is bridged at once, the pop-up only shows it. */
  autoAnswered: boolean;
  /** 'inbound': a caller put straight through (the pop-up says 呼入来电, a robot's transfer 转人工). */
  origin?: CallOrigin;
}

/** Payload of seat:offerEnd. */
export interface SeatOfferEndEvent {
  callUuid: string;
  seatId: number;
  state: OfferState;
}

/** Payload of seat:state: the seat, who owns and works it, and its state now. */
export interface SeatStateEvent {
  seatId: number;
  accountId: number;
  userId: number;
  groupId: number;
  state: SeatStateDto;
}

/**
 * Payload of task:progress: the run overview of one task (domain/dialer eta.ts RunOverview) with its
 * status, what is left and the estimated finish.
 */
export interface TaskProgressEvent {
  taskId: number;
  accountId: number;
  status: number;
  runState: number;
  /** Finished attempts that were dialed. */
  dialed: number;
  connected: number;
  grades: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', number>;
  /** Not-connected results by level (62–70, 79, 90). */
  notConnected: Record<number, number>;
  notConnectedTotal: number;
  /** Numbers refused at claim time (blacklists, shields, caps). */
  skipped: number;
  inProgress: number;
  /** Numbers never dialed yet. */
  remaining: number;
  /** Numbers waiting for a redial. */
  pendingRedials: number;
  /** ISO time of the estimated finish, or null when unknown (no dial rate yet, window never opens). */
  eta: string | null;
  /** Why the task claims nothing today though it may dial: its account reached a daily limit. */
  held: DailyLimitReason | null;
  at: string;
}

/** How long an event may wait to be sent with others in a live:batch frame. */
export const LIVE_BATCH_WINDOW_MS = 50;

/**
 * Between processes (Socket.IO serverSideEmit): one event for busy rooms, from a media worker or a
 * server process to every server process. Each server process batches what it gets into one
 * live:batch frame per room per window and sends it to its own sockets a slice at a time
 * (server/src/socket/live.ts, fanout.ts): a room gets one frame per window however many workers and
 * server processes its events come from.
 */
export const LIVE_EVENT = 'live:event';

export interface InterServerEvents {
  [LIVE_EVENT]: (rooms: string[], entry: LiveBatchEntry) => void;
}

/** One event of a live:batch frame. */
export type LiveBatchEntry =
  ['call:state', CallStateEvent] | ['seat:state', SeatStateEvent] | ['task:progress', TaskProgressEvent];

/** Payload of call:state. resultLevel and grade are set once the call has ended. */
export interface CallStateEvent {
  callUuid: string;
  accountId: number;
  taskId: number | null;
  status: CallStatus;
  resultLevel: number | null;
  grade: number | null;
  test: boolean;
  at: string;
  /** On 'ended': talk and billed time of the call (the dashboard's live minutes; absent = unknown). */
  talkMs?: number;
  billableMs?: number;
  /** The call's SIP line (the wallboard groups live calls by line; absent from older workers). */
  lineId?: number;
  /** The callee's number, masked as in the call record (the wallboard's live list). */
  phoneMasked?: string;
  /** On 'ended': how a transfer to a seat ended, null without one (the wallboard's transfer KPIs). */
  transferOutcome?: TransferOutcome | null;
}

/** Payload of call:line: the line as stored (a merged customer line comes again with the same seq). */
export interface CallLineEvent {
  callUuid: string;
  line: ConversationLine;
}

/** Payload of call:partial: an interim recognition result; the final one arrives as a call:line. */
export interface CallPartialEvent {
  callUuid: string;
  text: string;
  at: string;
}

/** Payload of call:transfer. */
export interface CallTransferEvent {
  callUuid: string;
  accountId: number;
  seatGroupId: number | null;
  /** False when there was nowhere to transfer to and the call was hung up. */
  transferred: boolean;
  reason: string;
}

/** Payload of fs:status: the node and its new state (null: no worker reports on it any more). */
export interface FsStatusEvent {
  nodeId: number;
  status: FsNodeStatus | null;
}

export interface ImportProgress {
  importJobId: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  rowsDone: number;
  rowsTotal: number;
  imported: number;
  /** Numbers already customers (called before): their customer was updated, not added again. */
  updated: number;
  duplicates: number;
  invalid: number;
  blacklisted: number;
  removed: number;
  error?: string;
}

export interface ServerToClientEvents {
  'notice:new': (notice: NoticeDto) => void;
  'session:revoked': (info: { code: number }) => void;
  'import:progress': (p: ImportProgress) => void;
  'reminder:due': (r: FollowUpDto) => void;
  'fs:status': (e: FsStatusEvent) => void;
  'call:state': (e: CallStateEvent) => void;
  'live:batch': (entries: LiveBatchEntry[]) => void;
  'call:line': (e: CallLineEvent) => void;
  'call:transfer': (e: CallTransferEvent) => void;
  'call:partial': (e: CallPartialEvent) => void;
  'task:progress': (e: TaskProgressEvent) => void;
  'seat:state': (e: SeatStateEvent) => void;
  'seat:offer': (e: SeatOfferEvent) => void;
  'seat:offerEnd': (e: SeatOfferEndEvent) => void;
  'platform:pulse': (e: PlatformPulse) => void;
}
/** Reply to a client request over the socket: the envelope's code and message. */
export interface SocketAck {
  code: number;
  message?: string;
}

export interface ClientToServerEvents {
  /** Ask to watch a room (e.g. a subordinate's account:<id>); granted only inside one's subtree. */
  'room:join': (req: { room: string }, ack: (r: SocketAck) => void) => void;
  /** Stop watching a call (its call:<uuid> room); other rooms are the session's own and stay. */
  'room:leave': (req: { room: string }, ack: (r: SocketAck) => void) => void;
  /** The states of the seats this account works, from Redis (after a reconnect; Redis lost = offline). */
  'seat:sync': (ack: (r: SocketAck & { seats?: SeatStateEvent[] }) => void) => void;
  /** The seat's user takes (accept) or declines the call offered to the seat. */
  'seat:answer': (
    req: { callUuid: string; seatId: number; accept: boolean },
    ack: (r: SocketAck) => void,
  ) => void;
}

export const rooms = {
  /**
   * An account's live floor: its own sockets, and supervisors above it who joined it (wallboards).
   * Only what any of them may see goes here (calls, seat and task states); personal events go to
   * user:<id>.
   */
  account: (id: number) => `account:${id}`,
  /** The account's own sockets only (joined at the handshake, never on request): notices, reminders, imports, its seats. */
  user: (id: number) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  task: (id: number) => `task:${id}`,
  seat: (id: number) => `seat:${id}`,
  call: (uuid: string) => `call:${uuid}`,
  /** The platform panel's pulse: joined on request by super administrators (level 0) only. */
  platform: 'platform:panel',
};
