// The fan-out bench's client side (started by scripts/bench/fanout.ts, its own process; the name has
// a dot so `npm run bench` does not list it). The bench runs it twice: once with FANOUT_SOCKETS
// wallboard sockets of one supervisor session, each in the subtree's account rooms as the page joins
// them; once with one socket per seat user (FANOUT_SEATS) that lets its offers ring (a decline would
// pass the call straight to the next seat, so every seat would be ringing and a new transfer would
// wait for one). On SIGUSR2 it writes what it saw to FANOUT_OUT and exits.
//
// Env: FANOUT_URL, FANOUT_SOCKETS, FANOUT_OUT, FANOUT_WALL ("token cookie"), FANOUT_ROOMS (account
// ids), FANOUT_SEATS (JSON [{ seatId, token, cookie }]). FANOUT_DEBUG=<file> (diagnosis): each frame's
// arrival, its first and last socket's latency and its spread go to <file>.<FANOUT_SOCKETS>.
import fs from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { Events, type CallStateEvent, type SeatOfferEvent } from '../../domain/events';
import { p50, p99 } from '../lib/bench';

const env = process.env;
const url = env.FANOUT_URL!;
const count = Number(env.FANOUT_SOCKETS);
const [wallToken, wallCookie] = (env.FANOUT_WALL ?? '').split(' ');
const roomIds = (env.FANOUT_ROOMS ?? '').split(',').filter(Boolean).map(Number);
const seats = JSON.parse(env.FANOUT_SEATS ?? '[]') as { seatId: number; token: string; cookie: string }[];

const open = (token: string, cookie: string): Promise<Socket> => {
  const s = io(url, {
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { cookie: `Auth=${cookie}` },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
};

/**
 * A wallboard socket on the bare Socket.IO wire protocol (Engine.IO 4 over WebSocket): the server
 * side is the real Socket.IO; this side reads only what the figures need (the event name, call uuid,
 * status and `at`) without decoding every packet, so a thousand sockets in one process measure the
 * server and not this load generator's JSON parsing.
 */
class WireSocket {
  private readonly ws: WebSocket;
  private nextAck = 0;
  private readonly acks = new Map<number, (body: string) => void>();
  /** Event packets ('42…') as the bytes arrived: most are one of a thousand copies of a frame. */
  onEvent: (raw: Buffer) => void = () => undefined;
  onClose: (why: string) => void = () => undefined;

  constructor(token: string, cookie: string, ready: (err?: Error) => void) {
    const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    this.ws = new WebSocket(wsUrl, { headers: { cookie: `Auth=${cookie}` } });
    let connected = false;
    this.ws.on('message', (data: Buffer) => {
      if (data[0] === 0x34 && data[1] === 0x32) return this.onEvent(data); // '42': an event
      const m = data.toString();
      if (m === '2') return this.ws.send('3'); // Engine.IO ping -> pong
      if (m.startsWith('0')) return this.ws.send(`40${JSON.stringify({ token })}`);
      if (m.startsWith('40')) {
        connected = true;
        return ready();
      }
      if (m.startsWith('44')) return ready(new Error(`refused: ${m}`));
      if (m.startsWith('43')) {
        const at = m.indexOf('[');
        const id = Number(m.slice(2, at));
        this.acks.get(id)?.(m.slice(at));
        this.acks.delete(id);
      }
    });
    this.ws.on('close', (code: number) =>
      connected ? this.onClose(`closed ${code}`) : ready(new Error('closed')),
    );
    this.ws.on('error', (e: Error) => !connected && ready(e));
  }

  /** An event with an acknowledgement, as emitWithAck sends it. */
  request(event: string, body: unknown): Promise<string> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws.send(`42${id}${JSON.stringify([event, body])}`);
    });
  }

  close(): void {
    this.ws.close();
  }
}

const openWire = (token: string, cookie: string): Promise<WireSocket> =>
  new Promise((resolve, reject) => {
    const w: WireSocket = new WireSocket(token, cookie, (err) => (err ? reject(err) : resolve(w)));
  });

/** A string field of a packet's payload without parsing it (our payloads never escape quotes in these). */
const field = (raw: string, name: string): string | null => {
  const key = `"${name}":"`;
  const at = raw.indexOf(key);
  if (at < 0) return null;
  const from = at + key.length;
  return raw.slice(from, raw.indexOf('"', from));
};

