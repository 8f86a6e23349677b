// SIP line and voice gateway rules: names unique per owner (409), only the owner edits (an assigned
// line is read-only: 403; another tree's line: 404), passwords sealed at rest and kept when an edit
// leaves them empty, assignments only to accounts below the caller, and every change announced to
// the media workers (lines:changed) so FreeSWITCH rescans its sofia profile.
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { encryptSecret } from '../../../../platform/secrets';
import {
  fsGatewayStatusKey,
  linesChangedChannel,
  type FsGatewayStatus,
  type LinesChanged,
} from '../../../../domain/media';
import {
  lineGatewayName,
  parseSendRate,
  voiceGatewayName,
  type GatewayDto,
} from '../../../../domain/telephony-config';
import { forbidden, notFound, takenAsConflict } from '../../http/errors';
import { log } from '../../../../platform/log';
import type { AuthContext } from '../auth/sessions';
import {
  assignable,
  belowIds,
  deleteOwnedGateway,
  deleteOwnedLine,
  enabledNodeIds,
  heldLine,
  insertLine,
  listGateways,
  ownedGateway,
  replaceAssignments,
  saveGateway,
  setLineEnabled,
  updateOwnedLine,
  type GatewayRow,
  type LineValues,
} from './repo';
import { requirePublicLineHost } from './lineHost';
import type { gatewaySchema, lineSchema } from './schema';

type LineForm = z.infer<ReturnType<typeof lineSchema>>;
type GatewayForm = z.infer<ReturnType<typeof gatewaySchema>>;

const uniqueName = <T>(run: () => Promise<T>) => takenAsConflict(run, ['name', 'duplicateName']);

/** Tells the media workers which gateways to reload (best effort: a lost message is healed by a restart). */
export async function announceChange(deps: Deps, gateways: string[], removed: string[] = []): Promise<void> {
  try {
    const msg: LinesChanged = {
      nodeIds: await enabledNodeIds(deps.db),
      gateways,
      removed,
      at: new Date().toISOString(),
    };
    await deps.redis.publish(linesChangedChannel(deps.config.redisPrefix), JSON.stringify(msg));
  } catch (e) {
    log.warn('lines:changed not published', { err: String(e) });
  }
}

const lineValues = (deps: Deps, v: LineForm): LineValues => {
  const rate = parseSendRate(v.sendRate)!; // checked by the schema
  return {
    name: v.name,
    serverIp: v.serverIp,
    port: v.port,
    account: v.account,
    passwordEnc: v.password === '' ? undefined : encryptSecret(deps.config.secretKey, v.password),
    callerNumber: v.callerNumber,
    prefix: v.prefix,
    codec: v.codec,
    rateCount: rate.count,
    rateSeconds: rate.seconds,
    portCount: v.portCount,
    mode: v.mode,
    enabled: v.enabled,
    dids: v.dids,
  };
};

/** The line as the actor may change it: 404 when it cannot see it, 403 when it was only assigned. */
async function ownedLine(deps: Deps, auth: AuthContext, id: number) {
  const line = await heldLine(deps.db, auth.actor, id);
  if (!line) throw notFound();
  if (!line.owned) throw forbidden();
  return line;
}

export async function createLine(deps: Deps, auth: AuthContext, v: LineForm) {
  await requirePublicLineHost(deps.db, v.serverIp);
  const id = await uniqueName(() => insertLine(deps.db, auth.actor, lineValues(deps, v)));
  await announceChange(deps, [lineGatewayName(id)]);
  return (await heldLine(deps.db, auth.actor, id))!;
}

export async function updateLine(deps: Deps, auth: AuthContext, id: number, v: LineForm) {
  const line = await ownedLine(deps, auth, id);
  await requirePublicLineHost(deps.db, v.serverIp, line.serverIp);
  await uniqueName(() => updateOwnedLine(deps.db, auth.actor, id, lineValues(deps, v)));
  const name = lineGatewayName(id);
  await announceChange(deps, v.enabled ? [name] : [], v.enabled ? [] : [name]);
  return (await heldLine(deps.db, auth.actor, id))!;
}

