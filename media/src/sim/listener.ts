// One inbound ESL connection: authentication, its own subscriptions and filters, and the commands
// of parse_command in mod_event_socket.c (reply texts copied from there).
import type net from 'node:net';
import { runApi } from './api';
import { headerOf, type SimEvent } from './events';
import {
  apiResponse,
  CommandReader,
  commandReply,
  disconnectNotice,
  frameEvent,
  serializeEvent,
  type Command,
  type EventFormat,
} from './framing';
import type { EventSink, Hub } from './hub';
import { uuidFrom } from './random';

/** The channel events `myevents` turns on (parse_command, "myevents" branch). */
const MY_EVENTS = [
  'CHANNEL_ANSWER',
  'CHANNEL_APPLICATION',
  'CHANNEL_BRIDGE',
  'CHANNEL_CREATE',
  'CHANNEL_DATA',
  'CHANNEL_DESTROY',
  'CHANNEL_EXECUTE',
  'CHANNEL_EXECUTE_COMPLETE',
  'CHANNEL_HANGUP',
  'CHANNEL_HANGUP_COMPLETE',
  'CHANNEL_ORIGINATE',
  'CHANNEL_UUID',
  'CHANNEL_OUTGOING',
  'CHANNEL_PARK',
  'CHANNEL_PROGRESS',
  'CHANNEL_PROGRESS_MEDIA',
  'CHANNEL_STATE',
  'CHANNEL_UNBRIDGE',
  'CHANNEL_UNPARK',
  'DETECTED_SPEECH',
  'DTMF',
  'NOTALK',
  'TALK',
];

const GOODBYE = 'Disconnected, goodbye.\nSee you at ClueCon! http://www.cluecon.com/\n';
const LOG_LEVELS: Record<string, number> = {
  console: 0,
  alert: 1,
  crit: 2,
  err: 3,
  error: 3,
  warning: 4,
  notice: 5,
  info: 6,
  debug: 7,
};

