// Socket.IO event names and payloads, shared by server, media workers and client.
import type { NoticeDto } from './api';
import type { FollowUpDto } from './crm';
import type { CallStatus, ConversationLine } from './calls';
import type { FsNodeStatus } from './media';

export const Events = {
  /** A new notice for the account (room account:<id>). */
  NoticeNew: 'notice:new',
  /** The server ends this session (logout, password change, account disabled/expired). */
  SessionRevoked: 'session:revoked',
  /** Progress of a number import (room account:<id> of the importer). */
  ImportProgress: 'import:progress',
  /** A work reminder fell due (room account:<owner id>). */
  ReminderDue: 'reminder:due',
  /** A FreeSWITCH node's live state changed (rooms account:<id> of super administrators). */
  FsStatus: 'fs:status',
  /** A call's state changed (rooms call:<uuid>, task:<id>, account:<id>). */
  CallState: 'call:state',
  /** A transcript line was added or merged (same rooms). */
  CallLine: 'call:line',
  /** The bot hands the call to a seat group (same rooms; the seat side subscribes later). */
  CallTransfer: 'call:transfer',
} as const;

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
}

/** Payload of call:line: the line as stored (a merged customer line comes again with the same seq). */
export interface CallLineEvent {
  callUuid: string;
  line: ConversationLine;
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
  'call:line': (e: CallLineEvent) => void;
  'call:transfer': (e: CallTransferEvent) => void;
}
/** Reply to a client request over the socket: the envelope's code and message. */
export interface SocketAck {
  code: number;
  message?: string;
}

export interface ClientToServerEvents {
  /** Ask to watch a room (e.g. a subordinate's account:<id>); granted only inside one's subtree. */
  'room:join': (req: { room: string }, ack: (r: SocketAck) => void) => void;
}

export const rooms = {
  account: (id: number) => `account:${id}`,
  session: (id: string) => `session:${id}`,
  task: (id: number) => `task:${id}`,
  seat: (id: number) => `seat:${id}`,
  call: (uuid: string) => `call:${uuid}`,
};
