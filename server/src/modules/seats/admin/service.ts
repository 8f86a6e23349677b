// Seat rules: groups and seats are their owner's (another tree's ids are 404), names unique per owner,
// extensions unique on the platform and one seat per working account (409), a seat's group is its
// owner's and its user is in the owner's subtree; secrets sealed at rest and never returned. Live
// state follows every edit (group, switch, answer mode) and the seat's user's sockets join its room.
import { encryptSecret } from '../../../../../platform/secrets';
import { rooms } from '../../../../../domain/events';
import { maskPhone } from '../../../../../domain/format';
import type { MessageKey } from '../../../../../domain/messages';
import { seatStateDto, validateSeat, type SeatDto, type SeatLive } from '../../../../../domain/seats';
import type { Deps } from '../../../deps';
import { AppError, forbidden, notFound, takenAsConflict, type FieldProblem } from '../../../http/errors';
import type { AuthContext } from '../../auth/sessions';
import {
  deleteGroup,
  deleteSeat,
  groupById,
  inSubtreeOf,
  insertGroup,
  insertSeat,
  listSeats,
  ownGroup,
  seatById,
  seatCountOfGroup,
  seatsOfUser,
  setAutoAnswer,
  tenantOf,
  updateGroup,
  updateSeat,
  workedSeat,
  type SeatRow,
  type SeatValues,
} from './repo';
import { messageOf, type GroupBody, type SeatBody } from './schema';
import { SeatStateError, seatRef, statesOf } from '../state/state';

const dtoOf = (s: SeatRow, live: SeatLive): SeatDto => {
  const { mobileSet: _m, ...rest } = s;
  return { ...rest, state: seatStateDto(live) };
};

async function withStates(deps: Deps, rows: SeatRow[]): Promise<SeatDto[]> {
  const live = await statesOf(deps).readMany(rows.map(seatRef));
  return rows.map((r) => dtoOf(r, live.get(r.id)!));
}

const UNIQUE: Record<string, [string, MessageKey]> = {
  seat_groups_account_id_name_unique: ['name', 'duplicateName'],
  seats_account_id_name_unique: ['name', 'duplicateName'],
  // Extensions are one platform-wide namespace: a clash says nothing of who holds it (issue 21).
  seats_extension_unique: ['extension', 'seats.extensionUnavailable'],
  seats_user_id_unique: ['userId', 'seats.userTaken'],
};

const unique = <T>(run: () => Promise<T>) => takenAsConflict(run, UNIQUE);

// ---- groups ----

export async function createGroup(deps: Deps, auth: AuthContext, v: GroupBody) {
  const id = await unique(() => insertGroup(deps.db, auth.actor.id, v));
  return (await groupById(deps.db, auth.actor, id))!;
}

export async function editGroup(deps: Deps, auth: AuthContext, id: number, v: GroupBody) {
  if (!(await unique(() => updateGroup(deps.db, auth.actor, id, v)))) throw notFound();
  return (await groupById(deps.db, auth.actor, id))!;
}

export async function removeGroup(deps: Deps, auth: AuthContext, id: number) {
  if (!(await groupById(deps.db, auth.actor, id))) throw notFound();
  if ((await seatCountOfGroup(deps.db, id)) > 0) throw new AppError(409, 409, 'seats.groupInUse');
  if (!(await deleteGroup(deps.db, auth.actor, id))) throw notFound();
}

// ---- seats ----

export const listSeatDtos = async (deps: Deps, auth: AuthContext, groupId?: number) =>
  withStates(deps, await listSeats(deps.db, auth.actor, groupId));

/** The full form check with what the seat already stores (an empty secret keeps the stored one). */
function checkForm(v: SeatBody, existing: SeatRow | undefined) {
  const problems = validateSeat(v, {
    authPassword: Boolean(existing?.authPasswordSet && existing.type === 'extension'),
    mobile: Boolean(existing?.mobileSet && existing.type === 'mobile'),
  });
  const fields: FieldProblem[] = Object.entries(problems).map(([path, p]) => ({
    path,
    key: messageOf(path, p!),
  }));
  if (fields.length) throw new AppError(400, 400, 'badRequest', {}, null, fields);
}

/** The owner's group and an account of the owner's subtree; others look missing (404). */
async function checkReferences(deps: Deps, ownerId: number, v: SeatBody) {
  const owner = await tenantOf(deps.db, ownerId);
  if (!owner || !(await ownGroup(deps.db, ownerId, v.groupId))) throw notFound();
  if (!(await inSubtreeOf(deps.db, owner, v.userId))) throw notFound();
}

