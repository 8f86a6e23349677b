// Telephony configuration shared by the forms (client) and the request schemas (server): SIP lines
// (SPEC §3 Line, §5), voice gateways (SPEC §3 Sip gateway), FreeSWITCH nodes (/systemset/clusterserver)
// and the recognizer (ASR) settings of accounts (/systemset/emptyasr, SPEC §6 "ASR key defaults to the
// superior's if blank"). Each validate* function returns field -> problem code; the client turns a
// code into `telephony:validation.<code>`, the server into its own message keys (same rule, one place).
import type { FsNodeStatus } from './media';
import { isIPv4WithMask, isSendRate } from './validators';

export type Problem =
  | 'required'
  | 'name'
  | 'host'
  | 'port'
  | 'min6'
  | 'digits20'
  | 'digits10'
  | 'codec'
  | 'rate'
  | 'portCount'
  | 'mode'
  | 'sips'
  | 'sip'
  | 'weight'
  | 'provider'
  | 'tooLong'
  | 'dids';

export type Problems<K extends string = string> = Partial<Record<K, Problem>>;

export const CODECS = ['G729', 'PCMA', 'PCMU'] as const;
export type Codec = (typeof CODECS)[number];
export const LINE_MODES = ['register', 'gateway'] as const;
/** register: FreeSWITCH registers to the carrier; gateway: IP trunk, no registration. */
export type LineMode = (typeof LINE_MODES)[number];

