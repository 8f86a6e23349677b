// The simulator's mod_json_cdr: when a softphone's dial-out ends, its leg's CDR is posted to the
// platform's POST /fsapi/cdr, shaped as FreeSWITCH posts it with encode-values on (each variable
// URL-encoded) and encode false (an application/json body), HTTP Basic with the json_cdr `cred`.
// Only what the platform reads is filled in, under FreeSWITCH's names (domain/cdr.ts).
import { RECORD_HEADER } from '../../../../domain/cdr';

export type JsonCdr = {
  'core-uuid': string;
  switchname: string;
  channel_data: { state: string; direction: string };
  variables: Record<string, string>;
};

const CORE_UUID = '5ac0ffee-0000-4000-8000-00000000c0de';
const epoch = (ms: number) => String(Math.floor(ms / 1000));

/** The CDR of a softphone's (inbound, seen from the switch) leg. */
export function softphoneLegCdr(leg: {
  uuid: string;
  extension: string;
  destination: string;
  record: string | null;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number;
  hangupCause: string;
}): JsonCdr {
  const vars: Record<string, string> = {
    uuid: leg.uuid,
    direction: 'inbound',
    user_name: leg.extension,
    sip_from_user: leg.extension,
    sip_authorized: 'true',
    sip_req_user: leg.destination,
    destination_number: leg.destination,
    start_epoch: epoch(leg.startedAt),
    answer_epoch: leg.answeredAt === null ? '0' : epoch(leg.answeredAt),
    end_epoch: epoch(leg.endedAt),
    // FreeSWITCH counts whole seconds between the answer and the end.
    billsec:
      leg.answeredAt === null ? '0' : String(Math.max(0, Math.floor((leg.endedAt - leg.answeredAt) / 1000))),
    hangup_cause: leg.hangupCause,
  };
  if (leg.record !== null) vars[`sip_h_${RECORD_HEADER}`] = leg.record;
  return {
    'core-uuid': CORE_UUID,
    switchname: 'callplat-sim',
    channel_data: { state: 'CS_REPORTING', direction: 'inbound' },
    variables: Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, encodeURIComponent(v)])),
  };
}

/** Posts CDRs like mod_json_cdr (`retries` more attempts, `delayMs` apart, on anything but 2xx). */
export function jsonCdrPoster(opts: {
  url: string;
  user: string;
  password: string;
  retries?: number;
  delayMs?: number;
}): (doc: JsonCdr) => Promise<void> {
  const auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  return async (doc) => {
    let last = '';
    for (let attempt = 0; attempt <= (opts.retries ?? 3); attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, opts.delayMs ?? 1000));
      try {
        const res = await fetch(opts.url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(doc),
          signal: AbortSignal.timeout(5000),
        });
        if (res.ok) return;
        last = `HTTP ${res.status}`;
      } catch (e) {
        last = String(e);
      }
    }
    throw new Error(`CDR ${doc.variables.uuid} not delivered: ${last}`);
  };
}
