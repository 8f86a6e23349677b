// Event builders with FreeSWITCH's header sets.
// Core headers: switch_event_prep_for_delivery_detailed (src/switch_event.c).
// Channel headers: switch_channel_event_set_basic_data, switch_caller_profile_event_set_data and
// switch_channel_event_set_extended_data (src/switch_channel.c, src/switch_caller.c).
import type { Headers } from './framing';

export interface SimEvent {
  name: string;
  /** For CUSTOM events: the Event-Subclass a listener subscribes to with `event plain CUSTOM x`. */
  subclass?: string;
  headers: Headers;
  body?: string;
}

export interface CoreInfo {
  uuid: string;
  hostname: string;
  nowUs(): number;
  nextSeq(): number;
}

/** What the event builder needs to know about a channel (Channel implements it). */
export interface ChannelView {
  uuid: string;
  name: string;
  state: ChannelState;
  callState: CallState;
  answered: boolean;
  early: boolean;
  hungUp: boolean;
  direction: 'outbound' | 'inbound';
  callerIdName: string;
  callerIdNumber: string;
  destination: string;
  vars: Map<string, string>;
  times: {
    createdUs: number;
    answeredUs: number;
    progressUs: number;
    progressMediaUs: number;
    hangupUs: number;
  };
}

export type ChannelState =
  | 'CS_NEW'
  | 'CS_INIT'
  | 'CS_ROUTING'
  | 'CS_EXECUTE'
  | 'CS_EXCHANGE_MEDIA'
  | 'CS_PARK'
  | 'CS_CONSUME_MEDIA'
  | 'CS_HANGUP'
  | 'CS_REPORTING'
  | 'CS_DESTROY';
export type CallState = 'DOWN' | 'DIALING' | 'RINGING' | 'EARLY' | 'ACTIVE' | 'HANGUP';

const STATE_NUMBER: Record<ChannelState, number> = {
  CS_NEW: 0,
  CS_INIT: 1,
  CS_ROUTING: 2,
  CS_EXECUTE: 4,
  CS_EXCHANGE_MEDIA: 5,
  CS_PARK: 6,
  CS_CONSUME_MEDIA: 7,
  CS_HANGUP: 10,
  CS_REPORTING: 11,
  CS_DESTROY: 12,
};

/**
 * Events that carry the channel variables (`variable_*`) without verbose_events:
 * the list in switch_channel_event_set_extended_data.
 */
const WITH_VARIABLES = new Set([
  'CHANNEL_ORIGINATE',
  'CHANNEL_UUID',
  'CHANNEL_ANSWER',
  'CHANNEL_PARK',
  'CHANNEL_UNPARK',
  'CHANNEL_BRIDGE',
  'CHANNEL_UNBRIDGE',
  'CHANNEL_PROGRESS',
  'CHANNEL_PROGRESS_MEDIA',
  'CHANNEL_HANGUP',
  'CHANNEL_HANGUP_COMPLETE',
  'CHANNEL_DATA',
  'CHANNEL_EXECUTE',
  'CHANNEL_EXECUTE_COMPLETE',
  'CHANNEL_DESTROY',
  'API',
  'RECORD_START',
  'RECORD_STOP',
  'PLAYBACK_START',
  'PLAYBACK_STOP',
  'CALL_UPDATE',
  'CUSTOM',
]);