export const NAME_MIN = 2;
export const NAME_MAX = 64;
export const SECRET_MIN = 6;
export const SECRET_MAX = 128;
export const PORT_COUNT_MAX = 10000;
export const DEFAULT_ESL_PORT = 8021;

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A server address: an IPv4 address (no mask) or a DNS host name. */
export function isHost(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  if (/^[\d.]+$/.test(s)) return !s.includes('/') && isIPv4WithMask(s);
  const labels = s.split('.');
  // The last label of a host name is never all digits (that would be a broken IPv4).
  return labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

export const isPort = (n: unknown): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535;

/** Send rate 'n/m': n calls per m seconds. Null when the text is not a valid rate. */
export function parseSendRate(s: string): { count: number; seconds: number } | null {
  const t = s.trim();
  if (!isSendRate(t)) return null;
  const [count, seconds] = t.split('/').map(Number) as [number, number];
  return { count, seconds };
}
export const formatSendRate = (count: number, seconds: number): string => `${count}/${seconds}`;

/** A SIP URI (sip:/sips:user@host[:port]) or host[:port], as listed in a gateway's sips. */
export function isSipTarget(s: string): boolean {
  const m = /^(?:sips?:)?(?:([A-Za-z0-9._~+-]+)@)?([^:@\s]+)(?::(\d{1,5}))?$/.exec(s.trim());
  if (!m) return false;
  if (m[3] !== undefined && !isPort(Number(m[3]))) return false;
  return isHost(m[2]!);
}

/** Comma-separated (ASCII or full-width) SIP targets, none empty. */
export const splitSips = (s: string): string[] => s.split(/[,，]/).map((x) => x.trim());
export const isSipList = (s: string): boolean => s.trim() !== '' && splitSips(s).every(isSipTarget);

const chars = (s: string) => [...s.trim()].length;
const nameProblem = (s: unknown): Problem | undefined => {
  if (typeof s !== 'string' || s.trim() === '') return 'required';
  const n = chars(s);
  return n < NAME_MIN || n > NAME_MAX ? 'name' : undefined;
};
const secretProblem = (s: unknown, required: boolean): Problem | undefined => {
  if (s === undefined || s === null || s === '') return required ? 'required' : undefined;
  if (typeof s !== 'string') return 'min6';
  return s.length < SECRET_MIN || s.length > SECRET_MAX ? 'min6' : undefined;
};
const intIn = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

// ---- SIP lines ----

export interface SipLineInput {
  name: string;
  serverIp: string;
  port: number;
  account: string;
  /** Empty on edit keeps the stored password. */
  password: string;
  callerNumber: string;
  prefix: string;
  codec: Codec;
  /** 'n/m' */
  sendRate: string;
  portCount: number;
  mode: LineMode;
  enabled: boolean;
  /**
   * The numbers (DIDs) the carrier delivers on this line: reception scenes may only take these (and
   * the caller number). Left out of an edit: the stored list stays.
   */
  dids?: string[];
}
export type SipLineField = keyof SipLineInput;

export interface SipLineDto {
  id: number;
  name: string;
  serverIp: string;
  port: number;
  account: string;
  /** The password itself never leaves the server (except to FreeSWITCH). */
  passwordSet: boolean;
  callerNumber: string;
  prefix: string;
  codec: Codec;
  sendRate: string;
  rateCount: number;
  rateSeconds: number;
  portCount: number;
  mode: LineMode;
  enabled: boolean;
  /** Its inbound numbers (SipLineInput.dids). */
  dids: string[];
  /** The account that owns the line. */
  ownerId: number;
  ownerAccount: string;
  /** True when the caller may edit it (its own line); false for a line assigned to it. */
  owned: boolean;
  /** Accounts the caller assigned it to (only the caller's own assignments). */
  assignedTo: { id: number; account: string }[];
  updatedAt: string;
  /** The line's fault (issue 20: gateway down, not loaded, codec missing), or null when it works. */
  fault: { cause: string; text: string; at: string } | null;
}

/** `isNew`: a new line needs its password; an edit may leave it empty to keep the old one. */
export function validateSipLine(v: Partial<Record<SipLineField, unknown>>, isNew: boolean) {
  const e: Problems<SipLineField> = {};
  const name = nameProblem(v.name);
  if (name) e.name = name;
  if (typeof v.serverIp !== 'string' || v.serverIp.trim() === '') e.serverIp = 'required';
  else if (!isHost(v.serverIp.trim())) e.serverIp = 'host';
  if (v.port === undefined || v.port === null || v.port === '') e.port = 'required';
  else if (!isPort(v.port)) e.port = 'port';
  if (typeof v.account !== 'string' || v.account.trim() === '') e.account = 'required';
  else if (chars(v.account) < SECRET_MIN || chars(v.account) > 64 || /\s/.test(v.account.trim()))
    e.account = 'min6';
  const pw = secretProblem(v.password, isNew);
  if (pw) e.password = pw;
  if (
    v.callerNumber !== undefined &&
    (typeof v.callerNumber !== 'string' || !/^\d{0,20}$/.test(v.callerNumber))
  )
    e.callerNumber = 'digits20';
  if (v.prefix !== undefined && (typeof v.prefix !== 'string' || !/^\d{0,10}$/.test(v.prefix)))
    e.prefix = 'digits10';
  if (!CODECS.includes(v.codec as Codec)) e.codec = 'codec';
  if (typeof v.sendRate !== 'string' || v.sendRate.trim() === '') e.sendRate = 'required';
  else if (!parseSendRate(v.sendRate)) e.sendRate = 'rate';
  if (!intIn(v.portCount, 1, PORT_COUNT_MAX)) e.portCount = 'portCount';
  if (!LINE_MODES.includes(v.mode as LineMode)) e.mode = 'mode';
  if (v.dids !== undefined && !validLineDids(v.dids)) e.dids = 'dids';
  return e;
}

/** At most this many inbound numbers per line. */
export const LINE_DIDS_MAX = 500;
const DID_RE = /^\d{2,20}$/;

/** A line's number list: 2–20 digit numbers, no repeats, at most LINE_DIDS_MAX. */
export function validLineDids(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > LINE_DIDS_MAX) return false;
  return v.every((d) => typeof d === 'string' && DID_RE.test(d)) && new Set(v).size === v.length;
}

/** Numbers typed one per line or separated by commas (ASCII or full-width) or spaces, trimmed. */
export const splitDids = (s: string): string[] => s.split(/[\s,，;；]+/).filter((x) => x !== '');

/** The numbers a call may dial to reach a scene on this line: its DIDs and its caller number. */
export const lineNumbers = (l: { dids: readonly string[]; callerNumber: string }): string[] =>
  l.callerNumber && !l.dids.includes(l.callerNumber) ? [...l.dids, l.callerNumber] : [...l.dids];

