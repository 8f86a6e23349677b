// One FreeSWITCH node: keeps one ESL connection up (capped exponential backoff with jitter),
// re-subscribes on every connect (EslConnection.open), routes channel events to the call that owns
// the uuid, and after a reconnect reconciles `show channels as json` against the calls it tracks:
// a call whose channel vanished while we were away is told so (it closes as unknown, 90).
// Every connect also probes what the switch can do (probe.ts: recognizers, avmd, codecs, gateways),
// and the node logs its disconnects, reconnects and the -ERR answers to what we send (issue 20).
import { EventEmitter } from 'node:events';
import type { NodeProbe } from '../../../domain/fsProbe';
import { EslClosedError, EslConnection } from './connection';
import type { EslEvent } from './events';
import { Lane } from './lane';
import { probeGateways, probeNode } from './probe';
import { log as platformLog } from '../../../platform/log';

export interface NodeConfig {
  id: number;
  name: string;
  host: string;
  port: number;
  password: string;
  weight: number;
}

/** A row of `show channels as json` (mod_commands show_callback). */
export interface ChannelRow {
  uuid: string;
  callstate: string;
}

export interface CallHandler {
  onEvent(ev: EslEvent): void;
  /** After a reconnect: the channel's row, or null when it no longer exists. */
  onReconciled(row: ChannelRow | null): void;
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 200, capMs: 10000 };