export class Listener implements EventSink {
  private authed = false;
  private format: EventFormat = 'plain';
  private listening = false;
  private all = false;
  private readonly names = new Set<string>();
  private readonly subclasses = new Set<string>();
  private readonly filters: Array<[string, string]> = [];
  private myUuid: string | null = null;
  private logging = false;
  private readonly reader = new CommandReader();
  private chain: Promise<void> = Promise.resolve();
  /** While an `api` command runs, events wait: FreeSWITCH only drains the queue between commands. */
  private busy = false;
  private held: string[] = [];
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly hub: Hub,
    private readonly password: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const cmd of this.reader.push(chunk)) this.chain = this.chain.then(() => this.handle(cmd));
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    hub.sinks.add(this);
    this.write('Content-Type: auth/request\n\n');
  }

  close(message = 'The system is being shut down.\n'): void {
    if (this.closed) return;
    this.write(disconnectNotice(message, this.myUuid ?? undefined));
    this.dispose();
    this.socket.end();
  }

  private dispose(): void {
    this.closed = true;
    this.hub.sinks.delete(this);
  }

  private write(text: string): void {
    if (!this.closed && this.socket.writable) this.socket.write(text);
  }

  deliver(ev: SimEvent): void {
    if (!this.accepts(ev)) return;
    const frame = frameEvent(this.format, serializeEvent(this.format, ev.headers, ev.body));
    if (this.busy) this.held.push(frame);
    else this.write(frame);
    // A listener bound to a channel with myevents goes away with the channel.
    if (this.myUuid && ev.name === 'CHANNEL_DESTROY' && headerOf(ev, 'Unique-ID') === this.myUuid)
      setImmediate(() => this.close(GOODBYE));
  }

  /** event_handler: subscription, then filters (+/- and /regex/), then myevents. */
  private accepts(ev: SimEvent): boolean {
    if (!this.listening) return false;
    let send =
      this.all ||
      (this.names.has(ev.name) && (ev.name !== 'CUSTOM' || !ev.subclass || this.subclasses.has(ev.subclass)));
    if (send && this.filters.length) {
      send = false;
      for (const [name, raw] of this.filters) {
        const hval = headerOf(ev, name);
        if (hval === undefined) continue;
        let pos = true;
        let comp = raw;
        while (comp && (comp[0] === '+' || comp[0] === '-' || comp[0] === ' ')) {
          if (comp[0] !== ' ') pos = comp[0] === '+';
          comp = comp.slice(1);
        }
        if (send && pos) continue;
        const hit = raw.startsWith('/')
          ? new RegExp(comp.replace(/^\/|\/$/g, '')).test(hval)
          : hval.toLowerCase() === comp.toLowerCase();
        if (hit) {
          if (!pos) return false;
          send = true;
        }
      }
    }
    if (send && this.myUuid) send = headerOf(ev, 'Unique-ID') === this.myUuid;
    return send;
  }

  private reply(text: string, extra: Array<[string, string]> = []): void {
    this.write(commandReply(text, extra));
  }

  private async handle(cmd: Command): Promise<void> {
    if (this.closed) return;
    const line = cmd.line.trim();
    const lower = line.toLowerCase();
    if (lower.startsWith('exit') || lower.startsWith('...')) {
      this.reply('+OK bye');
      return this.close(GOODBYE);
    }
    if (!this.authed) {
      if (lower.startsWith('auth ')) {
        if (line.slice(5) === this.password) {
          this.authed = true;
          return this.reply('+OK accepted');
        }
        this.reply('-ERR invalid');
        return this.close(GOODBYE);
      }
      return this.reply('-ERR command not found');
    }
    if (lower.startsWith('filter ')) return this.filter(line.slice(7).trim());
    if (lower.startsWith('myevents')) return this.myevents(line.slice(8).trim());
    if (lower.startsWith('divert_events')) return this.reply('-ERR not controlling a session.');
    if (lower.startsWith('sendmsg')) return this.sendmsg(line.slice(7).trim(), cmd);
    if (lower.startsWith('sendevent')) return this.sendevent(line.slice(9).trim(), cmd);
    if (lower.startsWith('api ')) return this.api(line.slice(4));
    if (lower.startsWith('bgapi ')) return this.bgapi(line.slice(6), cmd);
    if (lower.startsWith('log')) return this.log(line.slice(3).trim());
    if (lower.startsWith('linger') || lower.startsWith('nolinger'))
      return this.reply('-ERR not controlling a session');
    if (lower.startsWith('nolog')) {
      const was = this.logging;
      this.logging = false;
      return this.reply(was ? '+OK no longer logging' : '-ERR not loging');
    }
    if (lower.startsWith('event')) return this.event(line.slice(5).trim());
    if (lower.startsWith('nixevent')) return this.nixevent(line.slice(8).trim());
    if (lower.startsWith('noevents')) {
      if (!this.listening) return this.reply('-ERR not listening for events');
      this.listening = false;
      this.all = false;
      this.names.clear();
      this.subclasses.clear();
      return this.reply('+OK no longer listening for events');
    }
    this.reply('-ERR command not found');
  }

  private async api(text: string): Promise<void> {
    const [name, arg] = splitCommand(text);
    this.busy = true;
    const body = await runApi(this.hub, name, arg ?? '');
    this.write(apiResponse(body));
    this.busy = false;
    for (const frame of this.held.splice(0)) this.write(frame);
  }

  /** bgapi: reply at once with the Job-UUID (the client may choose it with a Job-UUID header). */
  private bgapi(text: string, cmd: Command): void {
    const [name, arg] = splitCommand(text);
    const job = cmd.headers.get('job-uuid') ?? uuidFrom(this.hub.rng);
    this.reply(`+OK Job-UUID: ${job}`, [['Job-UUID', job]]);
    let reported = false;
    // The handler may report before it returns (originate, among its leg's events); once only.
    const report = (body: string) => {
      if (reported) return;
      reported = true;
      const headers: Array<[string, string]> = [
        ['Job-UUID', job],
        ['Job-Command', name],
      ];
      if (arg !== undefined) headers.push(['Job-Command-Arg', arg]);
      this.hub.fire('BACKGROUND_JOB', { headers, body });
    };
    void runApi(this.hub, name, arg ?? '', report).then(report);
  }

  private sendmsg(target: string, cmd: Command): void {
    const h = cmd.headers;
    const uuid = target || h.get('session-id') || '';
    const ch = this.hub.channels.get(uuid);
    if (!ch || ch.hungUp) return this.reply(`-ERR invalid session id [${uuid}]`);
    const command = (h.get('call-command') ?? '').toLowerCase();
    // The reply goes out first: FreeSWITCH only queues the message to the session here.
    this.reply('+OK');
    if (command === 'execute') {
      // switch_ivr_parse_event: a text/plain body carries the argument when it is long.
      const arg =
        (h.get('content-type') ?? '').toLowerCase() === 'text/plain'
          ? cmd.body
          : (h.get('execute-app-arg') ?? '');
      ch.enqueue({
        app: h.get('execute-app-name') ?? '',
        arg,
        eventUuid: h.get('event-uuid'),
        loops: Number(h.get('loops') ?? 1) || 1,
      });
    } else if (command === 'hangup') {
      void ch.hangup(
        h.get('hangup-cause') ?? 'NORMAL_CLEARING',
        ch.answered ? 200 : 487,
        ch.answered ? 'send_bye' : 'send_cancel',
      );
    }
  }

  private sendevent(name: string, cmd: Command): void {
    const id = uuidFrom(this.hub.rng);
    const headers = [...cmd.headers].filter(([k]) => k !== 'content-length') as Array<[string, string]>;
    this.hub.fire(name.toUpperCase() || 'CUSTOM', {
      headers: [...headers, ['Event-UUID', id]],
      body: cmd.body || undefined,
      subclass: cmd.headers.get('event-subclass'),
    });
    this.reply(`+OK ${id}`);
  }

  private filter(spec: string): void {
    const [first, ...more] = spec.split(' ');
    const rest = more.join(' ');
    if (first?.toLowerCase() === 'delete' && rest) {
      const [name, ...v] = rest.split(' ');
      const value = v.length ? v.join(' ') : undefined;
      if (name?.toLowerCase() === 'all') this.filters.length = 0;
      else
        for (let i = this.filters.length - 1; i >= 0; i--) {
          const [k, val] = this.filters[i]!;
          if (k.toLowerCase() === name?.toLowerCase() && (value === undefined || val === value))
            this.filters.splice(i, 1);
        }
      return this.reply(`+OK filter deleted. [${name}][${value ?? ''}]`);
    }
    if (!rest) return this.reply('-ERR invalid syntax');
    let name = first!;
    let value = rest;
    if (name.toLowerCase() === 'add')
      [name, value] = [rest.split(' ')[0]!, rest.split(' ').slice(1).join(' ')];
    this.filters.push([name, value]);
    this.reply(`+OK filter added. [${name}]=[${value}]`);
  }

  private myevents(arg: string): void {
    if (this.myUuid) return this.reply('-ERR aready enabled.');
    const [uuid, fmt] = arg.split(' ');
    if (!uuid || !this.hub.channels.has(uuid)) return this.reply('-ERR invalid uuid');
    this.myUuid = uuid;
    if (fmt === 'json' || fmt === 'xml' || fmt === 'plain') this.format = fmt;
    for (const n of MY_EVENTS) this.names.add(n);
    this.listening = true;
    this.reply('+OK Events Enabled');
  }

  private event(spec: string): void {
    let keys = 0;
    let custom = false;
    spec.split(' ').forEach((word, i) => {
      if (!word) return;
      if (i === 0 && ['plain', 'json', 'xml'].includes(word.toLowerCase())) {
        this.format = word.toLowerCase() as EventFormat;
        return;
      }
      if (custom) return void this.subclasses.add(word);
      const name = word.toUpperCase();
      if (!KNOWN_EVENTS.has(name)) return;
      keys++;
      if (name === 'ALL') this.all = true;
      this.names.add(name);
      if (name === 'CUSTOM') custom = true;
    });
    if (!keys) return this.reply('-ERR no keywords supplied');
    this.listening = true;
    this.reply(`+OK event listener enabled ${this.format}`);
  }

  private nixevent(spec: string): void {
    let keys = 0;
    let custom = false;
    for (const word of spec.split(' ').filter(Boolean)) {
      if (custom) {
        this.subclasses.delete(word);
        continue;
      }
      const name = word.toUpperCase();
      if (!KNOWN_EVENTS.has(name)) continue;
      keys++;
      if (name === 'CUSTOM') custom = true;
      else if (name === 'ALL') {
        this.all = false;
        this.names.clear();
      } else {
        if (this.all) {
          this.all = false;
          for (const n of KNOWN_EVENTS) if (n !== 'ALL') this.names.add(n);
        }
        this.names.delete(name);
      }
    }
    if (!keys) return this.reply('-ERR no keywords supplied');
    this.listening = true;
    this.reply('+OK events nixed');
  }

  private log(arg: string): void {
    const level = arg === '' ? 7 : /^\d+$/.test(arg) ? Number(arg) : LOG_LEVELS[arg.toLowerCase()];
    if (level === undefined) return this.reply('-ERR invalid log level');
    this.logging = true;
    this.reply(`+OK log level ${arg} [${level}]`);
  }
}

