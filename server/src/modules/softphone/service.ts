// The web softphone's rules: the configuration (SIP credentials of the caller's own extension seat
// only: seats.user_id is unique, so an account works at most one), a dial needs the seat enabled and
// online (SPEC §5) and a valid number, records belong to the account that made them.
import { decryptSecret } from '../../../../platform/secrets';
import type { SoftphoneCallDto, SoftphoneConfigDto } from '../../../../domain/softphone';
import { normalizeDialNumber } from '../../../../domain/softphone';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { mySeats } from '../seats/admin/service';
import {
  callDto,
  finishCall,
  insertCall,
  listCalls,
  markAnswered,
  ownCall,
  type SoftphoneCallRow,
} from './repo';
import type { FinishBody, StartBody } from './schema';

const extensionSeatOf = async (deps: Deps, auth: AuthContext) =>
  (await mySeats(deps, auth)).find((s) => s.type === 'extension' && s.extension && s.authName);

async function myExtensionSeat(deps: Deps, auth: AuthContext) {
  const seat = await extensionSeatOf(deps, auth);
  if (!seat) throw forbidden('softphone.noSeat');
  return seat;
}

/** ws://<host the page was loaded from>:5066 unless SOFTPHONE_WS_URL says otherwise. */
export function wsUrlFor(configured: string, requestHost: string, secure: boolean): string {
  if (configured) return configured;
  const host = requestHost.replace(/:\d+$/, '') || '127.0.0.1';
  return `${secure ? 'wss' : 'ws'}://${host}:5066`;
}

export async function softphoneConfig(
  deps: Deps,
  auth: AuthContext,
  request: { hostname: string; secure: boolean },
): Promise<SoftphoneConfigDto | null> {
  // Every page asks once after login: an account that works no extension seat simply has no phone.
  const seat = await extensionSeatOf(deps, auth);
  if (!seat) return null;
  const row = await deps.db('seats').where('id', seat.id).first('auth_password_enc');
  const { softphone } = deps.config;
  return {
    seatId: seat.id,
    seatName: seat.name,
    extension: seat.extension!,
    authName: seat.authName!,
    authPassword: row?.auth_password_enc ? decryptSecret(deps.config.secretKey, row.auth_password_enc) : '',
    domain: softphone.domain,
    wsUrl: wsUrlFor(softphone.wsUrl, request.hostname, request.secure),
    simulator: softphone.simulator,
    enabled: seat.enabled,
    online: seat.state.online,
    autoAnswer: seat.state.autoAnswer,
  };
}

export async function startCall(deps: Deps, auth: AuthContext, v: StartBody): Promise<SoftphoneCallDto> {
  const seat = await myExtensionSeat(deps, auth);
  if (v.direction === 'out') {
    if (!seat.enabled) throw forbidden('softphone.disabled');
    if (!seat.state.online) throw new AppError(409, 409, 'softphone.offline');
  }
  return insertCall(deps.db, {
    accountId: seat.accountId,
    seatId: seat.id,
    userId: auth.actor.id,
    direction: v.direction,
    number: v.direction === 'out' ? normalizeDialNumber(v.number) : v.number,
    callUuid: v.direction === 'in' ? (v.callUuid ?? null) : null,
  });
}

async function changed(
  deps: Deps,
  auth: AuthContext,
  id: number,
  row: SoftphoneCallRow | undefined,
): Promise<SoftphoneCallDto> {
  if (row) return callDto(row);
  // Not changed: someone else's (404) or already finished (409).
  if (!(await ownCall(deps.db, auth.actor.id, id))) throw notFound();
  throw new AppError(409, 409, 'softphone.finished');
}

export const answerCall = async (deps: Deps, auth: AuthContext, id: number) =>
  changed(deps, auth, id, await markAnswered(deps.db, auth.actor.id, id));

export const finish = async (deps: Deps, auth: AuthContext, id: number, v: FinishBody) =>
  changed(deps, auth, id, await finishCall(deps.db, auth.actor.id, id, v.outcome, v.answered === true));

export const myCalls = (deps: Deps, auth: AuthContext, limit: number) =>
  listCalls(deps.db, auth.actor.id, limit);