/** Attempt n (0-based): min(cap, base·2ⁿ), then "equal jitter" — half fixed, half random. */
export function backoffMs(attempt: number, o: BackoffOptions = DEFAULT_BACKOFF, rnd = Math.random): number {
  const exp = Math.min(o.capMs, o.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(exp / 2 + (rnd() * exp) / 2);
}

export class EslNode extends EventEmitter<{
  up: [];
  down: [Error];
  reconciled: [number];
  /** CHANNEL_PARK of a channel no call owns: an inbound call waiting for us (calls/inbound.ts). */
  parked: [EslEvent];
  /** CHANNEL_HANGUP_COMPLETE of a channel no call here owns (maybe a dead worker's: calls/aliveLoop.ts). */
  unownedHangup: [EslEvent];
}> {
  private conn: EslConnection | null = null;
  private readonly calls = new Map<string, CallHandler>();
  private readonly lanes = new Map<string, Lane>();
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private everConnected = false;
  lastError: string | null = null;
  /** What the switch answered to the probe of the last connect (null until it answered). */
  probe: NodeProbe | null = null;
  /** Where the node's log lines go (tests silence or collect them). */
  log: (line: string) => void = (line) => platformLog.warn(line);

  constructor(
    readonly config: NodeConfig,
    private readonly backoff: BackoffOptions = DEFAULT_BACKOFF,
  ) {
    super();
  }

  get connected(): boolean {
    return this.conn !== null && !this.conn.closed;
  }

  get activeCalls(): number {
    return this.calls.size;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.conn?.destroy(new EslClosedError('node stopped'));
    this.conn = null;
  }

  /** Resolves once connected (or rejects after timeoutMs). */
  ready(timeoutMs = 5000): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.off('up', up);
        reject(new Error(`node ${this.config.name} not connected`));
      }, timeoutMs);
      const up = () => {
        clearTimeout(t);
        resolve();
      };
      this.once('up', up);
    });
  }

  attach(uuid: string, handler: CallHandler): void {
    this.calls.set(uuid, handler);
  }

  detach(uuid: string): void {
    this.calls.delete(uuid);
    this.lanes.get(uuid)?.clear();
    this.lanes.delete(uuid);
  }

  private live(): EslConnection {
    if (!this.conn || this.conn.closed) throw new EslClosedError(`node ${this.config.name} is down`);
    return this.conn;
  }

  api(cmd: string, timeoutMs?: number): Promise<string> {
    try {
      return this.live()
        .api(cmd, timeoutMs)
        .then((body) => this.noted('api', cmd, body));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  bgapi(cmd: string, timeoutMs?: number): Promise<string> {
    try {
      return this.live()
        .bgapi(cmd, timeoutMs)
        .then(
          (body) => this.noted('bgapi', cmd, body),
          (err: Error) => {
            if (!(err instanceof EslClosedError))
              this.log(`esl ${this.config.name}: bgapi ${verb(cmd)}: ${err.message}`);
            throw err;
          },
        );
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  /** Logs an -ERR answer; a gateway the switch calls down is marked so in the probe at once. */
  private noted(kind: string, cmd: string, body: string): string {
    if (!body.startsWith('-ERR')) return body;
    this.log(`esl ${this.config.name}: ${kind} ${verb(cmd)}: ${body.trim().slice(0, 200)}`);
    const gw = /sofia\/gateway\/([\w.-]+)\//.exec(cmd)?.[1];
    if (gw && /GATEWAY_DOWN/.test(body) && this.probe?.gateways) {
      const known = this.probe.gateways.find((g) => g.name === gw);
      if (known) known.status = 'DOWN';
      else this.probe.gateways.push({ name: gw, state: '', status: 'DOWN' });
    }
    return body;
  }

  /** Asks the switch for its gateways again (the status round); keeps the last answer on failure. */
  async refreshGateways(): Promise<void> {
    if (!this.connected || !this.probe) return;
    const gateways = await probeGateways((c) => this.api(c, 5000));
    if (gateways && this.probe)
      this.probe = { ...this.probe, gateways, gatewaysAt: new Date().toISOString() };
  }

  /** Runs an application on the channel through its lane (one in flight at a time). */
  execute(uuid: string, app: string, arg: string, timeoutMs: number, onWrite?: () => void) {
    let lane = this.lanes.get(uuid);
    if (!lane) this.lanes.set(uuid, (lane = new Lane(() => this.conn, uuid)));
    return lane.push(app, arg, timeoutMs, onWrite);
  }

  /** Drops the call's queued applications (what uuid_break all does on the switch side). */
  clearLane(uuid: string): void {
    this.lanes.get(uuid)?.clear();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { host, port, password } = this.config;
    try {
      const conn = await EslConnection.open({ host, port, password });
      if (this.stopped) return conn.destroy();
      this.conn = conn;
      this.attempt = 0;
      this.lastError = null;
      conn.on('event', (ev) => this.route(conn, ev));
      conn.once('close', (err) => this.onClose(conn, err));
      const { name } = this.config;
      this.log(`esl ${name}: ${this.everConnected ? 'reconnected' : 'connected'} to ${host}:${port}`);
      this.emit('up');
      if (this.everConnected) void this.reconcile();
      this.everConnected = true;
      void this.runProbe(conn);
    } catch (err) {
      if (this.attempt === 0 || (err as Error).message !== this.lastError)
        this.log(`esl ${this.config.name}: connect to ${host}:${port} failed: ${(err as Error).message}`);
      this.lastError = (err as Error).message;
      this.schedule();
    }
  }

  /** The probe of this connection; a later connect's probe replaces it. */
  private async runProbe(conn: EslConnection): Promise<void> {
    const probe = await probeNode((c) =>
      this.conn === conn ? this.api(c, 5000) : Promise.reject(new Error('gone')),
    );
    if (this.conn !== conn) return;
    this.probe = probe;
    const mods = Object.entries(probe.modules).map(([m, v]) => `${m}=${v}`);
    this.log(
      `esl ${this.config.name}: probe ${mods.join(' ') || 'modules unknown'}; ` +
        `codecs ${probe.codecs?.length ?? 'unknown'}; gateways ${probe.gateways?.length ?? 'unknown'}`,
    );
  }

  private onClose(conn: EslConnection, err: Error): void {
    if (this.conn !== conn) return;
    this.conn = null;
    this.lastError = err.message;
    this.log(`esl ${this.config.name}: disconnected: ${err.message} (${this.calls.size} call(s) on it)`);
    // Lanes hold nothing the switch will answer any more.
    for (const lane of this.lanes.values()) lane.clear(err);
    this.emit('down', err);
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const ms = backoffMs(this.attempt++, this.backoff);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, ms);
  }

  private route(conn: EslConnection, ev: EslEvent): void {
    if (!ev.uuid) return;
    if (ev.name === 'CHANNEL_HANGUP_COMPLETE') {
      // Applications queued behind the hang-up never complete; fail them now.
      conn.failExecutes(ev.uuid, new EslClosedError('channel hung up'));
      this.lanes.get(ev.uuid)?.clear();
    }
    const call = this.calls.get(ev.uuid);
    if (call) call.onEvent(ev);
    else if (ev.name === 'CHANNEL_PARK') this.emit('parked', ev);
    else if (ev.name === 'CHANNEL_HANGUP_COMPLETE') this.emit('unownedHangup', ev);
  }

  /** Compares the switch's channels with our calls; vanished channels are reported as null. */
  async reconcile(): Promise<number> {
    let rows: ChannelRow[];
    try {
      rows = parseChannels(await this.bgapi('show channels as json', 10000));
    } catch (err) {
      this.lastError = `reconcile: ${(err as Error).message}`;
      return 0;
    }
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    let gone = 0;
    for (const [uuid, handler] of [...this.calls]) {
      const row = byUuid.get(uuid) ?? null;
      if (!row) gone++;
      handler.onReconciled(row);
    }
    this.emit('reconciled', gone);
    return gone;
  }
}

/** The command's first word, for log lines (never the arguments: they carry phone numbers). */
const verb = (cmd: string): string => cmd.split(' ')[0] ?? '';

/** `show channels as json`: {"row_count":N,"rows":[{uuid, callstate, …}]} (row_count 0: no rows). */
export function parseChannels(body: string): ChannelRow[] {
  const parsed = JSON.parse(body) as { rows?: Array<Record<string, string>> };
  return (parsed.rows ?? []).map((r) => ({ uuid: r.uuid ?? '', callstate: r.callstate ?? '' }));
}
