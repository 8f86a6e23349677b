// A raw ESL client for the simulator's tests: reads frames exactly as a client must
// (headers up to a blank line, then Content-Length bytes of body) and decodes plain events.
import net from 'node:net';
import type { Persona } from './personas';

export interface Frame {
  headers: Record<string, string>;
  body: string;
}

export class RawEsl {
  readonly frames: Frame[] = [];
  closed = false;
  private buf: Buffer = Buffer.alloc(0);
  private readonly waiters = new Set<() => void>();
  private replies = 0;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.parse();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static connect(port: number): Promise<RawEsl> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawEsl(s)));
      s.once('error', reject);
    });
  }

  /** Connects, authenticates and subscribes. */
  static async open(port: number, events = 'plain ALL', password = 'ClueCon'): Promise<RawEsl> {
    const c = await RawEsl.connect(port);
    await c.waitFor((f) => f.headers['Content-Type'] === 'auth/request');
    expectOk(await c.command(`auth ${password}`));
    if (events) expectOk(await c.command(`event ${events}`));
    return c;
  }

  write(raw: string | Buffer): void {
    this.socket.write(raw);
  }

  /** Sends a command and returns its command/reply or api/response frame. */
  async command(text: string): Promise<Frame> {
    this.write(text.endsWith('\n\n') ? text : `${text}\n\n`);
    return this.nextReply();
  }

  async nextReply(ms = 3000): Promise<Frame> {
    const isReply = (f: Frame) => ['command/reply', 'api/response'].includes(f.headers['Content-Type'] ?? '');
    // Claim the next reply now, so concurrent commands each get their own, in order.
    const index = this.replies++;
    return this.waitFor((fr) => isReply(fr) && this.frames.filter(isReply).indexOf(fr) === index, ms);
  }

  /** Decoded events received so far (plain or json). */
  events(): Array<Record<string, string>> {
    return this.frames.filter((f) => f.headers['Content-Type']?.startsWith('text/event-')).map(decodeEvent);
  }

  /** Waits for an event matching pred (looking at the ones already received too). */
  async event(pred: (e: Record<string, string>) => boolean, ms = 3000): Promise<Record<string, string>> {
    const f = await this.waitFor(
      (fr) => fr.headers['Content-Type']?.startsWith('text/event-') === true && pred(decodeEvent(fr)),
      ms,
    );
    return decodeEvent(f);
  }

  waitFor(pred: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const f = this.frames.find(pred);
        if (f) {
          done();
          resolve(f);
        } else if (this.closed) {
          done();
          reject(new Error('connection closed'));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${ms} ms; last frames: ${JSON.stringify(this.frames.slice(-3))}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private parse(): void {
    for (;;) {
      const end = this.buf.indexOf('\n\n');
      if (end < 0) return;
      const headers: Record<string, string> = {};
      for (const line of this.buf.subarray(0, end).toString('utf8').split('\n')) {
        const at = line.indexOf(': ');
        if (at > 0) headers[line.slice(0, at)] = line.slice(at + 2);
      }
      const len = Number(headers['Content-Length'] ?? 0);
      if (this.buf.length < end + 2 + len) return;
      const body = this.buf.subarray(end + 2, end + 2 + len).toString('utf8');
      this.buf = this.buf.subarray(end + 2 + len);
      this.frames.push({ headers, body });
      this.wake();
    }
  }
}

export function decodeEvent(f: Frame): Record<string, string> {
  if (f.headers['Content-Type'] === 'text/event-json') return JSON.parse(f.body) as Record<string, string>;
  const out: Record<string, string> = {};
  const end = f.body.indexOf('\n\n');
  const head = end < 0 ? f.body : f.body.slice(0, end);
  for (const line of head.split('\n')) {
    const at = line.indexOf(': ');
    if (at > 0) out[line.slice(0, at)] = decodeURIComponent(line.slice(at + 2));
  }
  if (end >= 0 && out['Content-Length']) out._body = f.body.slice(end + 2);
  return out;
}

export function expectOk(f: Frame): void {
  const text = f.headers['Reply-Text'] ?? f.body;
  if (!text.startsWith('+OK')) throw new Error(`expected +OK, got ${text}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A callee who answers every question of the demo mortgage bot (graded interested). */
export const mortgageYesPersona = (o: {
  name: string;
  match: string;
  ringMs: [number, number];
  replyDelayMs: [number, number];
}): Persona => ({
  name: o.name,
  match: o.match,
  outcome: 'answer',
  ringMs: o.ringMs,
  rules: [
    { when: ['张先生'], say: '是的我是' },
    { when: ['还有贷款需求'], say: '有需要' },
    { when: ['贷款多少钱'], say: '大概五十万' },
    { when: ['首套房还是二套房'], say: '首套' },
  ],
  otherwise: null,
  replyDelayMs: o.replyDelayMs,
});

/** A callee who refuses the demo mortgage bot at once and hangs up after two rounds. */
export const refusesPersona = (name: string, match: string): Persona => ({
  name,
  match,
  outcome: 'answer',
  ringMs: [300, 300],
  rules: [{ when: ['张先生'], say: '不需要，别打了' }],
  otherwise: '不需要',
  hangupAfterRounds: 2,
});
