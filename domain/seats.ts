// Seats and seat groups (SPEC §3 Seat, Seat group; §5 rules): the form rules shared by the client and
// the API, the live seat state and its transitions, the seat selection rule of a transfer (longest idle
// first), the manual-transfer wait (SPEC §9) and the figures of /dialcenter/seatsdialdata.
// Pure: the Redis store that holds live state is platform/seatStore.ts.
import { isMobile } from './validators';

// ---- forms ----

export const SEAT_TYPES = ['extension', 'mobile'] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

export const SEAT_NAME_MIN = 2;
export const SEAT_NAME_MAX = 64;
export const SEAT_DESCRIPTION_MAX = 500;
export const SEAT_SECRET_MIN = 6;
export const SEAT_AUTH_NAME_MAX = 64;
export const SEAT_SECRET_MAX = 128;

/** Problem codes; the client shows `seats:validation.<code>`, the server its own message keys. */
export type SeatProblem = 'required' | 'name' | 'tooLong' | 'extension' | 'min6' | 'mobile' | 'type';
export type SeatProblems<K extends string = string> = Partial<Record<K, SeatProblem>>;

export interface SeatGroupInput {
  name: string;
  description: string;
}

export interface SeatInput {
  name: string;
  type: SeatType;
  groupId: number | null;
  /** The account that works the seat. */
  userId: number | null;
  /** Extension seats: the SIP user, 2–20 digits (SPEC §5 customer service number: at least 2 digits). */
  extension: string;
  authName: string;
  /** Empty on edit keeps the stored one. */
  authPassword: string;
  /** Mobile seats: 11-digit mobile; empty on edit keeps the stored one. */
  mobile: string;
  enabled: boolean;
  autoAnswer: boolean;
}
export type SeatField = keyof SeatInput;

const chars = (s: string) => [...s.trim()].length;

function nameProblem(s: unknown): SeatProblem | undefined {
  if (typeof s !== 'string' || s.trim() === '') return 'required';
  const n = chars(s);
  if (n < SEAT_NAME_MIN) return 'name';
  return n > SEAT_NAME_MAX ? 'tooLong' : undefined;
}

/** Seat group: name at least 2 characters (SPEC §5), description optional. */
export function validateSeatGroup(v: Partial<Record<keyof SeatGroupInput, unknown>>) {
  const e: SeatProblems<keyof SeatGroupInput> = {};
  const name = nameProblem(v.name);
  if (name) e.name = name;
  if (v.description !== undefined && v.description !== null) {
    if (typeof v.description !== 'string') e.description = 'required';
    else if (v.description.length > SEAT_DESCRIPTION_MAX) e.description = 'tooLong';
  }
  return e;
}

export const isExtension = (s: string): boolean => /^\d{2,20}$/.test(s);

const isId = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * Seat: name ≥ 2, group and user required; an extension seat needs the extension and an auth name and
 * password of at least 6 characters (SPEC §5), a mobile seat an 11-digit mobile. `stored` says which
 * secrets the seat already has (edit): an empty field then keeps it.
 */
export function validateSeat(
  v: Partial<Record<SeatField, unknown>>,
  stored: { authPassword: boolean; mobile: boolean } = { authPassword: false, mobile: false },
) {
  const e: SeatProblems<SeatField> = {};
  const name = nameProblem(v.name);
  if (name) e.name = name;
  if (!SEAT_TYPES.includes(v.type as SeatType)) e.type = 'type';
  if (!isId(v.groupId)) e.groupId = 'required';
  if (!isId(v.userId)) e.userId = 'required';
  if (v.type === 'extension') {
    if (typeof v.extension !== 'string' || v.extension.trim() === '') e.extension = 'required';
    else if (!isExtension(v.extension.trim())) e.extension = 'extension';
    if (typeof v.authName !== 'string' || v.authName.trim() === '') e.authName = 'required';
    else if (chars(v.authName) < SEAT_SECRET_MIN) e.authName = 'min6';
    else if (chars(v.authName) > SEAT_AUTH_NAME_MAX) e.authName = 'tooLong';
    const pw = v.authPassword;
    if (pw === undefined || pw === null || pw === '') {
      if (!stored.authPassword) e.authPassword = 'required';
    } else if (typeof pw !== 'string' || pw.length < SEAT_SECRET_MIN) e.authPassword = 'min6';
    else if (pw.length > SEAT_SECRET_MAX) e.authPassword = 'tooLong';
  }
  if (v.type === 'mobile') {
    const m = v.mobile;
    if (m === undefined || m === null || m === '') {
      if (!stored.mobile) e.mobile = 'required';
    } else if (typeof m !== 'string' || !isMobile(m.trim())) e.mobile = 'mobile';
  }
  return e;
}

