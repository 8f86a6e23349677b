// Reception scenes (SPEC §3 Scene: name, reception sip; §5 scene name at least 2 characters): an
// inbound number (DID) on a SIP line maps to the scene that answers it, with a bot (its published
// version) or by ringing a seat group. One DID belongs to one scene on the whole platform. The form
// rules are shared by the client and the API; the media worker reads `sceneTarget` to route a call.
// Pure: no I/O.
import { validTransferWait } from './transfer';

export const SCENE_TARGETS = ['bot', 'seatGroup'] as const;
export type SceneTarget = (typeof SCENE_TARGETS)[number];

export const SCENE_NAME_MIN = 2;
export const SCENE_NAME_MAX = 64;
/** A DID: the dialed number as the switch sees it (Caller-Destination-Number), 2–20 digits. */
export const DID_MIN = 2;
export const DID_MAX = 20;

export interface SceneInput {
  name: string;
  /** The reception number (DID) callers dial. */
  did: string;
  /** The SIP line the number arrives on (one the owner holds). */
  lineId: number | null;
  target: SceneTarget;
  botId: number | null;
  seatGroupId: number | null;
  /**
   * A seat-group scene: how long its seats ring before the caller is told nobody answered (SPEC §9's
   * manual-transfer wait: 0 = for ever, else a multiple of 5 s up to 600). Bot scenes keep it unused.
   */
  waitSeconds: number;
  enabled: boolean;
}
export type SceneField = keyof SceneInput;

export interface SceneDto extends SceneInput {
  id: number;
  accountId: number;
  ownerAccount: string;
  lineName: string | null;
  botName: string | null;
  seatGroupName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Problem codes; the client shows `callin:validation.<code>`, the server its own message keys. */
export type SceneProblem = 'required' | 'name' | 'tooLong' | 'did' | 'wait' | 'invalid';
export type SceneProblems = Partial<Record<SceneField, SceneProblem>>;

const isId = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0;

export const isDid = (s: string): boolean => new RegExp(`^\\d{${DID_MIN},${DID_MAX}}$`).test(s);

/**
 * The form check: name ≥ 2 characters, a DID of digits, a line, the target's own id only, and a
 * valid ring wait when one is given.
 */
export function validateScene(v: Partial<Record<SceneField, unknown>>): SceneProblems {
  const e: SceneProblems = {};
  if (typeof v.name !== 'string' || v.name.trim() === '') e.name = 'required';
  else {
    const n = [...v.name.trim()].length;
    if (n < SCENE_NAME_MIN) e.name = 'name';
    else if (n > SCENE_NAME_MAX) e.name = 'tooLong';
  }
  if (typeof v.did !== 'string' || v.did.trim() === '') e.did = 'required';
  else if (!isDid(v.did.trim())) e.did = 'did';
  if (!isId(v.lineId)) e.lineId = v.lineId === null || v.lineId === undefined ? 'required' : 'invalid';
  if (!SCENE_TARGETS.includes(v.target as SceneTarget)) e.target = 'required';
  else if (v.target === 'bot') {
    if (!isId(v.botId)) e.botId = 'required';
    if (v.seatGroupId !== null && v.seatGroupId !== undefined) e.seatGroupId = 'invalid';
  } else {
    if (!isId(v.seatGroupId)) e.seatGroupId = 'required';
    if (v.botId !== null && v.botId !== undefined) e.botId = 'invalid';
  }
  if (v.waitSeconds !== undefined && !validTransferWait(v.waitSeconds)) e.waitSeconds = 'wait';
  if (v.enabled !== undefined && typeof v.enabled !== 'boolean') e.enabled = 'invalid';
  return e;
}

/** What an inbound call to a DID should do, from the scene row the worker found (or none). */
export type InboundRoute =
  | { kind: 'bot'; accountId: number; sceneId: number; lineId: number; botId: number; botVersion: number }
  | {
      kind: 'seatGroup';
      accountId: number;
      sceneId: number;
      lineId: number;
      seatGroupId: number;
      waitSeconds: number;
    }
  | { kind: 'reject'; why: 'unknownNumber' }
  /** A known scene that cannot answer: its owner gets a record of the missed call. */
  | { kind: 'reject'; why: 'disabled' | 'botUnpublished' | 'noGroup'; sceneId: number };

export interface SceneRouteRow {
  id: number;
  accountId: number;
  lineId: number;
  enabled: boolean;
  target: SceneTarget;
  botId: number | null;
  /** The bot's published version now (null: unpublished, disabled or deleted). */
  botVersion: number | null;
  seatGroupId: number | null;
  waitSeconds: number;
}

export function sceneTarget(row: SceneRouteRow | null): InboundRoute {
  if (!row) return { kind: 'reject', why: 'unknownNumber' };
  if (!row.enabled) return { kind: 'reject', why: 'disabled', sceneId: row.id };
  const base = { accountId: row.accountId, sceneId: row.id, lineId: row.lineId };
  if (row.target === 'bot') {
    if (row.botId === null || row.botVersion === null)
      return { kind: 'reject', why: 'botUnpublished', sceneId: row.id };
    return { kind: 'bot', ...base, botId: row.botId, botVersion: row.botVersion };
  }
  if (row.seatGroupId === null) return { kind: 'reject', why: 'noGroup', sceneId: row.id };
  return { kind: 'seatGroup', ...base, seatGroupId: row.seatGroupId, waitSeconds: row.waitSeconds };
}

/**
 * The dialed number of an inbound channel as a DID: digits only, a leading '+' dropped. Null for
 * anything else (a SIP user name, an empty destination).
 */
export function didOf(destination: string | undefined): string | null {
  const d = (destination ?? '').trim().replace(/^\+/, '');
  return isDid(d) ? d : null;
}

/** The hang-up cause of a call no scene answers: 404 for an unknown number, no route otherwise. */
export const REJECT_CAUSE: Record<Extract<InboundRoute, { kind: 'reject' }>['why'], string> = {
  unknownNumber: 'UNALLOCATED_NUMBER',
  disabled: 'NO_ROUTE_DESTINATION',
  botUnpublished: 'NO_ROUTE_DESTINATION',
  noGroup: 'NO_ROUTE_DESTINATION',
};
