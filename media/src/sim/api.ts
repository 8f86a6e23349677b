// `api` / `bgapi` commands (mod_commands.c and mod_sofia.c in FreeSWITCH). Each handler returns
// the text the stream would hold; api_exec sends it as the api/response body or BACKGROUND_JOB body.
import { HangupCause } from '../../../domain/telephony';
import { startAvmd, stopAvmd } from './apps';
import { dial } from './callee';
import { placeInbound } from './inbound';
import { Channel } from './channel';
import { parseBrackets, parseEndpoint, splitArgs } from './dialstring';
import type { Hub } from './hub';
import { pickPersona } from './personas';
import { uuidFrom } from './random';
import { userEndpoint } from './sipws/bridge';
import { originateUser } from './sipws/originateUser';

/**
 * A bgapi's result, fired as BACKGROUND_JOB: a handler may report early (originate does, to fire it
 * where FreeSWITCH does among the channel's events); the later return value is then ignored.
 */
export type JobReport = (body: string) => void;
type Handler = (hub: Hub, arg: string, report?: JobReport) => string | Promise<string>;

const NO_CHANNEL = '-ERR No such channel!\n';

function withChannel(fn: (hub: Hub, ch: Channel, rest: string[]) => string | Promise<string>): Handler {
  return (hub, arg) => {
    const [uuid, ...rest] = splitArgs(arg);
    const ch = uuid ? hub.channels.get(uuid) : undefined;
    return ch && !ch.hungUp ? fn(hub, ch, rest) : NO_CHANNEL;
  };
}

const AVMD_USAGE =
  '-USAGE: <uuid> < start | stop | set [inbound|outbound|default] | load [inbound|outbound] | reload | show >';

/**
 * avmd <uuid> <start|stop> (mod_avmd.c avmd_api_main), answering word for word as FreeSWITCH 1.10.12
 * did over ESL (report_status=1). Not modelled: `avmd <uuid>` with no command, which crashes the real
 * switch (it compares a missing argument), and the global commands (reload, load, set, show).
 */
function avmd(hub: Hub, arg: string): string {
  const [uuid, given] = splitArgs(arg);
  const command = given?.toLowerCase();
  const ch = uuid ? hub.channels.get(uuid) : undefined;
  if (!uuid || !command) return `-ERR, bad command!\n${AVMD_USAGE}\n\n`;
  if (!ch || ch.hungUp) return `-ERR, no FreeSWITCH session for uuid [${uuid}]!\n${AVMD_USAGE}\n\n`;
  const names = `[${uuid}] [${ch.name}]`;
  if (ch.avmd) {
    if (command !== 'stop') return `-ERR, avmd for FreeSWITCH session [${uuid}]\n already started\n\n`;
    stopAvmd(ch);
    return `+OK\n ${names} stopped\n\n`;
  }
  if (command === 'stop') return `+ERR, avmd has not yet been started on\n ${names}\n\n`;
  if (command !== 'start') return `-ERR, did you mean\n api avmd ${uuid} start ?\n${AVMD_USAGE}\n\n`;
  if (!startAvmd(ch, ''))
    return (
      `-ERR, can't set direction for channel [${ch.name}]\n for FreeSWITCH session [${uuid}]. Please check avmd configuration\n\n` +
      `+ERR\n ${names} NOT started!\n\n`
    );
  return `+OK\n ${names} started!\n\n`;
}

/**
 * originate <{vars}dial string> <&app(arg) | exten> [dialplan] [context] [cid_name] [cid_num] [timeout]
 * Replies "+OK <uuid>\n" once answered, or "-ERR <CAUSE>\n" (originate_function, mod_commands.c).
 * Where the failure's BACKGROUND_JOB falls among the leg's events, as FreeSWITCH 1.10.12 does it:
 * - the originate timer expired (NO_ANSWER): CHANNEL_HANGUP, BACKGROUND_JOB, CHANNEL_HANGUP_COMPLETE,
 *   CHANNEL_DESTROY (the originate thread hangs up and returns at once);
 * - the far end refused (486 USER_BUSY, 404, …): CHANNEL_HANGUP, CHANNEL_HANGUP_COMPLETE,
 *   BACKGROUND_JOB, CHANNEL_DESTROY;
 * - a DOWN or unknown gateway: no channel, only a CHANNEL_DESTROY of the stillborn session, then
 *   "-ERR GATEWAY_DOWN" / "-ERR INVALID_GATEWAY".
 */
