// Pushes of finished calls (SPEC §2 Settings "global push addresses", §5 Url / call address rules):
// the /api/pushes contract, the address form's validation (shared by the page and the API), the
// signing scheme, the retry rule, and the SSRF address ranges. Pure: no I/O, no Node APIs.
import { isUrl } from './validators';
import { GRADE_LEVELS } from './dialer/levels';
export { GRADE_LETTER } from './dialer/levels';

export const PUSH_MENU = 'set/apiandpush';

/** Intention grades an address may be limited to (A–F); an empty list pushes every finished call. */
export const PUSH_GRADES: readonly number[] = GRADE_LEVELS;

// ---- signing (what a receiver verifies) ----

export const PUSH_HEADERS = {
  timestamp: 'X-Push-Timestamp',
  signature: 'X-Push-Signature',
  id: 'X-Push-Id',
} as const;
export const SIGNATURE_PREFIX = 'sha256=';

/**
 * The signed text: `<timestamp>.<raw body>`. X-Push-Signature is `sha256=` + the hex HMAC-SHA256 of
 * it, keyed with the address's secret (its UTF-8 bytes); the timestamp is unix seconds.
 */
export const signatureBase = (timestamp: string, body: string): string => `${timestamp}.${body}`;

// ---- the address form ----

export type PushParams = Record<string, string | number | boolean>;
export type PushHeaderMap = Record<string, string>;

export interface PushAddressInput {
  name: string;
  url: string;
  /** Param: extra fields every push to this address carries, as the body's `params` object. */
  params: PushParams;
  /** Header: extra HTTP headers sent with every push to this address. */
  headers: PushHeaderMap;
  grades: number[];
  enabled: boolean;
}

export const PUSH_NAME_MAX = 64;
export const PUSH_URL_MAX = 500;
export const PUSH_MAX_ENTRIES = 20;
export const PUSH_KEY_MAX = 64;
export const PUSH_VALUE_MAX = 500;

/** Headers the sender sets itself (or that would break the request); an address may not set them. */
export const RESERVED_HEADERS: readonly string[] = [
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
];

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
/** Visible ASCII, spaces and tabs inside; no CR/LF (header injection). Non-ASCII is refused too. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;
const PARAM_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

export type HeaderProblem = 'required' | 'name' | 'reserved' | 'value' | 'tooMany' | 'duplicate';
export type ParamProblem = 'required' | 'json' | 'key' | 'value' | 'tooMany';

export function headerProblem(headers: PushHeaderMap): HeaderProblem | null {
  const entries = Object.entries(headers);
  if (entries.length === 0) return 'required';
  if (entries.length > PUSH_MAX_ENTRIES) return 'tooMany';
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) return 'name';
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.includes(lower) || lower.startsWith('x-push-')) return 'reserved';
    if (seen.has(lower)) return 'duplicate';
    seen.add(lower);
    if (typeof value !== 'string' || value.length > PUSH_VALUE_MAX || !HEADER_VALUE.test(value))
      return 'value';
  }
  return null;
}

export function paramProblem(params: PushParams): ParamProblem | null {
  const entries = Object.entries(params);
  if (entries.length === 0) return 'required';
  if (entries.length > PUSH_MAX_ENTRIES) return 'tooMany';
  for (const [key, value] of entries) {
    if (!PARAM_KEY.test(key)) return 'key';
    const ok =
      (typeof value === 'string' && value.length <= PUSH_VALUE_MAX) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean';
    if (!ok) return 'value';
  }
  return null;
}

/** The page's Header box: one `Name: value` per line; blank lines are skipped. */
export function parseHeaderLines(text: string): { headers: PushHeaderMap } | { problem: HeaderProblem } {
  const headers: PushHeaderMap = {};
  const seen = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const i = line.indexOf(':');
    if (i <= 0) return { problem: 'name' };
    const name = line.slice(0, i).trim();
    if (seen.has(name.toLowerCase())) return { problem: 'duplicate' };
    seen.add(name.toLowerCase());
    headers[name] = line.slice(i + 1).trim();
  }
  const problem = headerProblem(headers);
  return problem ? { problem } : { headers };
}

export const formatHeaderLines = (headers: PushHeaderMap): string =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** The page's Param box: a JSON object of strings, numbers and booleans. */
export function parseParamsText(text: string): { params: PushParams } | { problem: ParamProblem } {
  if (!text.trim()) return { problem: 'required' };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { problem: 'json' };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { problem: 'json' };
  const problem = paramProblem(v as PushParams);
  return problem ? { problem } : { params: v as PushParams };
}

