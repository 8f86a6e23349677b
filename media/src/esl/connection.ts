// One inbound ESL connection on `net`, with no reconnect of its own (EslNode does that).
// Why not the freeswitch-esl package: its reply callbacks sit in private FIFO queues that are never
// failed when the socket drops (modesl #58, execute hanging #84), it has no timeouts, and it writes
// header values unchecked. Here every command has a deadline, a dead socket fails everything pending
// at once, and every line written goes through checkLine.
// Protocol: mod_event_socket.c — replies (command/reply, api/response) come back in command order;
// bgapi replies at once with Job-UUID and later fires BACKGROUND_JOB with the same Job-UUID;
// sendmsg execute with Event-UUID fires CHANNEL_EXECUTE_COMPLETE with Application-UUID = that id.
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { decodePlainEvent, FrameReader, type Frame } from './frames';
import { checkLine } from './guard';
import { parseEvent, subscribeCommand, type EslEvent } from './events';

export class EslClosedError extends Error {}
export class EslTimeoutError extends Error {}
/** Too much waiting already: the caller should back off. */
export class EslBusyError extends Error {}
export class EslCommandError extends Error {}

export interface ConnectOptions {
  host: string;
  port: number;
  password: string;
  timeoutMs?: number;
}

type Execute = Extract<EslEvent, { name: 'CHANNEL_EXECUTE_COMPLETE' }>;

interface Waiter<T> {
  resolve(v: T): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout | null;
  /** Timed out: its reply, when it comes, is dropped (replies stay matched by order). */
  abandoned?: boolean;
}

const MAX_PENDING = 20000;
const MAX_WRITE_BUFFER = 8 * 1024 * 1024;
/**
 * Several replies in a row missing their deadline, and none coming even late within two more
 * deadlines: the switch (or the path to it) is stuck. A switch that answers late is slow, not stuck:
 * any reply resets the count (dropping the connection would lose every call on it).
 */
const STUCK_AFTER_TIMEOUTS = 3;
const STUCK_GRACE_DEADLINES = 2;