async function originate(hub: Hub, arg: string, report?: JobReport): Promise<string> {
  const argv = splitArgs(arg);
  if (argv.length < 2) return '-ERR USAGE: originate <call url> <exten>|&<application_name>(<app_args>)\n';
  const { vars, rest } = parseBrackets(argv[0]!);
  const ep = parseEndpoint(rest);
  if (!ep) return '-ERR CHAN_NOT_IMPLEMENTED\n';
  const rng = hub.callRng(ep.number);
  const persona = pickPersona(hub.opts.personas, ep.number, rng);
  const uuid = vars.get('origination_uuid') ?? uuidFrom(rng);
  if (hub.channels.has(uuid)) return '-ERR DESTINATION_OUT_OF_ORDER\n';
  if (ep.gateway) {
    const state = hub.gateways.state(ep.gateway);
    if (state !== 'up') {
      hub.gateways.countCall(ep.gateway, true);
      stillborn(hub, uuid);
      return `-ERR ${state === 'down' ? 'GATEWAY_DOWN' : 'INVALID_GATEWAY'}\n`;
    }
  }
  const timeout = Number(vars.get('originate_timeout') ?? argv[6] ?? 60) || 60;
  const cidName = vars.get('origination_caller_id_name') ?? argv[4] ?? 'FreeSWITCH';
  const cidNumber = vars.get('origination_caller_id_number') ?? argv[5] ?? '0000000000';
  const user = userEndpoint(rest);
  if (user && hub.registrar) {
    const o = { uuid, ...user, timeoutSec: timeout, callerName: cidName, callerNumber: cidNumber, vars };
    const res = await originateUser(hub, hub.registrar, o, (cause) => report?.(`-ERR ${cause}\n`));
    if (!res.ok) return `-ERR ${res.cause}\n`;
    hub.after(0, () => startExtension(res.ch, argv[1]!));
    return `+OK ${uuid}\n`;
  }
  const chVars = new Map<string, string>([
    ['direction', 'outbound'],
    ['is_outbound', 'true'],
    ['uuid', uuid],
    ['call_uuid', uuid],
    ...(ep.gateway ? ([['sip_gateway_name', ep.gateway]] as const) : []),
    ...vars,
    ['sim_persona', persona.name],
  ]);
  const ch = new Channel(hub, uuid, ep.channelName, ep.number, cidName, cidNumber, chVars, persona, rng);
  hub.channels.set(uuid, ch);
  hub.sessionsSinceStartup++;
  hub.peakSessions = Math.max(hub.peakSessions, hub.channels.size);
  ch.fire('CHANNEL_CREATE');
  const res = await dial(ch, timeout, (cause) => report?.(`-ERR ${cause}\n`));
  if (ep.gateway) hub.gateways.countCall(ep.gateway, !res.ok);
  if (!res.ok) return `-ERR ${res.cause}\n`;
  hub.after(0, () => startExtension(ch, argv[1]!));
  return `+OK ${uuid}\n`;
}

/**
 * The session mod_sofia began and dropped before its channel existed (a DOWN or unknown gateway): only
 * a CHANNEL_DESTROY with the bare session data (Channel-State CS_NONE, Channel-Name N/A).
 */
