// What features send over the socket: room joins and leaves (the socket saga owns the connection and
// hands features only this sending side; events come back to them as actions).
import type { AppSocket } from './channel';

/** The sending side of the session's socket. */
export type SocketEmitter = Pick<AppSocket, 'emit' | 'timeout'>;

const JOIN_TIMEOUT_MS = 10_000;

/** Joins each room; resolves to how many the server granted (a refusal or no ack in time: not). */
export async function joinRooms(socket: Pick<AppSocket, 'timeout'>, names: string[]): Promise<number> {
  const acks = await Promise.all(
    names.map((room) =>
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck('room:join', { room })
        .then(
          (r) => r.code === 200,
          () => false,
        ),
    ),
  );
  return acks.filter(Boolean).length;
}

/** Stops watching a room (a call's): its events would otherwise keep coming until the socket ends. */
export function leaveRoom(socket: Pick<AppSocket, 'emit'>, room: string): void {
  socket.emit('room:leave', { room }, () => undefined);
}