export class EslConnection extends EventEmitter<{ event: [EslEvent]; close: [Error] }> {
  private readonly reader = new FrameReader();
  private readonly replies: Waiter<Frame>[] = [];
  private readonly jobs = new Map<string, Waiter<string>>();
  private readonly executes = new Map<string, Waiter<Execute> & { uuid: string }>();
  private closedWith: Error | null = null;
  private timeoutsInARow = 0;
  private stuckCheck: NodeJS.Timeout | null = null;
  private authWaiter: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    super();
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 5000);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.fail(new EslClosedError(`esl socket: ${err.message}`)));
    socket.on('close', () => this.fail(new EslClosedError('esl socket closed')));
  }

  /** Connects, authenticates and subscribes to SUBSCRIBED and CUSTOM_SUBCLASSES (plain format). */
  static async open(o: ConnectOptions): Promise<EslConnection> {
    const timeoutMs = o.timeoutMs ?? 5000;
    const socket = net.connect({ host: o.host, port: o.port });
    const conn = new EslConnection(socket);
    const deadline = setTimeout(() => conn.destroy(new EslTimeoutError('esl connect timed out')), timeoutMs);
    try {
      await new Promise<void>((resolve, reject) => {
        conn.authWaiter = resolve;
        conn.once('close', reject);
      });
      const auth = await conn.command(`auth ${checkLine(o.password)}`, {}, timeoutMs);
      if (!(auth.headers.get('Reply-Text') ?? '').startsWith('+OK'))
        throw new EslCommandError('esl authentication refused');
      const sub = await conn.command(subscribeCommand(), {}, timeoutMs);
      if (!(sub.headers.get('Reply-Text') ?? '').startsWith('+OK'))
        throw new EslCommandError('esl subscription refused');
      return conn;
    } catch (err) {
      conn.destroy(err as Error);
      throw err;
    } finally {
      clearTimeout(deadline);
    }
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  get pending(): number {
    return this.replies.length + this.jobs.size + this.executes.size;
  }

  destroy(err: Error = new EslClosedError('esl connection closed')): void {
    this.fail(err);
    this.socket.destroy();
  }

  /** A command with header lines; resolves with its command/reply or api/response frame. */
  command(line: string, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<Frame> {
    let text = `${checkLine(line)}\n`;
    for (const [k, v] of Object.entries(headers)) text += `${checkLine(k)}: ${checkLine(v)}\n`;
    return new Promise<Frame>((resolve, reject) => {
      const w: Waiter<Frame> = { resolve, reject, timer: null };
      if (!this.admit(reject)) return;
      w.timer = setTimeout(() => {
        w.abandoned = true;
        if (++this.timeoutsInARow >= STUCK_AFTER_TIMEOUTS) this.suspectStuck(timeoutMs);
        reject(new EslTimeoutError(`esl command timed out: ${line.split(' ')[0]}`));
      }, timeoutMs);
      this.replies.push(w);
      this.socket.write(`${text}\n`);
    });
  }

  /** Drops the connection unless a reply (a late one will do) comes within the grace. */
  private suspectStuck(deadlineMs: number): void {
    if (this.stuckCheck || this.closedWith) return;
    this.stuckCheck = setTimeout(() => {
      // Decided after the pending input is read (setImmediate runs after the poll phase): when this
      // process's own event loop was held up, replies may be waiting in the socket.
      setImmediate(() => {
        this.stuckCheck = null;
        if (this.timeoutsInARow >= STUCK_AFTER_TIMEOUTS)
          this.destroy(new EslTimeoutError('esl replies stopped coming'));
      });
    }, deadlineMs * STUCK_GRACE_DEADLINES);
  }

  /** `api` (blocking on the switch side: keep to fast commands). Resolves with the response body. */
  async api(cmd: string, timeoutMs = 5000): Promise<string> {
    return (await this.command(`api ${cmd}`, {}, timeoutMs)).body;
  }

  /** `bgapi` with our own Job-UUID; resolves with the BACKGROUND_JOB body. */
  bgapi(cmd: string, timeoutMs = 30000): Promise<string> {
    const jobUuid = randomUUID();
    return new Promise<string>((resolve, reject) => {
      if (!this.admit(reject)) return;
      const w: Waiter<string> = { resolve, reject, timer: null };
      w.timer = setTimeout(() => {
        this.jobs.delete(jobUuid);
        reject(new EslTimeoutError(`bgapi timed out: ${cmd.split(' ')[0]}`));
      }, timeoutMs);
      this.jobs.set(jobUuid, w);
      this.command(`bgapi ${cmd}`, { 'Job-UUID': jobUuid }, Math.min(timeoutMs, 5000)).then(
        (reply) => {
          const text = reply.headers.get('Reply-Text') ?? '';
          if (!text.startsWith('+OK')) this.settle(this.jobs, jobUuid, new EslCommandError(text));
        },
        (err: Error) => this.settle(this.jobs, jobUuid, err),
      );
    });
  }

  /**
   * sendmsg execute with event-lock (the application runs after the ones queued before it);
   * `sent` resolves on the +OK, `done` on its CHANNEL_EXECUTE_COMPLETE.
   */
  execute(
    uuid: string,
    app: string,
    arg: string,
    timeoutMs: number,
  ): { sent: Promise<void>; done: Promise<Execute> } {
    const id = randomUUID();
    const done = new Promise<Execute>((resolve, reject) => {
      if (!this.admit(reject)) return;
      const w = { resolve, reject, uuid, timer: null as NodeJS.Timeout | null };
      w.timer = setTimeout(() => {
        this.executes.delete(id);
        reject(new EslTimeoutError(`execute ${app} timed out`));
      }, timeoutMs);
      this.executes.set(id, w);
    });
    const sent = this.command(`sendmsg ${uuid}`, {
      'call-command': 'execute',
      'execute-app-name': app,
      'execute-app-arg': arg,
      'event-lock': 'true',
      'Event-UUID': id,
    }).then((reply) => {
      const text = reply.headers.get('Reply-Text') ?? '';
      if (!text.startsWith('+OK')) {
        const err = new EslCommandError(text);
        this.settle(this.executes, id, err);
        throw err;
      }
    });
    sent.catch((err: Error) => this.settle(this.executes, id, err));
    done.catch(() => undefined); // the caller may only await `sent`
    return { sent, done };
  }

  /** The channel is gone: applications still queued on it will never complete. */
  failExecutes(uuid: string, err: Error): void {
    for (const [id, w] of this.executes) if (w.uuid === uuid) this.settle(this.executes, id, err);
  }

  private admit(reject: (e: Error) => void): boolean {
    if (this.closedWith) {
      reject(this.closedWith);
      return false;
    }
    if (this.pending >= MAX_PENDING || this.socket.writableLength > MAX_WRITE_BUFFER) {
      reject(new EslBusyError('esl connection saturated'));
      return false;
    }
    return true;
  }

  private settle<T>(map: Map<string, Waiter<T>>, key: string, err: Error | null, value?: T): void {
    const w = map.get(key);
    if (!w) return;
    map.delete(key);
    if (w.timer) clearTimeout(w.timer);
    if (err) w.reject(err);
    else w.resolve(value as T);
  }

  private onData(chunk: Buffer): void {
    let frames: Frame[];
    try {
      frames = this.reader.push(chunk);
    } catch (err) {
      return this.destroy(err as Error);
    }
    const now = performance.now();
    for (const f of frames) this.onFrame(f, now);
  }

  private onFrame(f: Frame, now: number): void {
    const type = f.headers.get('Content-Type') ?? '';
    if (type === 'auth/request') {
      this.authWaiter?.();
      this.authWaiter = null;
      return;
    }
    if (type === 'command/reply' || type === 'api/response') {
      const w = this.replies.shift();
      // Any reply, late ones too: the switch is answering.
      this.timeoutsInARow = 0;
      if (!w || w.abandoned) return;
      if (w.timer) clearTimeout(w.timer);
      w.resolve(f);
      return;
    }
    if (type === 'text/disconnect-notice') return this.destroy(new EslClosedError('esl: disconnect notice'));
    if (type !== 'text/event-plain') return;
    const ev = parseEvent(decodePlainEvent(f.body), now);
    if (!ev) return;
    if (ev.name === 'BACKGROUND_JOB') this.settle(this.jobs, ev.jobUuid, null, ev.body);
    else if (ev.name === 'CHANNEL_EXECUTE_COMPLETE' && ev.appUuid)
      this.settle(this.executes, ev.appUuid, null, ev);
    this.emit('event', ev);
  }

  /** Fails everything pending at once, exactly once. */
  private fail(err: Error): void {
    if (this.closedWith) return;
    this.closedWith = err;
    this.authWaiter = null;
    if (this.stuckCheck) clearTimeout(this.stuckCheck);
    this.stuckCheck = null;
    for (const w of this.replies.splice(0)) {
      if (w.timer) clearTimeout(w.timer);
      if (!w.abandoned) w.reject(err);
    }
    for (const map of [this.jobs, this.executes] as Map<string, Waiter<unknown>>[])
      for (const key of [...map.keys()]) this.settle(map, key, err);
    this.emit('close', err);
  }
}
