// One end of a call's media for the real-switch tier, in Node: a UDP socket that streams A-law (PCMA,
// payload type 8) every 20 ms to whoever sent it RTP last (the switch's port for the call, as a
// symmetric-RTP carrier or phone does), presses keys as RFC 4733 telephone-events with the payload
// type its SDP announced, and counts what it hears. SIPp cannot be the carrier's media for key
// presses: its play_dtmf sends payload types 96/97 whatever the SDP says, and FreeSWITCH (rightly)
// only takes telephone-events on the type it offered (rtp_2833_recv_payload 101), so no key arrived.
import dgram from 'node:dgram';

/** Payload types of the SDP this peer answers with (e2e/fs/sipp/uas-answer-dtmf.xml, wsSeat.ts). */
export const PCMA = 8;
export const TELEPHONE_EVENT = 101;
const FRAME = 160; // 20 ms of 8 kHz A-law
/** A-law silence. */
export const ALAW_SILENCE = 0xd5;

export interface RtpPeerOptions {
  /** The address it binds (a carrier's 127.0.0.<n>); 127.0.0.1 unless said. */
  ip?: string;
  /** What it sends: a constant A-law byte in every frame (a mark the other end can recognise). */
  fill?: number;
  /** Keys to press, each `afterMs` after RTP first came from a new source (a new call). */
  keys?: Array<{ digit: string; afterMs: number }>;
}

export interface RtpPeer {
  port: number;
  /** Audio packets received; with `fill`, those whose every byte is it (the other peer's mark). */
  received(fill?: number): number;
  /** Keys sent so far. */
  readonly pressed: string[];
  close(): Promise<void>;
}

const EVENTS = '0123456789*#';

function header(pt: number, marker: boolean, seq: number, ts: number, ssrc: number): Buffer {
  const h = Buffer.alloc(12);
  h[0] = 0x80;
  h[1] = (marker ? 0x80 : 0) | pt;
  h.writeUInt16BE(seq & 0xffff, 2);
  h.writeUInt32BE(ts >>> 0, 4);
  h.writeUInt32BE(ssrc >>> 0, 8);
  return h;
}

export async function startRtpPeer(port: number, o: RtpPeerOptions = {}): Promise<RtpPeer> {
  const sock = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    sock.once('error', reject);
    sock.bind(port, o.ip ?? '127.0.0.1', () => resolve());
  });
  const fill = o.fill ?? ALAW_SILENCE;
  const ssrc = (Math.random() * 0xffffffff) >>> 0;
  let seq = 1;
  let ts = 0;
  let remote: { address: string; port: number } | null = null;
  /** While a key is pressed the audio pauses (as phones do): its packets are sent instead. */
  let keyDown = false;
  const counts = new Map<number, number>();
  let audio = 0;
  const pressed: string[] = [];
  const timers: NodeJS.Timeout[] = [];

  const send = (b: Buffer) => {
    if (remote) sock.send(b, remote.port, remote.address);
  };

  const press = async (digit: string) => {
    const event = EVENTS.indexOf(digit);
    if (event < 0) throw new Error(`not a key: ${digit}`);
    keyDown = true;
    const start = ts;
    // 100 ms of key: a start packet (marker), updates, then the end packet three times (RFC 4733 2.5.1.4).
    for (let d = 1; d <= 5; d++) {
      const end = d === 5;
      const body = Buffer.from([event, (end ? 0x80 : 0) | 10, 0, 0]);
      body.writeUInt16BE(d * FRAME, 2);
      for (let n = 0; n < (end ? 3 : 1); n++)
        send(Buffer.concat([header(TELEPHONE_EVENT, d === 1, seq++, start, ssrc), body]));
      await new Promise((r) => setTimeout(r, 20));
    }
    ts = start + 5 * FRAME;
    keyDown = false;
    pressed.push(digit);
  };

  sock.on('message', (msg, from) => {
    if (msg.length < 12) return;
    const pt = msg[1]! & 0x7f;
    if (pt === PCMA) {
      audio++;
      const body = msg.subarray(12);
      const b = body[0]!;
      if (body.every((x) => x === b)) counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    if (remote?.address === from.address && remote.port === from.port) return;
    // A new source: a new call on this port (the switch gives every call RTP ports of its own).
    remote = { address: from.address, port: from.port };
    for (const k of o.keys ?? []) timers.push(setTimeout(() => void press(k.digit), k.afterMs));
  });

  const frame = Buffer.alloc(FRAME, fill);
  const clock = setInterval(() => {
    if (!remote || keyDown) return;
    send(Buffer.concat([header(PCMA, false, seq++, ts, ssrc), frame]));
    ts += FRAME;
  }, 20);

  return {
    port,
    received: (mark?: number) => (mark === undefined ? audio : (counts.get(mark) ?? 0)),
    pressed,
    close: async () => {
      clearInterval(clock);
      for (const t of timers) clearTimeout(t);
      await new Promise<void>((r) => sock.close(() => r()));
    },
  };
}
