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
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

export const rooms = {
  account: (id: number) => `account:${id}`,
  session: (id: string) => `session:${id}`,
  task: (id: number) => `task:${id}`,
  seat: (id: number) => `seat:${id}`,
  call: (uuid: string) => `call:${uuid}`,
};