const splitCommand = (text: string): [string, string | undefined] => {
  const at = text.indexOf(' ');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
};

/** switch_event.c EVENT_NAMES (the ones a listener can name). */
const KNOWN_EVENTS = new Set(
  (
    'CUSTOM CLONE CHANNEL_CREATE CHANNEL_DESTROY CHANNEL_STATE CHANNEL_CALLSTATE CHANNEL_ANSWER ' +
    'CHANNEL_HANGUP CHANNEL_HANGUP_COMPLETE CHANNEL_EXECUTE CHANNEL_EXECUTE_COMPLETE CHANNEL_HOLD ' +
    'CHANNEL_UNHOLD CHANNEL_BRIDGE CHANNEL_UNBRIDGE CHANNEL_PROGRESS CHANNEL_PROGRESS_MEDIA ' +
    'CHANNEL_OUTGOING CHANNEL_PARK CHANNEL_UNPARK CHANNEL_APPLICATION CHANNEL_ORIGINATE CHANNEL_UUID ' +
    'API LOG INBOUND_CHAN OUTBOUND_CHAN STARTUP SHUTDOWN PUBLISH UNPUBLISH TALK NOTALK SESSION_CRASH ' +
    'MODULE_LOAD MODULE_UNLOAD DTMF MESSAGE PRESENCE_IN NOTIFY_IN PRESENCE_OUT PRESENCE_PROBE ' +
    'MESSAGE_WAITING MESSAGE_QUERY ROSTER CODEC BACKGROUND_JOB DETECTED_SPEECH DETECTED_TONE ' +
    'PRIVATE_COMMAND HEARTBEAT TRAP ADD_SCHEDULE DEL_SCHEDULE EXE_SCHEDULE RE_SCHEDULE RELOADXML ' +
    'NOTIFY PHONE_FEATURE PHONE_FEATURE_SUBSCRIBE SEND_MESSAGE RECV_MESSAGE REQUEST_PARAMS ' +
    'CHANNEL_DATA GENERAL COMMAND SESSION_HEARTBEAT CLIENT_DISCONNECTED SERVER_DISCONNECTED ' +
    'SEND_INFO RECV_INFO RECV_RTCP_MESSAGE SEND_RTCP_MESSAGE CALL_SECURE NAT RECORD_START RECORD_STOP ' +
    'PLAYBACK_START PLAYBACK_STOP CALL_UPDATE FAILURE SOCKET_DATA MEDIA_BUG_START MEDIA_BUG_STOP ' +
    'CONFERENCE_DATA_QUERY CONFERENCE_DATA CALL_SETUP_REQ CALL_SETUP_RESULT CALL_DETAIL DEVICE_STATE ' +
    'TEXT SHUTDOWN_REQUESTED ALL'
  ).split(' '),
);