// ---- DTOs ----

export interface SeatGroupDto {
  id: number;
  accountId: number;
  ownerAccount: string;
  name: string;
  description: string;
  seatCount: number;
  createdAt: string;
  updatedAt: string;
}

/** What the browser sees of a seat: never the auth password, the mobile only masked. */
export interface SeatDto {
  id: number;
  accountId: number;
  ownerAccount: string;
  groupId: number;
  groupName: string;
  name: string;
  type: SeatType;
  extension: string | null;
  authName: string | null;
  authPasswordSet: boolean;
  mobileMasked: string | null;
  userId: number;
  userAccount: string;
  enabled: boolean;
  autoAnswer: boolean;
  state: SeatStateDto;
  createdAt: string;
  updatedAt: string;
}

// ---- live state ----

/** What the seat is doing: waiting for a call, on one, or finishing one (after-call work). */
export type SeatActivity = 'idle' | 'busy' | 'wrapup';
export const SEAT_ACTIVITIES: readonly SeatActivity[] = ['idle', 'busy', 'wrapup'];

/** The live record of a seat (Redis), times as epoch ms. */
export interface SeatLive {
  online: boolean;
  dnd: boolean;
  autoAnswer: boolean;
  activity: SeatActivity;
  /** The call the seat is on (busy) or finishing (wrap-up). */
  callUuid: string | null;
  /** Since when the seat can take a call; null while it cannot. */
  idleSince: number | null;
  changedAt: number | null;
  groupId: number;
  enabled: boolean;
}

/** One word for lists and wallboards, in this order of precedence. */
export type SeatStatus = 'disabled' | 'busy' | 'wrapup' | 'offline' | 'dnd' | 'idle';

export interface SeatStateDto {
  status: SeatStatus;
  online: boolean;
  dnd: boolean;
  autoAnswer: boolean;
  activity: SeatActivity;
  callUuid: string | null;
  idleSince: string | null;
  changedAt: string | null;
}

/** A seat nothing is known about (new, or Redis lost its state): offline and idle. */
export const offlineSeat = (groupId: number, enabled: boolean, autoAnswer: boolean): SeatLive => ({
  online: false,
  dnd: false,
  autoAnswer,
  activity: 'idle',
  callUuid: null,
  idleSince: null,
  changedAt: null,
  groupId,
  enabled,
});

/** May a transfer pick this seat? Enabled, online, not do-not-disturb, idle. */
export const isPickable = (s: Pick<SeatLive, 'enabled' | 'online' | 'dnd' | 'activity'>): boolean =>
  s.enabled && s.online && !s.dnd && s.activity === 'idle';