// ---- voice gateways (seat side, SPEC §3 Sip gateway) ----

export interface GatewayInput {
  name: string;
  authName: string;
  /** Empty on edit keeps the stored password. */
  authPassword: string;
  sips: string;
  prefix: string;
  transferSip: string;
  thirdSip: string;
}
export type GatewayField = keyof GatewayInput;

/** Live state the media worker writes to Redis (fsGatewayStatusKey); unknown when absent. */
export type GatewayOnline = 'online' | 'offline' | 'unknown';
export type GatewayWork = 'idle' | 'busy' | 'unknown';

export interface GatewayDto {
  id: number;
  name: string;
  authName: string;
  authPasswordSet: boolean;
  sips: string;
  prefix: string;
  transferSip: string;
  thirdSip: string;
  online: GatewayOnline;
  work: GatewayWork;
  statusAt: string | null;
  updatedAt: string;
}

export function validateGateway(v: Partial<Record<GatewayField, unknown>>, isNew: boolean) {
  const e: Problems<GatewayField> = {};
  const name = nameProblem(v.name);
  if (name) e.name = name;
  if (typeof v.authName !== 'string' || v.authName.trim() === '') e.authName = 'required';
  else if (chars(v.authName) < SECRET_MIN || chars(v.authName) > 64) e.authName = 'min6';
  const pw = secretProblem(v.authPassword, isNew);
  if (pw) e.authPassword = pw;
  if (typeof v.sips !== 'string' || v.sips.trim() === '') e.sips = 'required';
  else if (v.sips.length > 1000 || !isSipList(v.sips)) e.sips = 'sips';
  if (v.prefix !== undefined && (typeof v.prefix !== 'string' || !/^\d{0,10}$/.test(v.prefix)))
    e.prefix = 'digits10';
  for (const k of ['transferSip', 'thirdSip'] as const) {
    const s = v[k];
    if (s === undefined || s === '') continue;
    if (typeof s !== 'string' || s.length > 255 || !isSipTarget(s)) e[k] = 'sip';
  }
  return e;
}

// ---- FreeSWITCH nodes (platform-wide, super administrator) ----

export interface FsNodeInput {
  name: string;
  eslHost: string;
  eslPort: number;
  /** Empty on edit keeps the stored password. */
  eslPassword: string;
  weight: number;
  enabled: boolean;
}
export type FsNodeField = keyof FsNodeInput;

export function validateFsNode(v: Partial<Record<FsNodeField, unknown>>, isNew: boolean) {
  const e: Problems<FsNodeField> = {};
  const name = nameProblem(v.name);
  if (name) e.name = name;
  if (typeof v.eslHost !== 'string' || v.eslHost.trim() === '') e.eslHost = 'required';
  else if (!isHost(v.eslHost.trim())) e.eslHost = 'host';
  if (!isPort(v.eslPort)) e.eslPort = 'port';
  // FreeSWITCH's own default ESL password (ClueCon) is 7 characters: anything non-empty is allowed.
  if (isNew && (typeof v.eslPassword !== 'string' || v.eslPassword === '')) e.eslPassword = 'required';
  else if (v.eslPassword !== undefined && (typeof v.eslPassword !== 'string' || v.eslPassword.length > 128))
    e.eslPassword = 'tooLong';
  if (!intIn(v.weight, 1, 100)) e.weight = 'weight';
  return e;
}

// ---- recognizer (ASR) settings ----

/**
 * none: empty ASR (no recognition, DTMF only); sim: the FreeSWITCH simulator's recognizer;
 * unimrcp: a mod_unimrcp profile of the FreeSWITCH node; aliyun / tencent: cloud keys;
 * google: mod_google_transcribe on the node (streaming, CUSTOM events; credentials on the node).
 */
export const ASR_PROVIDERS = ['none', 'sim', 'unimrcp', 'aliyun', 'tencent', 'google'] as const;
export type AsrProvider = (typeof ASR_PROVIDERS)[number];
export const CLOUD_ASR: readonly AsrProvider[] = ['aliyun', 'tencent'];