const STATE_PREFIX = Buffer.from(`42["${Events.CallState}"`);
const BATCH_PREFIX = Buffer.from(`42["${Events.LiveBatch}"`);
const LINE_PREFIX = Buffer.from(`42["${Events.CallLine}"`);
const startsWith = (b: Buffer, prefix: Buffer) =>
  b.length >= prefix.length && b.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/**
 * Every wallboard socket gets the room's batch frames in the same order (the server writes each
 * frame to every socket of the room before the next), from the frame after it joined: once a socket
 * has found its place in the room's list of frames, its next frame is the next of the list. Only the
 * first socket to get a frame parses it; the others check that they have the same bytes (length, and
 * samples of the start, middle and end, where the uuids and times differ) and keep the time it
 * arrived. A socket whose next frame is not the expected one (it just joined, or missed one) looks
 * the frame up by its whole text and goes on from there. The figures are worked out at the end: one
 * core plays a thousand browsers here, so the load generator must not be what is measured.
 */
type Frame = { index: number; bytes: Buffer; events: { key: string; at: number }[]; receipts: number[] };
const frameList: Frame[] = [];
const framesByText = new Map<string, Frame>();
/** Frames a socket did not get in the room's order (looked up by their text). */
let unordered = 0;

const SAMPLE = 48;
const same = (a: Buffer, b: Buffer): boolean => {
  if (a.length !== b.length) return false;
  const n = Math.min(SAMPLE, a.length);
  const mid = Math.max(0, Math.floor(a.length / 2) - n / 2);
  for (const from of [0, mid, a.length - n])
    if (a.compare(b, from, from + n, from, from + n) !== 0) return false;
  return true;
};

/** The room's frame that `bytes` is, expected to be frame `k` of the room. */
const frameAt = (k: number, bytes: Buffer): Frame => {
  const expected = frameList[k];
  if (expected && same(expected.bytes, bytes)) return expected;
  const text = bytes.toString();
  const known = framesByText.get(text);
  if (known) {
    unordered++;
    return known;
  }
  const entries = (JSON.parse(text.slice(2)) as [string, [string, CallStateEvent][]])[1];
  const states = entries.filter(([event]) => event === Events.CallState).map(([, e]) => e);
  const f: Frame = {
    index: frameList.length,
    bytes,
    events: states.map((e) => ({ key: `${e.callUuid}:${e.status}`, at: Date.parse(e.at) })),
    receipts: [],
  };
  frameList.push(f);
  framesByText.set(text, f);
  return f;
};

const latencies: number[] = [];
/** call:state events (uuid:status) -> how many wallboard sockets received it. */
const received = new Map<string, number>();
let lines = 0;
/** First seat:offer per call: when it arrived (epoch ms). */
const offers: Record<string, number> = {};
const sockets: Socket[] = [];
const wires: WireSocket[] = [];
/** Why sockets dropped (a dropped socket misses events: it counts as lost, not silently). */
const dropped = new Map<string, number>();
// The sockets alone do not keep this process alive once they drop; SIGUSR2 must still find it.
const keepAlive = setInterval(() => undefined, 1000);

/** A wallboard socket received call state `key` (uuid:status), `ms` after it was emitted. */
function heard(key: string, ms: number | null): void {
  if (ms !== null) latencies.push(ms);
  received.set(key, (received.get(key) ?? 0) + 1);
}

