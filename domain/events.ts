// Socket.IO event names and payloads, shared by server, media workers and client.
import type { NoticeDto } from './api';

export const Events = {
  /** A new notice for the account (room account:<id>). */
  NoticeNew: 'notice:new',
  /** The server ends this session (logout, password change, account disabled/expired). */
  SessionRevoked: 'session:revoked',
} as const;

export interface ServerToClientEvents {
  'notice:new': (notice: NoticeDto) => void;
  'session:revoked': (info: { code: number }) => void;
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