export interface AsrSettings {
  provider: AsrProvider;
  /** mod_unimrcp profile name (unimrcp only). */
  unimrcpProfile: string;
  /** Cloud app key (aliyun/tencent). */
  appKey: string;
}
export interface AsrInput extends AsrSettings {
  /** Cloud secret; empty on edit keeps the stored one when the provider does not change. */
  secret: string;
}
export type AsrField = keyof AsrInput;

export function validateAsr(v: Partial<Record<AsrField, unknown>>, secretStored: boolean) {
  const e: Problems<AsrField> = {};
  if (!ASR_PROVIDERS.includes(v.provider as AsrProvider)) {
    e.provider = 'provider';
    return e;
  }
  const p = v.provider as AsrProvider;
  if (p === 'unimrcp') {
    if (typeof v.unimrcpProfile !== 'string' || v.unimrcpProfile.trim() === '') e.unimrcpProfile = 'required';
    else if (!/^[\w.-]{1,64}$/.test(v.unimrcpProfile.trim())) e.unimrcpProfile = 'name';
  }
  if (CLOUD_ASR.includes(p)) {
    if (typeof v.appKey !== 'string' || v.appKey.trim() === '') e.appKey = 'required';
    else if (v.appKey.length > 128) e.appKey = 'tooLong';
    const s = secretProblem(v.secret, !secretStored);
    if (s) e.secret = s;
  }
  return e;
}

/** One link of the account chain, the account itself first, then its superiors up to the root. */
export interface AsrChainLink {
  accountId: number;
  account: string;
  /** The account's own settings, null when blank (use the superior's). */
  own: (AsrSettings & { secretSet: boolean }) | null;
}

export type AsrSource =
  { kind: 'own' } | { kind: 'inherited'; accountId: number; account: string } | { kind: 'default' };

/**
 * The platform's recognizer when nobody on the chain chose: mod_unimrcp with the node's default
 * profile (what the media worker uses, media/src/speech/asr/resolve.ts). 'none' is a choice an
 * account makes (keypad only).
 */
export const DEFAULT_ASR: AsrSettings = { provider: 'unimrcp', unimrcpProfile: '', appKey: '' };

/** SPEC §6: the first settings up the chain apply; blank means the superior's. */
export function resolveAsr(chain: readonly AsrChainLink[]): {
  effective: AsrSettings & { secretSet: boolean };
  source: AsrSource;
} {
  for (const [i, link] of chain.entries()) {
    if (!link.own) continue;
    return {
      effective: { ...link.own },
      source:
        i === 0 ? { kind: 'own' } : { kind: 'inherited', accountId: link.accountId, account: link.account },
    };
  }
  return { effective: { ...DEFAULT_ASR, secretSet: false }, source: { kind: 'default' } };
}

export interface AsrAccountDto {
  accountId: number;
  account: string;
  level: number;
  /** Depth below the caller (0 = the caller). */
  depth: number;
  own: (AsrSettings & { secretSet: boolean }) | null;
  effective: AsrSettings & { secretSet: boolean };
  source: AsrSource;
}

// ---- FreeSWITCH node DTO and live status ----

export interface FsNodeDto {
  id: number;
  name: string;
  eslHost: string;
  eslPort: number;
  eslPasswordSet: boolean;
  weight: number;
  enabled: boolean;
  /** Null until a media worker reports on this node. */
  status: FsNodeStatus | null;
  updatedAt: string;
}

/** FreeSWITCH gateway name of a SIP line in the sofia `external` profile. */
export const lineGatewayName = (lineId: number): string => `line-${lineId}`;
/** The line of a gateway name (lineGatewayName's inverse), or null for anything else. */
export function lineIdOfGateway(name: string | null | undefined): number | null {
  const m = /^line-([1-9]\d{0,15})$/.exec(name ?? '');
  return m ? Number(m[1]) : null;
}
/** FreeSWITCH gateway name of a voice (seat) gateway. */
export const voiceGatewayName = (gatewayId: number): string => `vgw-${gatewayId}`;
