// Socket.IO on the API's HTTP server. The handshake must carry the Auth cookie (sent by the browser)
// and the session's header token (auth.token); the socket joins account:<id>,
// user:<id> and session:<id>.
import type http from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import { rooms } from '../../../domain/events';
import type { Config } from '../../../config';
import type { Knex } from 'knex';
import { AUTH_COOKIE } from '../http/auth';
import { authenticate } from '../modules/auth/sessions';
import { attachLiveBatch, type IoServer } from './live';
import { authorizeRoom, mayLeaveRoom } from './rooms';
import { attachSeatPresence } from '../modules/seats/state/presence';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function createGateway(
  server: http.Server,
  config: Config,
  db: Knex,
  pub: Redis,
  sub: Redis,
): IoServer {
  const io: IoServer = new Server(server, {
    serveClient: false,
    adapter: createAdapter(pub, sub, { key: `${config.redisPrefix}:socket.io` }),
  });
  io.use(async (socket, next) => {
    try {
      const token =
        typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      const r = await authenticate(
        db,
        config,
        cookieValue(socket.handshake.headers.cookie, AUTH_COOKIE),
        token,
      );
      if (!r.ok) return next(Object.assign(new Error('unauthorized'), { data: { code: r.code } }));
      socket.data.accountId = r.auth.account.id;
      socket.data.actor = r.auth.actor;
      await socket.join([
        rooms.account(r.auth.account.id),
        rooms.user(r.auth.account.id),
        rooms.session(r.auth.sessionId),
      ]);
      next();
    } catch {
      next(Object.assign(new Error('unavailable'), { data: { code: 503 } }));
    }
  });
  attachLiveBatch(io, config.liveBatchWindowMs);
  // Seats: their users' sockets join seat:<id>, get the state from Redis, and going away ends presence.
  attachSeatPresence(io, { db, redis: pub, prefix: config.redisPrefix });
  io.on('connection', (socket) => {
    socket.on('room:join', async (req, ack) => {
      if (typeof ack !== 'function') return;
      try {
        const r = await authorizeRoom(db, socket.data.actor, req?.room);
        if (r.code === 200) await socket.join(req.room);
        ack(r);
      } catch {
        ack({ code: 500 });
      }
    });
    socket.on('room:leave', async (req, ack) => {
      if (typeof ack !== 'function') return;
      if (!mayLeaveRoom(req?.room)) return ack({ code: 400 });
      await socket.leave(req.room);
      ack({ code: 200 });
    });
  });
  return io;
}