function coreHeaders(core: CoreInfo, name: string, atUs?: number): Headers {
  const us = atUs ?? core.nowUs();
  const d = new Date(us / 1000);
  const local = `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
  return [
    ['Event-Name', name],
    ['Core-UUID', core.uuid],
    ['FreeSWITCH-Hostname', core.hostname],
    ['FreeSWITCH-Switchname', core.hostname],
    ['FreeSWITCH-IPv4', '127.0.0.1'],
    ['FreeSWITCH-IPv6', '::1'],
    ['Event-Date-Local', local],
    ['Event-Date-GMT', d.toUTCString()],
    ['Event-Date-Timestamp', String(Math.floor(us))],
    ['Event-Calling-File', 'switch_channel.c'],
    ['Event-Calling-Function', 'sim'],
    ['Event-Calling-Line-Number', '0'],
    ['Event-Sequence', String(core.nextSeq())],
  ];
}

const p2 = (n: number): string => String(n).padStart(2, '0');

export function channelHeaders(ch: ChannelView, withVariables: boolean): Headers {
  const answerState = ch.hungUp ? 'hangup' : ch.answered ? 'answered' : ch.early ? 'early' : 'ringing';
  const t = ch.times;
  const h: Headers = [
    ['Channel-State', ch.state],
    ['Channel-Call-State', ch.callState],
    ['Channel-State-Number', String(STATE_NUMBER[ch.state])],
    ['Channel-Name', ch.name],
    ['Unique-ID', ch.uuid],
    ['Call-Direction', ch.direction],
    ['Presence-Call-Direction', ch.direction],
    ['Channel-HIT-Dialplan', 'false'],
    ['Channel-Call-UUID', ch.uuid],
    ['Answer-State', answerState],
    ['Channel-Read-Codec-Name', 'PCMA'],
    ['Channel-Read-Codec-Rate', '8000'],
    ['Channel-Read-Codec-Bit-Rate', '64000'],
    ['Channel-Write-Codec-Name', 'PCMA'],
    ['Channel-Write-Codec-Rate', '8000'],
    ['Channel-Write-Codec-Bit-Rate', '64000'],
    ['Caller-Direction', ch.direction],
    ['Caller-Logical-Direction', ch.direction],
    ['Caller-Caller-ID-Name', ch.callerIdName],
    ['Caller-Caller-ID-Number', ch.callerIdNumber],
    ['Caller-Orig-Caller-ID-Name', ch.callerIdName],
    ['Caller-Orig-Caller-ID-Number', ch.callerIdNumber],
    ['Caller-Callee-ID-Name', 'Outbound Call'],
    ['Caller-Callee-ID-Number', ch.destination],
    ['Caller-Network-Addr', '127.0.0.1'],
    ['Caller-ANI', ch.callerIdNumber],
    ['Caller-Destination-Number', ch.destination],
    ['Caller-Unique-ID', ch.uuid],
    ['Caller-Source', 'src/switch_ivr_originate.c'],
    ['Caller-Context', 'default'],
    ['Caller-Channel-Name', ch.name],
    ['Caller-Profile-Index', '1'],
    ['Caller-Profile-Created-Time', String(t.createdUs)],
    ['Caller-Channel-Created-Time', String(t.createdUs)],
    ['Caller-Channel-Answered-Time', String(t.answeredUs)],
    ['Caller-Channel-Progress-Time', String(t.progressUs)],
    ['Caller-Channel-Progress-Media-Time', String(t.progressMediaUs)],
    ['Caller-Channel-Hangup-Time', String(t.hangupUs)],
    ['Caller-Channel-Transfer-Time', '0'],
    ['Caller-Channel-Bridged-Time', '0'],
    ['Caller-Channel-Last-Hold', '0'],
    ['Caller-Channel-Hold-Accum', '0'],
  ];
  if (withVariables) for (const [k, v] of ch.vars) h.push([`variable_${k}`, v]);
  return h;
}

/** Builds an event: core headers, then the channel's, then the event's own (which win on a clash). */
export function makeEvent(
  core: CoreInfo,
  name: string,
  opts: { channel?: ChannelView; headers?: Headers; body?: string; subclass?: string; atUs?: number } = {},
): SimEvent {
  const headers = coreHeaders(core, name, opts.atUs);
  if (opts.subclass) headers.splice(1, 0, ['Event-Subclass', opts.subclass]);
  const own = opts.headers ?? [];
  const ownNames = new Set(own.map(([k]) => k));
  if (opts.channel) {
    const verbose = opts.channel.vars.get('verbose_events') === 'true';
    for (const h of channelHeaders(opts.channel, verbose || WITH_VARIABLES.has(name)))
      if (!ownNames.has(h[0])) headers.push(h);
  }
  headers.push(...own);
  return { name, subclass: opts.subclass, headers, body: opts.body };
}

/** Case-insensitive header lookup, as switch_event_get_header does. */
export function headerOf(ev: SimEvent, name: string): string | undefined {
  const n = name.toLowerCase();
  return ev.headers.find(([k]) => k.toLowerCase() === n)?.[1];
}