function valuesOf(deps: Deps, v: SeatBody): SeatValues {
  const ext = v.type === 'extension';
  const values: SeatValues = {
    group_id: v.groupId,
    name: v.name,
    type: v.type,
    extension: ext ? v.extension : null,
    auth_name: ext ? v.authName : null,
    user_id: v.userId,
    enabled: v.enabled,
    auto_answer: v.autoAnswer,
  };
  if (!ext) values.auth_password_enc = null;
  else if (v.authPassword !== '')
    values.auth_password_enc = encryptSecret(deps.config.secretKey, v.authPassword);
  if (ext) {
    values.mobile_enc = null;
    values.mobile_masked = null;
  } else if (v.mobile !== '') {
    values.mobile_enc = encryptSecret(deps.config.secretKey, v.mobile);
    values.mobile_masked = maskPhone(v.mobile);
  }
  return values;
}

export async function createSeat(deps: Deps, auth: AuthContext, v: SeatBody): Promise<SeatDto> {
  checkForm(v, undefined);
  await checkReferences(deps, auth.actor.id, v);
  const id = await unique(() => insertSeat(deps.db, auth.actor.id, valuesOf(deps, v)));
  deps.live.joinRooms(rooms.user(v.userId), [rooms.seat(id)]);
  return (await withStates(deps, [(await seatById(deps.db, auth.actor, id))!]))[0]!;
}

export async function editSeat(deps: Deps, auth: AuthContext, id: number, v: SeatBody): Promise<SeatDto> {
  const before = await seatById(deps.db, auth.actor, id);
  if (!before) throw notFound();
  checkForm(v, before);
  await checkReferences(deps, before.accountId, v);
  await unique(() => updateSeat(deps.db, id, valuesOf(deps, v)));
  const after = (await seatById(deps.db, auth.actor, id))!;
  const states = statesOf(deps);
  if (before.userId !== after.userId) {
    // The new user has not come online: the seat goes offline (a call in progress carries on).
    await states.change(seatRef(before), { by: 'presence', online: false });
    deps.live.leaveRooms(rooms.user(before.userId), [rooms.seat(id)]);
    deps.live.joinRooms(rooms.user(after.userId), [rooms.seat(id)]);
  }
  const live = await states.change(seatRef(after), {
    by: 'config',
    groupId: after.groupId,
    enabled: after.enabled,
    autoAnswer: after.autoAnswer,
  });
  return dtoOf(after, live);
}

export async function removeSeat(deps: Deps, auth: AuthContext, id: number) {
  const seat = await seatById(deps.db, auth.actor, id);
  if (!seat) throw notFound();
  await deleteSeat(deps.db, id);
  await statesOf(deps).remove(seatRef(seat));
  deps.live.leaveRooms(rooms.user(seat.userId), [rooms.seat(id)]);
}

// ---- the desk: a seat's own user switches its state ----

export const mySeats = async (deps: Deps, auth: AuthContext) =>
  withStates(deps, await seatsOfUser(deps.db, auth.actor.id));

/** A seat's state: its user, or a supervisor holding the seats menu over its owner. */
export async function seatState(deps: Deps, auth: AuthContext, id: number) {
  const seat =
    (await workedSeat(deps.db, auth.actor.id, id)) ??
    (auth.menus.includes('dialcenter/seatsmanage') ? await seatById(deps.db, auth.actor, id) : undefined);
  if (!seat) throw notFound();
  return (await withStates(deps, [seat]))[0]!;
}

const STATE_KEYS: Record<string, MessageKey> = {
  onCall: 'seats.onCall',
  notOnline: 'seats.notOnline',
  otherCall: 'seats.otherCall',
  notOnCall: 'seats.notOnCall',
};

export async function switchState(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: { online?: boolean; dnd?: boolean; autoAnswer?: boolean; ready?: true },
): Promise<SeatDto> {
  const seat = await workedSeat(deps.db, auth.actor.id, id);
  if (!seat) {
    // Someone else's seat the caller can see: not its to switch; anything else is missing.
    if (await seatById(deps.db, auth.actor, id)) throw forbidden('seats.notYourSeat');
    throw notFound();
  }
  if (v.autoAnswer !== undefined && v.autoAnswer !== seat.autoAnswer) {
    await setAutoAnswer(deps.db, id, v.autoAnswer);
    seat.autoAnswer = v.autoAnswer;
  }
  try {
    const live = await statesOf(deps).change(seatRef(seat), { by: 'user', ...v });
    return dtoOf(seat, live);
  } catch (e) {
    if (e instanceof SeatStateError) throw new AppError(409, 409, STATE_KEYS[e.problem]!);
    throw e;
  }
}
