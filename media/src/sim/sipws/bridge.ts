// `bridge user/<ext>` when the simulator runs its SIP-over-WebSocket server: the extension is resolved
// as FreeSWITCH does (registrar dialUser: the directory's dial-string and a registration, else
// SUBSCRIBER_ABSENT / MANDATORY_IE_MISSING / USER_NOT_REGISTERED); a registered one's browser rings
// (INVITE), is bridged when the softphone answers, and the bridge ends with a BYE from whichever side
// hangs up first (CANCEL when the customer hangs up while it rings). Like FreeSWITCH, a failed bridge
// hangs the customer up unless continue_on_fail, and the seat's hang-up ends the customer's call only
// with hangup_after_bridge. Without the registrar a virtual
// seat answers after a second (apps.ts), so tests of the simulator alone still transfer.
import { HangupCause } from '../../../../domain/telephony';
import { maskPhone } from '../../../../domain/format';
import type { Channel } from '../channel';
import type { Headers } from '../framing';
import type { Registrar } from './registrar';

/** Ring time in simulated ms unless the channel sets call_timeout (s), as FreeSWITCH's bridge does. */
const DEFAULT_RING_MS = 60_000;
const DEFAULT_BRIDGE_MS = 30_000;

/** The extension and domain of a `[{vars}]user/<ext>[@domain]` dial string, else null. */
export function userEndpoint(dial: string): { extension: string; domain?: string } | null {
  // A leading {var=value,…} block (channel variables such as sip_h_X-Call-UUID) is not the endpoint.
  const m = /^(?:\{[^}]*\})?user\/([^@\s/]+)(?:@([^\s/]+))?/.exec(dial.trim());
  return m ? { extension: m[1]!, domain: m[2] } : null;
}

/** Runs the bridge towards the browser; returns the bridge application's response. */
export async function bridgeToBrowser(
  ch: Channel,
  registrar: Registrar,
  target: { extension: string; domain?: string },
): Promise<string | undefined> {
  const ext = target.extension;
  const resolved = await registrar.dialUser(ext, target.domain);
  if (!resolved.ok) return bridgeFailed(ch, resolved.cause);
  const timeoutS = Number(ch.vars.get('call_timeout'));
  const ringSimMs = Number.isFinite(timeoutS) && timeoutS > 0 ? timeoutS * 1000 : DEFAULT_RING_MS;
  // Resolves when the customer hangs up while the browser rings (or the ring time is over).
  const ringEnd = ch.wait(ringSimMs, false);
  const result = await registrar.ring(ext, {
    callerNumber: maskPhone(ch.destination),
    callUuid: ch.uuid,
    // The browser's own ring limit is real time; the channel's (simulated) one is `ringEnd`.
    ringMs: Math.max(ringSimMs * ch.hub.opts.timeScale, 1000),
    cancelled: ringEnd,
  });
  if (!result.answered) return bridgeFailed(ch, result.cause);
  if (ch.hungUp) {
    result.dialog.hangup();
    return undefined;
  }
  const other = `${ch.uuid.slice(0, 24)}b${ch.uuid.slice(25)}`;
  const ids: Headers = [
    ['Bridge-A-Unique-ID', ch.uuid],
    ['Bridge-B-Unique-ID', other],
    ['Other-Leg-Unique-ID', other],
  ];
  bridgeAnswered(ch, other);
  ch.fire('CHANNEL_BRIDGE', ids);
  result.dialog.onDtmf = (digit) => ch.hear({ kind: 'dtmf', text: digit });
  const talk = ch.wait(Number(ch.vars.get('sim_bridge_ms') ?? DEFAULT_BRIDGE_MS), false);
  const end = await Promise.race([talk, result.dialog.ended.then(() => 'seat' as const)]);
  ch.fire('CHANNEL_UNBRIDGE', ids);
  if (end === 'seat') {
    afterBridge(ch);
    return undefined;
  }
  result.dialog.hangup();
  if (end === 'done') void ch.hangup(HangupCause.NORMAL_CLEARING, 200, 'recv_bye');
  return undefined;
}

/** DIALSTATUS where FreeSWITCH renames the cause (checked on 1.10.12: USER_BUSY is BUSY). */
const DIALSTATUS: Record<string, string> = { USER_BUSY: 'BUSY', NO_ANSWER: 'NOANSWER' };
/** Causes a bridge continues after when continue_on_fail is unset (mod_dptools audio_bridge_function). */
const ALWAYS_CONTINUE = ['NO_ANSWER', 'NO_USER_RESPONSE', 'ORIGINATOR_CANCEL'];

/** Whether the caller's channel goes on after a failed bridge (continue_on_fail: true or a cause list). */
export function continuesOnFail(ch: Channel, cause: string): boolean {
  const v = ch.vars.get('continue_on_fail');
  if (v === undefined || v === '') return ALWAYS_CONTINUE.includes(cause);
  if (/^(true|yes|on|1)$/i.test(v.trim())) return true;
  return v.split(',').some((c) => c.trim().toUpperCase() === cause);
}

/**
 * A bridge whose B leg never came up, as FreeSWITCH 1.10.12 ends it: the caller's originate_disposition
 * and originate_failed_cause are the cause, DIALSTATUS the cause as it names it, Application-Response
 * "_none_"; the caller is hung up with the cause unless continue_on_fail says go on.
 */
export function bridgeFailed(ch: Channel, cause: string): undefined {
  ch.vars.set('originate_disposition', cause);
  ch.vars.set('DIALSTATUS', DIALSTATUS[cause] ?? cause);
  ch.vars.set('originate_failed_cause', cause);
  // Not awaited: the hang-up waits for this very application to return.
  if (!continuesOnFail(ch, cause)) void ch.hangup(cause, ch.answered ? 200 : undefined, 'send_bye');
  return undefined;
}

/** The B leg answered: what FreeSWITCH sets on the caller (checked on 1.10.12). */
export function bridgeAnswered(ch: Channel, other: string): void {
  ch.vars.set('originate_disposition', 'SUCCESS');
  ch.vars.set('DIALSTATUS', 'SUCCESS');
  ch.vars.set('bridge_uuid', other);
  ch.vars.set('last_bridge_to', other);
}

/** The B leg hung up: the caller follows only with hangup_after_bridge=true (FreeSWITCH's default is to stay). */
export function afterBridge(ch: Channel, cause = HangupCause.NORMAL_CLEARING): void {
  ch.vars.set('last_bridge_hangup_cause', cause);
  ch.vars.set('bridge_hangup_cause', cause);
  if (/^(true|yes|on|1)$/i.test(ch.vars.get('hangup_after_bridge') ?? ''))
    void ch.hangup(cause, 200, 'send_bye');
}
