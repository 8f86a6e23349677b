// A softphone's call as the switch saw it: FreeSWITCH's mod_json_cdr posts one JSON document per leg
// when the leg ends (to POST /fsapi/cdr). The leg we bill is the one from a browser softphone: an
// inbound leg (seen from FreeSWITCH) whose caller authenticated as a directory user (callplat_extension,
// else user_name = the seat's extension). Its billsec is the talk time the gateway call cost, whatever the browser says.
// The softphone names its dial record in an X- header, which FreeSWITCH keeps as the variable
// sip_h_X-Callplat-Record. Pure.
import type { LostHangup } from './lostCall';

/** The INVITE header the softphone names its dial record in. */
export const RECORD_HEADER = 'X-Callplat-Record';
const RECORD_VARIABLE = `sip_h_${RECORD_HEADER}`;

export interface SoftphoneCdr {
  /** FreeSWITCH's uuid of the leg (the idempotency key of its charge). */
  uuid: string;
  /** The seat's extension (the directory user the browser registered as). */
  extension: string;
  /** The dialed number. */
  destination: string;
  /** The dial record the browser opened for this call, when it said. */
  recordId: number | null;
  answered: boolean;
  /** Talk time the switch counted (s). */
  billsec: number;
  hangupCause: string;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
}

/** mod_json_cdr URL-encodes variable values by default (encode-values); plain values pass through. */
function decode(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSION = /^\d{2,16}$/;

const epoch = (v: string | undefined): Date | null => {
  if (!v || !/^\d{1,12}$/.test(v) || v === '0') return null;
  return new Date(Number(v) * 1000);
};

/**
 * The softphone leg of a mod_json_cdr document; 'other' for a leg that is not a softphone's (a
 * gateway leg, an unauthenticated caller): the switch posts those too. A string: what is wrong.
 */
export function softphoneCdrOf(doc: unknown): SoftphoneCdr | 'other' | string {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'not a JSON object';
  const raw = (doc as { variables?: unknown }).variables;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'variables missing';
  const vars = raw as Record<string, unknown>;
  const v = (name: string) => decode(vars[name]);
  // FreeSWITCH's user_name is the digest user name, which is the seat's auth name when the phone has
  // one; the directory answer (server softphone/directory.ts) puts the extension in callplat_extension.
  const extension = v('callplat_extension') || v('user_name');
  if (v('direction') !== 'inbound' || !extension) return 'other';
  if (!EXTENSION.test(extension)) return 'user_name is not an extension';
  const uuid = v('uuid') ?? '';
  if (!UUID.test(uuid)) return 'uuid missing or invalid';
  const startedAt = epoch(v('start_epoch'));
  const endedAt = epoch(v('end_epoch'));
  if (!startedAt || !endedAt) return 'start_epoch or end_epoch missing';
  const answeredAt = epoch(v('answer_epoch'));
  const billsecRaw = v('billsec') ?? '0';
  if (!/^\d{1,9}$/.test(billsecRaw)) return 'billsec is not a number of seconds';
  const billsec = answeredAt ? Number(billsecRaw) : 0;
  const record = v(RECORD_VARIABLE);
  const recordId = record && /^\d{1,15}$/.test(record) ? Number(record) : null;
  const destination = (v('sip_req_user') ?? v('destination_number') ?? '').slice(0, 32);
  return {
    uuid: uuid.toLowerCase(),
    extension,
    destination: destination || '-',
    recordId,
    answered: answeredAt !== null,
    billsec,
    hangupCause: (v('hangup_cause') ?? 'NORMAL_CLEARING').slice(0, 40),
    startedAt,
    answeredAt,
    endedAt,
  };
}

/** A µs time variable (start_uepoch…), else its seconds twin (start_epoch…) in µs; 0 when never. */
const uepoch = (v: (name: string) => string | undefined, name: string): number => {
  const us = v(`${name}_uepoch`);
  if (us && /^\d{1,18}$/.test(us)) return Number(us);
  const s = epoch(v(`${name}_epoch`));
  return s ? s.getTime() * 1000 : 0;
};

/**
 * How an outbound leg (a robot call the platform originated) ended, from its CDR: kept a while, so a
 * call whose media worker died keeps the result the switch reported (domain/lostCall.ts). Null for
 * any other leg or a document without a uuid and cause.
 */
export function outboundLegHangupOf(doc: unknown): { uuid: string; hangup: LostHangup } | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const raw = (doc as { variables?: unknown }).variables;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const vars = raw as Record<string, unknown>;
  const v = (name: string) => decode(vars[name]);
  const uuid = v('uuid') ?? '';
  const cause = v('hangup_cause');
  if (v('direction') !== 'outbound' || !UUID.test(uuid) || !cause || !/^[A-Z_]{1,40}$/.test(cause))
    return null;
  const sip = v('sip_term_status');
  return {
    uuid: uuid.toLowerCase(),
    hangup: {
      cause,
      sipStatus: sip && /^\d{3}$/.test(sip) ? Number(sip) : null,
      createdUs: uepoch(v, 'start'),
      answeredUs: uepoch(v, 'answer'),
      hangupUs: uepoch(v, 'end'),
    },
  };
}