export const formatParams = (params: PushParams): string => JSON.stringify(params, null, 2);

/** Url rule of SPEC §5 (http or https plus a host) for a push address; no credentials in it. */
export const isPushUrl = (s: string): boolean => s.length <= PUSH_URL_MAX && isUrl(s);

export type AddressProblem = 'required' | 'minLength2' | 'tooLong' | 'url' | 'grades' | HeaderProblem;

export interface AddressProblems {
  name?: AddressProblem;
  url?: AddressProblem;
  params?: ParamProblem;
  headers?: HeaderProblem;
  grades?: AddressProblem;
}

export function validateAddress(v: PushAddressInput): AddressProblems {
  const out: AddressProblems = {};
  const name = v.name.trim();
  if (!name) out.name = 'required';
  else if ([...name].length < 2) out.name = 'minLength2';
  else if ([...name].length > PUSH_NAME_MAX) out.name = 'tooLong';
  const url = v.url.trim();
  if (!url) out.url = 'required';
  else if (!isPushUrl(url)) out.url = 'url';
  const pp = paramProblem(v.params);
  if (pp) out.params = pp;
  const hp = headerProblem(v.headers);
  if (hp) out.headers = hp;
  if (new Set(v.grades).size !== v.grades.length || v.grades.some((g) => !PUSH_GRADES.includes(g)))
    out.grades = 'grades';
  return out;
}

/** An address (or a task) limited to `grades` takes a call of `grade`; an empty list takes all. */
export const gradeMatches = (grades: readonly number[], grade: number | null): boolean =>
  grades.length === 0 || (grade !== null && grades.includes(grade));

// ---- retries ----

/** Waits between tries: the first try, then one retry after each delay (10 s … 30 min). */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000, 120_000, 600_000, 1_800_000];

/** Network errors, 5xx and 429 are worth another try; any other answer is final. */
export const isRetryableStatus = (status: number | null): boolean =>
  status === null || status === 429 || status >= 500;

/** After the `attempts`-th try failed in a retryable way: wait this long, or null to give up. */
export const retryDelay = (attempts: number, delays: readonly number[]): number | null =>
  attempts >= 1 && attempts <= delays.length ? delays[attempts - 1]! : null;

// ---- SSRF: the address rules live with the outbound guard's (one set for every outbound request) ----

export { blockedAddressReason, parseIPv4, parseIPv6, type BlockedReason } from './netAddress';

// ---- the API ----

export interface PushAddressDto extends PushAddressInput {
  id: number;
  secretSet: boolean;
  secretRotatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Create and rotate answer with the secret once; it is never returned again. */
export interface PushAddressWithSecret {
  address: PushAddressDto;
  secret: string;
}

export interface TaskSecretDto {
  set: boolean;
  rotatedAt: string | null;
}

export interface PushPlatformDto {
  allowPrivateTargets: boolean;
  /** Only the super administrator (level 0) may change it. */
  canChange: boolean;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export type DestinationKind = 'address' | 'task';

export interface PushDeliveryDto {
  id: number;
  callId: number;
  callUuid: string;
  kind: DestinationKind;
  addressId: number | null;
  addressName: string | null;
  taskId: number | null;
  url: string;
  pushId: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TestPushResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface PushTranscriptLine {
  seq: number;
  type: 'robot' | 'customer';
  content: string;
  voice: string[];
  at: string;
}

/** The JSON body of one push. */
export interface PushPayload {
  /** Same as X-Push-Id: one value per (call, destination); a receiver dedupes on it. */
  id: string;
  event: 'call.finished' | 'push.test';
  record: {
    callId: number;
    callUuid: string;
    taskId: number | null;
    taskName: string | null;
    customerName: string | null;
    phone: string;
    direction: 'out' | 'in';
    resultLevel: number | null;
    labels: string[];
    llmGrade: string | null;
    hangupCause: string | null;
    ringMs: number;
    talkMs: number;
    totalMs: number;
    rounds: number;
    createdAt: string;
    answeredAt: string | null;
    endedAt: string | null;
  };
  transcript: PushTranscriptLine[];
  grade: { level: number; letter: string } | null;
  /** The address's Param. */
  params?: PushParams;
  /** The task's push account. */
  pushAccount?: string;
}