function stillborn(hub: Hub, uuid: string): void {
  const headers: Array<[string, string]> = [
    ['Channel-State', 'CS_NONE'],
    ['Channel-Call-State', 'DOWN'],
    ['Channel-State-Number', '0'],
    ['Channel-Name', 'N/A'],
    ['Unique-ID', uuid],
    ['Call-Direction', 'outbound'],
    ['Presence-Call-Direction', 'outbound'],
    ['Channel-HIT-Dialplan', 'false'],
    ['Channel-Call-UUID', uuid],
    ['Answer-State', 'ringing'],
    ['variable_direction', 'outbound'],
    ['variable_is_outbound', 'true'],
    ['variable_uuid', uuid],
    ['variable_call_uuid', uuid],
  ];
  hub.fire('CHANNEL_DESTROY', { headers });
}

/** After answer the leg runs its extension: `&park()` parks it (CHANNEL_EXECUTE + CHANNEL_PARK). */
function startExtension(ch: Channel, exten: string): void {
  if (ch.hungUp) return;
  ch.setState('CS_EXECUTE');
  const m = /^&([\w-]+)\((.*)\)$/.exec(exten) ?? /^&([\w-]+):?(.*)$/.exec(exten);
  const app = m?.[1] ?? 'park';
  if (app === 'park') {
    ch.fire('CHANNEL_EXECUTE', [
      ['Application', 'park'],
      ['Application-Data', ''],
    ]);
    ch.fire('CHANNEL_PARK');
    return;
  }
  ch.enqueue({ app, arg: m?.[2] ?? '', loops: 1 });
}

function showChannels(hub: Hub, arg: string): string {
  const rows = [...hub.channels.values()].map((ch) => ({
    uuid: ch.uuid,
    direction: ch.direction,
    created: new Date(ch.times.createdUs / 1000).toISOString().replace('T', ' ').slice(0, 19),
    created_epoch: String(Math.floor(ch.times.createdUs / 1e6)),
    name: ch.name,
    state: ch.state,
    cid_name: ch.callerIdName,
    cid_num: ch.callerIdNumber,
    ip_addr: '',
    dest: ch.destination,
    application: '',
    application_data: '',
    dialplan: 'XML',
    context: 'default',
    read_codec: 'PCMA',
    read_rate: '8000',
    write_codec: 'PCMA',
    write_rate: '8000',
    secure: '',
    hostname: hub.hostname,
    callstate: ch.callState,
    call_uuid: ch.uuid,
  }));
  if (/\bas\s+json\b/i.test(arg))
    return JSON.stringify(rows.length ? { row_count: rows.length, rows } : { row_count: 0 });
  const cols = Object.keys(rows[0] ?? { uuid: '' });
  const lines = rows.map((r) => cols.map((c) => (r as Record<string, string>)[c]).join(','));
  return `${cols.join(',')}\n${lines.join('\n')}${lines.length ? '\n' : ''}\n${rows.length} total.\n`;
}

function status(hub: Hub): string {
  let ms = Date.now() - hub.startedAtMs;
  const part = (n: number) => {
    const v = Math.floor(ms / n);
    ms -= v * n;
    return v;
  };
  const [y, d, h, m, s] = [part(31536000000), part(86400000), part(3600000), part(60000), part(1000)];
  const n = hub.channels.size;
  return (
    `UP ${y} years, ${d} days, ${h} hours, ${m} minutes, ${s} seconds, ${ms} milliseconds, 0 microseconds\n` +
    `FreeSWITCH (Version 1.10.12-release  64bit) is ready\n` +
    `${hub.sessionsSinceStartup} session(s) since startup\n` +
    `${n} session(s) - peak ${hub.peakSessions}, last 5min ${hub.peakSessions} \n` +
    `0 session(s) per Sec out of max 30, peak 0, last 5min 0 \n` +
    `1000 session(s) max\nmin idle cpu 0.00/100.00\nCurrent Stack Size/Max 240K/8192K\n`
  );
}

/**
 * sofia status | status gateway [name] | xmlstatus gateway [name] | profile <name> rescan|killgw <gw>|
 * start|stop|restart (mod_sofia.c sofia_function; gateways in gateways.ts).
 */