export async function enableLine(deps: Deps, auth: AuthContext, id: number, enabled: boolean) {
  await ownedLine(deps, auth, id);
  await setLineEnabled(deps.db, auth.actor, id, enabled);
  const name = lineGatewayName(id);
  await announceChange(deps, enabled ? [name] : [], enabled ? [] : [name]);
  return (await heldLine(deps.db, auth.actor, id))!;
}

export async function removeLine(deps: Deps, auth: AuthContext, id: number) {
  await ownedLine(deps, auth, id);
  if (!(await deleteOwnedLine(deps.db, auth.actor, id))) throw notFound();
  await announceChange(deps, [], [lineGatewayName(id)]);
}

/** Accounts the actor may pass the line to (its own or one assigned to it). */
export async function assignmentOptions(deps: Deps, auth: AuthContext, id: number) {
  if (!(await heldLine(deps.db, auth.actor, id))) throw notFound();
  return assignable(deps.db, auth.actor, id);
}

export async function assignLine(deps: Deps, auth: AuthContext, id: number, accountIds: number[]) {
  const line = await heldLine(deps.db, auth.actor, id);
  if (!line) throw notFound();
  const wanted = [...new Set(accountIds)];
  // Accounts outside the actor's subtree (or itself) look missing, like another tree's ids.
  if ((await belowIds(deps.db, auth.actor, wanted)).length !== wanted.length) throw notFound();
  await replaceAssignments(deps.db, auth.actor, id, line.ownerId, wanted);
  return (await heldLine(deps.db, auth.actor, id))!;
}

// ---- voice gateways ----

const gatewayValues = (deps: Deps, v: GatewayForm) => ({
  name: v.name,
  authName: v.authName,
  authPasswordEnc: v.authPassword === '' ? undefined : encryptSecret(deps.config.secretKey, v.authPassword),
  sips: v.sips,
  prefix: v.prefix,
  transferSip: v.transferSip,
  thirdSip: v.thirdSip,
});

/** Adds the live state the media worker wrote to Redis; unknown when nothing (or garbage) is there. */
export async function withStatus(deps: Deps, rows: GatewayRow[]): Promise<GatewayDto[]> {
  if (!rows.length) return [];
  const raw = await deps.redis.mget(
    ...rows.map((g) => fsGatewayStatusKey(deps.config.redisPrefix, voiceGatewayName(g.id))),
  );
  return rows.map((g, i) => {
    let s: FsGatewayStatus | null;
    try {
      s = raw[i] ? (JSON.parse(raw[i]!) as FsGatewayStatus) : null;
    } catch {
      s = null;
    }
    const known = s !== null && typeof s.online === 'boolean';
    return {
      ...g,
      online: known ? (s!.online ? 'online' : 'offline') : 'unknown',
      work: known && typeof s!.busy === 'boolean' ? (s!.busy ? 'busy' : 'idle') : 'unknown',
      statusAt: known && typeof s!.updatedAt === 'string' ? s!.updatedAt : null,
    };
  });
}

export const gatewaysOf = async (deps: Deps, auth: AuthContext) =>
  withStatus(deps, await listGateways(deps.db, auth.actor));

export async function upsertGateway(deps: Deps, auth: AuthContext, v: GatewayForm, id?: number) {
  if (id && !(await ownedGateway(deps.db, auth.actor, id))) throw notFound();
  const row = await uniqueName(() => saveGateway(deps.db, auth.actor, gatewayValues(deps, v), id));
  await announceChange(deps, [voiceGatewayName(row.id)]);
  return (await withStatus(deps, [row]))[0]!;
}

export async function removeGateway(deps: Deps, auth: AuthContext, id: number) {
  if (!(await deleteOwnedGateway(deps.db, auth.actor, id))) throw notFound();
  await announceChange(deps, [], [voiceGatewayName(id)]);
}