export function seatStatus(s: SeatLive): SeatStatus {
  if (!s.enabled) return 'disabled';
  if (s.activity === 'busy') return 'busy';
  if (s.activity === 'wrapup') return 'wrapup';
  if (!s.online) return 'offline';
  return s.dnd ? 'dnd' : 'idle';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const seatStateDto = (s: SeatLive): SeatStateDto => ({
  status: seatStatus(s),
  online: s.online,
  dnd: s.dnd,
  autoAnswer: s.autoAnswer,
  activity: s.activity,
  callUuid: s.callUuid,
  idleSince: iso(s.idleSince),
  changedAt: iso(s.changedAt),
});

/** What may change a seat's state, and who asks. */
export type SeatChange =
  /** The seat's own user (desk): any subset of the switches; `ready` ends wrap-up. */
  | { by: 'user'; online?: boolean; dnd?: boolean; autoAnswer?: boolean; ready?: boolean }
  /** Every socket of the seat's user has been gone for the grace period. */
  | { by: 'presence'; online: false }
  /** The transfer flow. A call uuid on wrap-up/idle must match the seat's call (a late decline of an old offer is refused). */
  | { by: 'call'; kind: 'busy'; callUuid: string }
  | { by: 'call'; kind: 'wrapup' | 'idle'; callUuid?: string }
  /** The seat was edited: its group, switch or answer mode. */
  | { by: 'config'; groupId: number; enabled: boolean; autoAnswer: boolean };

export type SeatChangeProblem = 'onCall' | 'notOnline' | 'otherCall' | 'notOnCall';
export type SeatChangeResult = { ok: true; state: SeatLive } | { ok: false; problem: SeatChangeProblem };

/** The state after `change` at `now`, or why it is refused. idleSince restarts when a seat becomes pickable. */
export function applySeatChange(s: SeatLive, change: SeatChange, now: number): SeatChangeResult {
  const n: SeatLive = { ...s };
  switch (change.by) {
    case 'user':
      if (change.online === false && s.activity === 'busy') return { ok: false, problem: 'onCall' };
      if (change.online !== undefined) n.online = change.online;
      if (change.dnd !== undefined) n.dnd = change.dnd;
      if (change.autoAnswer !== undefined) n.autoAnswer = change.autoAnswer;
      // Going offline abandons wrap-up; "ready" ends it.
      if ((change.ready || change.online === false) && s.activity === 'wrapup') {
        n.activity = 'idle';
        n.callUuid = null;
      }
      break;
    case 'presence':
      n.online = false;
      break;
    case 'config':
      n.groupId = change.groupId;
      n.enabled = change.enabled;
      n.autoAnswer = change.autoAnswer;
      break;
    case 'call':
      if (change.kind === 'busy') {
        if (s.activity === 'busy')
          return s.callUuid === change.callUuid
            ? { ok: true, state: s }
            : { ok: false, problem: 'otherCall' };
        if (!s.online) return { ok: false, problem: 'notOnline' };
        n.activity = 'busy';
        n.callUuid = change.callUuid;
      } else if (change.kind === 'wrapup') {
        if (s.activity === 'idle') return { ok: false, problem: 'notOnCall' };
        if (change.callUuid !== undefined && s.callUuid !== change.callUuid)
          return { ok: false, problem: 'otherCall' };
        if (s.activity === 'wrapup') return { ok: true, state: s };
        n.activity = 'wrapup';
      } else {
        if (s.activity === 'idle') return { ok: true, state: s };
        if (change.callUuid !== undefined && s.callUuid !== change.callUuid)
          return { ok: false, problem: 'otherCall' };
        n.activity = 'idle';
        n.callUuid = null;
      }
      break;
  }
  n.idleSince = isPickable(n) ? (isPickable(s) ? (s.idleSince ?? now) : now) : null;
  n.changedAt = now;
  return { ok: true, state: n };
}

// ---- selection ----

export interface SeatCandidate extends Pick<
  SeatLive,
  'enabled' | 'online' | 'dnd' | 'activity' | 'idleSince'
> {
  id: number;
}

/**
 * The seat a transfer offers the call to: among pickable seats (enabled, online, not DND, idle), the
 * one idle longest; equal idle times go to the lower id. Null when none can take it.
 */
export function pickSeat(seats: readonly SeatCandidate[]): number | null {
  let best: SeatCandidate | null = null;
  for (const s of seats) {
    if (!isPickable(s) || s.idleSince === null) continue;
    if (!best || s.idleSince < best.idleSince! || (s.idleSince === best.idleSince && s.id < best.id))
      best = s;
  }
  return best ? best.id : null;
}

// ---- figures (/dialcenter/seatsdialdata) ----

export interface SeatFiguresDto {
  seatId: number;
  seatName: string;
  groupName: string;
  userAccount: string;
  offers: number;
  answered: number;
  /** Offers not answered: declined, timed out, or the customer hung up first. */
  missed: number;
  talkMs: number;
  /** Talk time per answered offer; null without answered offers. */
  averageHandleMs: number | null;
}

export const averageHandleMs = (talkMs: number, answered: number): number | null =>
  answered > 0 ? Math.round(talkMs / answered) : null;

/** A figures range: yyyy-MM-dd to yyyy-MM-dd, inclusive, at most this many days. */
export const FIGURES_MAX_DAYS = 366;
