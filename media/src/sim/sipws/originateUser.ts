// `originate user/<ext>[@domain] <exten>` on a simulator that runs its SIP-over-WebSocket server: the
// extension is resolved as FreeSWITCH does (registrar dialUser), so a directory answer without a
// dial-string fails with MANDATORY_IE_MISSING, an unknown user with SUBSCRIBER_ABSENT and an
// unregistered extension with USER_NOT_REGISTERED, all before any channel exists (checked with
// `originate user/1000 &park()` on FreeSWITCH 1.10.12). A registered one's browser rings; the leg
// is answered when the softphone answers and ends with its BYE or our uuid_kill.
import { HangupCause } from '../../../../domain/telephony';
import { Channel } from '../channel';
import type { Hub } from '../hub';
import type { Persona } from '../personas';
import type { Registrar } from './registrar';

/** The seat at the softphone: a person the simulator does not script. */
const SEAT: Persona = { name: 'softphone-seat', outcome: 'answer' };

export interface UserOriginate {
  uuid: string;
  extension: string;
  domain?: string;
  timeoutSec: number;
  callerNumber: string;
  callerName: string;
  vars: Map<string, string>;
}

/** Resolves with the answered channel, or the failure cause (reported via onFail where originate returns). */
export async function originateUser(
  hub: Hub,
  registrar: Registrar,
  o: UserOriginate,
  onFail: (cause: string) => void,
): Promise<{ ok: true; ch: Channel } | { ok: false; cause: string }> {
  const resolved = await registrar.dialUser(o.extension, o.domain);
  if (!resolved.ok) return { ok: false, cause: resolved.cause };
  const vars = new Map<string, string>([
    ['direction', 'outbound'],
    ['is_outbound', 'true'],
    ['uuid', o.uuid],
    ['call_uuid', o.uuid],
    ['dialed_user', o.extension],
    ...o.vars,
  ]);
  const name = `sofia/internal/${o.extension}@${o.domain ?? 'callplat-sim.invalid'}`;
  const ch = new Channel(
    hub,
    o.uuid,
    name,
    o.extension,
    o.callerName,
    o.callerNumber,
    vars,
    SEAT,
    hub.callRng(o.extension),
  );
  hub.channels.set(o.uuid, ch);
  hub.sessionsSinceStartup++;
  hub.peakSessions = Math.max(hub.peakSessions, hub.channels.size);
  ch.fire('CHANNEL_CREATE');
  ch.progress(false);
  const timedOut = ch.wait(o.timeoutSec * 1000, false);
  const result = await registrar.ring(o.extension, {
    callerNumber: o.callerNumber,
    callUuid: o.uuid,
    ringMs: Math.max(o.timeoutSec * 1000 * hub.opts.timeScale, 1000),
    cancelled: timedOut,
  });
  if (!result.answered) {
    const cause = result.cause === 'ORIGINATOR_CANCEL' ? HangupCause.NO_ANSWER : result.cause;
    // Our own timer (NO_ANSWER): the result goes out before the COMPLETE; a refusal: after it.
    if (cause === HangupCause.NO_ANSWER) ch.whenHungUp(() => onFail(cause));
    else ch.whenComplete(() => onFail(cause));
    await ch.hangup(cause, undefined, cause === HangupCause.NO_ANSWER ? 'send_cancel' : 'recv_refuse');
    return { ok: false, cause };
  }
  if (ch.hungUp) {
    result.dialog.hangup();
    return { ok: false, cause: ch.cause };
  }
  ch.answer();
  ch.whenHungUp(() => result.dialog.hangup());
  void result.dialog.ended.then(() => ch.hangup(HangupCause.NORMAL_CLEARING, 200, 'recv_bye'));
  result.dialog.onDtmf = (digit) => ch.hear({ kind: 'dtmf', text: digit });
  return { ok: true, ch };
}
