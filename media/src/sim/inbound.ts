// Inbound calls in the simulator: a virtual customer (a persona) calls one of our numbers. Not a
// FreeSWITCH command: `api sim_inbound <number> <caller> [persona] [ring_timeout_s] [gateway] [from_ip]`
// on the event socket (inboundCli.ts wraps it for the demo; `-` skips an optional argument). The
// channel looks like a call arriving from a carrier on the external profile: on a registered line's
// gateway (mod_sofia then sets `sip_gateway` to the gateway's name, e.g. line-3) or, with no gateway,
// from the carrier address from_ip (`sip_network_ip`, 127.0.0.1 by default) as an IP trunk's calls
// do; parked by the dialplan for the event-socket client
// (<action application="park"/>): CHANNEL_CREATE, then CHANNEL_EXECUTE park and CHANNEL_PARK, each
// with Call-Direction inbound and Caller-Destination-Number = the dialed number. Whoever handles it
// answers with `uuid_answer` (the persona then talks as a called one does) or hangs it up with
// `uuid_kill`; the caller gives up (ORIGINATOR_CANCEL) when nobody answers within the ring timeout.
import { randomUUID } from 'node:crypto';
import { HangupCause } from '../../../domain/telephony';
import { startTalking } from './callee';
import { Channel } from './channel';
import { splitArgs } from './dialstring';
import type { Hub } from './hub';
import { pickPersona } from './personas';

export const INBOUND_USAGE =
  '-USAGE: sim_inbound <number> <caller> [persona] [ring_timeout_s] [gateway] [from_ip]\n';
const DEFAULT_RING_TIMEOUT_S = 60;

/** Replies "+OK <uuid>\n" once the call is parked (the answer, if any, comes later). */
export function placeInbound(hub: Hub, arg: string): string {
  const [number, caller, personaName, timeoutArg, gatewayArg, fromArg] = splitArgs(arg);
  if (!number || !caller || !/^\+?[\w*#.-]{1,40}$/.test(number) || !/^\+?\d{1,20}$/.test(caller))
    return INBOUND_USAGE;
  const given = (a: string | undefined) => (a === undefined || a === '-' ? undefined : a);
  const gateway = given(gatewayArg);
  const fromIp = given(fromArg) ?? '127.0.0.1';
  if ((gateway && !/^[\w.-]{1,64}$/.test(gateway)) || !/^[\d.]{7,15}$/.test(fromIp)) return INBOUND_USAGE;
  const rng = hub.callRng(caller);
  const persona =
    personaName && personaName !== '-'
      ? hub.opts.personas.find((p) => p.name === personaName)
      : pickPersona(hub.opts.personas, caller, rng);
  if (!persona) return `-ERR no persona named ${personaName}\n`;
  const timeoutS = Number(given(timeoutArg) ?? DEFAULT_RING_TIMEOUT_S);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) return INBOUND_USAGE;
  const uuid = randomUUID();
  const vars = new Map<string, string>([
    ['direction', 'inbound'],
    ['uuid', uuid],
    ['call_uuid', uuid],
    ['sip_from_user', caller],
    ['sip_to_user', number],
    ['sip_req_user', number],
    ['destination_number', number],
    ['caller_id_number', caller],
    ['sip_network_ip', fromIp],
    ['sofia_profile_name', 'external'],
    ...(gateway ? ([['sip_gateway', gateway]] as const) : []),
    ['sim_persona', persona.name],
  ]);
  const ch = new Channel(
    hub,
    uuid,
    `sofia/external/${caller}@127.0.0.1`,
    number,
    caller,
    caller,
    vars,
    persona,
    rng,
  );
  ch.direction = 'inbound';
  // The caller talks once someone answers, as a called persona does.
  const answer = ch.answer.bind(ch);
  ch.answer = () => {
    const was = ch.answered;
    answer();
    if (!was && ch.answered) startTalking(ch);
  };
  hub.channels.set(uuid, ch);
  hub.sessionsSinceStartup++;
  hub.peakSessions = Math.max(hub.peakSessions, hub.channels.size);
  ch.fire('CHANNEL_CREATE');
  hub.after(0, () => {
    if (ch.hungUp) return;
    ch.setState('CS_ROUTING');
    ch.setCallState('RINGING');
    ch.setState('CS_EXECUTE');
    ch.fire('CHANNEL_EXECUTE', [
      ['Application', 'park'],
      ['Application-Data', ''],
    ]);
    ch.state = 'CS_PARK';
    ch.fire('CHANNEL_PARK');
  });
  ch.after(timeoutS * 1000, () => {
    if (!ch.answered) void ch.hangup(HangupCause.ORIGINATOR_CANCEL, 487, 'recv_cancel');
  });
  return `+OK ${uuid}\n`;
}