async function sofia(hub: Hub, arg: string): Promise<string> {
  const a = splitArgs(arg);
  if (a[0] === 'status' && a[1] === 'gateway') return hub.gateways.status(a[2]);
  if (a[0] === 'xmlstatus' && a[1] === 'gateway') return hub.gateways.xmlStatus(a[2]);
  if (a[0] === 'status')
    return (
      `                     Name\t   Type\t                                      Data\tState\n` +
      `=================================================================================================\n` +
      `                 external\tprofile\t              sip:mod_sofia@127.0.0.1:5080\tRUNNING (0)\n` +
      hub.gateways.profileRows() +
      `                 internal\tprofile\t              sip:mod_sofia@127.0.0.1:5060\tRUNNING (0)\n` +
      `=================================================================================================\n` +
      `2 profiles 0 aliases\n`
    );
  if (a[0] === 'profile') {
    if (a[1] !== 'external' && a[1] !== 'internal') return `Invalid Profile [${a[1] ?? ''}]\n`;
    if (a[2] === 'rescan')
      return a[1] === 'external' ? hub.gateways.rescan() : 'Reload XML [Success]\n+OK scan complete\n';
    if (a[2] === 'killgw')
      return a[1] === 'external' ? hub.gateways.killgw(a[3] ?? '') : '-ERR no such gateway.\n';
    if (a[2] === 'restart' || a[2] === 'start' || a[2] === 'stop') return `+OK\n`;
  }
  return `-ERR Usage: sofia status|profile <name> rescan (sim ${hub.channels.size} ch)\n`;
}

/**
 * uuid_google_transcribe <uuid> start <lang-code> [interim] | stop (mod_google_transcribe.c
 * transcribe_function): "+OK Success" or "-ERR Operation Failed", "-USAGE: …" on bad arguments.
 * Starting reads GOOGLE_SPEECH_HINTS (comma-separated) from the channel and fires
 * google_transcribe::start_of_transcript (media bug INIT); stopping fires end_of_transcript.
 */
function googleTranscribe(hub: Hub, arg: string): string {
  const [uuid, action, lang, interim] = splitArgs(arg);
  if (!uuid || !action || (action === 'start' && !lang))
    return '-USAGE: <uuid> [start|stop] [lang-code] [interim]\n';
  const ch = hub.channels.get(uuid);
  if (!ch || ch.hungUp) return '-ERR Operation Failed\n';
  const vendor: Array<[string, string]> = [['transcription-vendor', 'google']];
  if (action === 'stop') {
    if (!ch.transcribing) return '+OK Success\n';
    ch.transcribing = null;
    ch.fireCustom('google_transcribe::end_of_transcript', vendor);
    return '+OK Success\n';
  }
  if (action !== 'start') return '-ERR Operation Failed\n';
  ch.transcribing = { language: lang!, interim: interim === 'interim' };
  const hints = ch.vars.get('GOOGLE_SPEECH_HINTS');
  hub.recordRecognizer(ch.uuid, {
    engine: 'google_transcribe',
    hotWords: hints ? hints.split(',').filter(Boolean) : [],
    grammar: lang!,
  });
  ch.fireCustom('google_transcribe::start_of_transcript', vendor);
  return '+OK Success\n';
}