async function main(): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () => openWire(wallToken!, wallCookie!)),
    );
    for (const s of batch) {
      wires.push(s);
      let next = 0; // the room's frame this socket should get next
      s.onEvent = (bytes) => {
        if (startsWith(bytes, BATCH_PREFIX)) {
          const f = frameAt(next, bytes);
          f.receipts.push(Date.now());
          next = f.index + 1;
          return;
        }
        if (startsWith(bytes, LINE_PREFIX)) {
          lines++;
          return;
        }
        if (!startsWith(bytes, STATE_PREFIX)) return;
        const raw = bytes.toString();
        const at = field(raw, 'at');
        heard(`${field(raw, 'callUuid')}:${field(raw, 'status')}`, at ? Date.now() - Date.parse(at) : null);
      };
      s.onClose = (why) => dropped.set(why, (dropped.get(why) ?? 0) + 1);
      await Promise.all(roomIds.map((id) => s.request('room:join', { room: `account:${id}` })));
    }
  }
  for (const seat of seats) {
    const s = await open(seat.token, seat.cookie);
    sockets.push(s);
    s.on(Events.SeatOffer, (o: SeatOfferEvent) => {
      offers[o.callUuid] ??= Date.now();
    });
    // Online at the desk once its socket is in the seat's room.
    await new Promise((r) => setTimeout(r, 200));
    const r = await fetch(`${url}/api/seats/${seat.seatId}/state`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${seat.token}`,
        cookie: `Auth=${seat.cookie}`,
      },
      body: JSON.stringify({ online: true }),
    });
    if (r.status !== 200) throw new Error(`seat ${seat.seatId} not online: ${r.status}`);
  }
  process.on('SIGUSR2', () => {
    // Where the time goes: emit -> the first socket has the frame (window, Redis, server), and the
    // first socket -> the last (the server's write to each socket, and this process reading them).
    // The figures count the events of the measured window (the bench writes it beside FANOUT_OUT:
    // 500 calls in progress, after the warm-up); `all_p99_ms` counts every event, the ramp included.
    const windowFile = `${env.FANOUT_OUT}.window`;
    const { from, until } = fs.existsSync(windowFile)
      ? (JSON.parse(fs.readFileSync(windowFile, 'utf8')) as { from: number; until: number })
      : { from: 0, until: Infinity };
    const measured = (at: number) => at >= from && at <= until;
    const first: number[] = [];
    const spread: number[] = [];
    const all: number[] = [];
    for (const f of framesByText.values()) {
      if (!f.receipts.length) continue;
      const lo = Math.min(...f.receipts);
      if (f.events.some((e) => measured(e.at))) spread.push(Math.max(...f.receipts) - lo);
      for (const e of f.events) if (measured(e.at)) first.push(lo - e.at);
    }
    for (const f of framesByText.values())
      for (const e of f.events) {
        received.set(e.key, (received.get(e.key) ?? 0) + f.receipts.length);
        const into = measured(e.at) ? latencies : all;
        for (const r of f.receipts) into.push(r - e.at);
      }
    for (const ms of latencies) all.push(ms);
    let lost = 0;
    let duplicates = 0;
    for (const n of received.values()) {
      if (n < count) lost += count - n;
      if (n > count) duplicates += n - count;
    }
    const out = {
      events: received.size,
      deliveries: latencies.length,
      p99_ms: p99(latencies),
      p50_ms: p50(latencies),
      first_p99_ms: p99(first),
      spread_p99_ms: p99(spread),
      max_ms: latencies.reduce((a, b) => (b > a ? b : a), 0),
      all_p99_ms: p99(all),
      lost,
      duplicates,
      lines,
      unordered,
      frames: frameList.length,
      dropped: Object.fromEntries(dropped),
      offers,
      ended: [...received.keys()]
        .filter((k) => k.endsWith(':ended'))
        .map((k) => k.slice(0, -':ended'.length)),
    };
    if (env.FANOUT_DEBUG)
      fs.writeFileSync(
        `${env.FANOUT_DEBUG}.${count}`,
        JSON.stringify(
          [...framesByText.values()]
            .filter((f) => f.receipts.length && f.events.length)
            .map((f) => ({
              t: Math.min(...f.receipts),
              first: Math.min(...f.receipts) - Math.min(...f.events.map((e) => e.at)),
              oldest: Math.max(...f.receipts) - Math.min(...f.events.map((e) => e.at)),
              n: f.events.length,
              spread: Math.max(...f.receipts) - Math.min(...f.receipts),
            })),
        ),
      );
    fs.writeFileSync(env.FANOUT_OUT!, JSON.stringify(out));
    clearInterval(keepAlive);
    for (const s of sockets) s.disconnect();
    for (const w of wires) w.close();
    console.log('fanout clients done');
    process.exit(0);
  });
  console.log(`fanout clients ready ${wires.length + sockets.length}`);
}

main().catch((err: unknown) => {
  console.error(`fanout clients failed: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