const HANDLERS: Record<string, Handler> = {
  uuid_google_transcribe: googleTranscribe,
  avmd,
  originate,
  // Not FreeSWITCH: a virtual customer calls one of our numbers (sim/inbound.ts).
  sim_inbound: placeInbound,
  uuid_kill: withChannel((_h, ch, [cause]) => {
    // A ringing leg is CANCELled (487); an answered one gets a BYE.
    void ch.hangup(
      cause ?? HangupCause.NORMAL_CLEARING,
      ch.answered ? 200 : 487,
      ch.answered ? 'send_bye' : 'send_cancel',
    );
    return '+OK\n';
  }),
  uuid_break: withChannel((_h, ch, [all]) => {
    ch.breakMedia(all === 'all');
    return '+OK\n';
  }),
  uuid_answer: withChannel((_h, ch) => {
    ch.answer();
    return '+OK\n';
  }),
  uuid_transfer: withChannel((_h, ch) => {
    ch.breakMedia(true);
    return '+OK\n';
  }),
  uuid_bridge: withChannel((hub, ch, [other]) => {
    const b = other ? hub.channels.get(other) : undefined;
    if (!b) return `-ERR Invalid uuid ${other ?? ''}\n`;
    const ids: Array<[string, string]> = [
      ['Bridge-A-Unique-ID', ch.uuid],
      ['Bridge-B-Unique-ID', b.uuid],
      ['Other-Leg-Unique-ID', b.uuid],
    ];
    ch.fire('CHANNEL_BRIDGE', ids);
    return `+OK ${b.uuid}\n`;
  }),
  uuid_record: withChannel(async (_h, ch, [action, file]) => {
    if (!file) return '-ERR Usage: uuid_record <uuid> [start|stop|mask|unmask] <path> [<limit>]\n';
    // FreeSWITCH opens the file and adds the media bug (RECORD_START) before it replies.
    if (action === 'start') await ch.startRecording(file);
    else if (action === 'stop')
      // The reply comes at once; RECORD_STOP follows once the file is written.
      for (const f of file === 'all' ? ch.tape.files : [file]) void ch.stopRecording(f);
    return '+OK Success\n';
  }),
  // The media bugs of a channel (mod_commands uuid_buglist); for no channel it prints nothing, which
  // mod_event_socket answers as "-ERR no reply" (checked on FreeSWITCH 1.10.12).
  uuid_buglist: (hub, arg) => {
    const ch = hub.channels.get(arg.trim());
    if (!arg.trim()) return '-USAGE: <uuid>\n';
    return ch && !ch.hungUp ? ch.bugs.format() : '-ERR no reply\n';
  },
  uuid_exists: (hub, arg) => (hub.channels.get(arg.trim())?.hungUp === false ? 'true' : 'false'),
  uuid_getvar: withChannel((_h, ch, [name]) =>
    name ? (ch.vars.get(name) ?? '_undef_') : '-ERR No variable specified\n',
  ),
  uuid_setvar: withChannel((_h, ch, [name, ...value]) => {
    if (!name) return '-ERR No variable specified\n';
    if (value.length) ch.vars.set(name, value.join(' '));
    else ch.vars.delete(name);
    return '+OK\n';
  }),
  show: (hub, arg) =>
    /^(channels|calls)\b/.test(arg.trim())
      ? showChannels(hub, arg)
      : /^codecs?\b/.test(arg.trim())
        ? hub.modules.showCodec(arg)
        : '-ERR Invalid command\n',
  module_exists: (hub, arg) => hub.modules.moduleExists(arg),
  status,
  sofia,
  reloadxml: () => '+OK [Success]\n',
  version: () => 'FreeSWITCH Version 1.10.12-release~64bit (sim)\n',
  hupall: (hub, arg) => {
    const cause = splitArgs(arg)[0] ?? HangupCause.NORMAL_CLEARING;
    for (const ch of hub.channels.values()) void ch.hangup(cause, ch.answered ? 200 : 487, 'send_bye');
    return `+OK hangup all channels with cause ${cause}\n`;
  },
  echo: (_h, arg) => arg,
};

/** Commands a loadable module registers: without the module they do not exist. */
const COMMAND_MODULE: Record<string, string> = {
  uuid_google_transcribe: 'mod_google_transcribe',
  avmd: 'mod_avmd',
  sofia: 'mod_sofia',
};

/** Runs one API command: "-ERR <cmd> Command not found!\n" for unknown ones, as api_exec does. */
export async function runApi(hub: Hub, cmd: string, arg: string, report?: JobReport): Promise<string> {
  const fn = HANDLERS[cmd];
  const mod = COMMAND_MODULE[cmd];
  if (!fn || (mod && !hub.modules.has(mod))) return `-ERR ${cmd} Command not found!\n`;
  return fn(hub, arg, report);
}
