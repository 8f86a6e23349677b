// Settings rules: the FreeSWITCH cluster belongs to the super administrator (level 0 and the menu);
// ESL passwords and ASR secrets are sealed at rest and never returned; an account's recognizer is its
// own choice or, when blank, its superior's (SPEC §6), resolved by domain resolveAsr.
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { encryptSecret } from '../../../../platform/secrets';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../../domain/media';
import { readProbe } from '../../../../domain/fsProbe';
import {
  CLOUD_ASR,
  resolveAsr,
  validateAsr,
  type AsrAccountDto,
  type FsNodeDto,
} from '../../../../domain/telephony-config';
import { AppError, forbidden, notFound, takenAsConflict } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { messageOf } from '../dialcenter/problems';
import { announceChange } from '../dialcenter/service';
import {
  asrChains,
  clearAsr,
  deleteNode,
  findNode,
  listNodes,
  saveAsr,
  saveNode,
  storedAsr,
  type FsNodeRow,
} from './repo';
import type { asrSchema, fsNodeSchema } from './schema';

type NodeForm = z.infer<ReturnType<typeof fsNodeSchema>>;
type AsrForm = z.infer<typeof asrSchema>;

export function requireSuper(auth: AuthContext): void {
  if (auth.actor.level !== 0) throw forbidden();
}

/** A media worker's report, if it is one: anything malformed reads as "no report". */
export function parseStatus(raw: string | null | undefined): FsNodeStatus | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<FsNodeStatus>;
    if (typeof s !== 'object' || s === null || typeof s.connected !== 'boolean') return null;
    return {
      connected: s.connected,
      channels: Number.isFinite(s.channels) ? Number(s.channels) : 0,
      sps: Number.isFinite(s.sps) ? Number(s.sps) : 0,
      lastError: typeof s.lastError === 'string' ? s.lastError : null,
      updatedAt: typeof s.updatedAt === 'string' ? s.updatedAt : new Date(0).toISOString(),
      // What the switch can do (issue 20), when the worker probed it.
      ...(s.probe ? { probe: readProbe(s.probe) } : {}),
    };
  } catch {
    return null;
  }
}

async function withStatus(deps: Deps, rows: FsNodeRow[]): Promise<FsNodeDto[]> {
  const all = rows.length ? await deps.redis.hgetall(fsNodeStatusKey(deps.config.redisPrefix)) : {};
  return rows.map((n) => ({ ...n, status: parseStatus(all[String(n.id)]) }));
}

export const nodesOf = async (deps: Deps) => withStatus(deps, await listNodes(deps.db));

const uniqueName = <T>(run: () => Promise<T>) => takenAsConflict(run, ['name', 'duplicateName']);

export async function upsertNode(deps: Deps, v: NodeForm, id?: number): Promise<FsNodeDto> {
  if (id && !(await findNode(deps.db, id))) throw notFound();
  const row = await uniqueName(() =>
    saveNode(
      deps.db,
      {
        name: v.name,
        eslHost: v.eslHost,
        eslPort: v.eslPort,
        eslPasswordEnc:
          v.eslPassword === '' ? undefined : encryptSecret(deps.config.secretKey, v.eslPassword),
        weight: v.weight,
        enabled: v.enabled,
      },
      id,
    ),
  );
  if (!row) throw notFound();
  // A node that comes (back) needs every gateway: ask for a rescan.
  await announceChange(deps, []);
  return (await withStatus(deps, [row]))[0]!;
}

export async function removeNode(deps: Deps, id: number): Promise<void> {
  if (!(await deleteNode(deps.db, id))) throw notFound();
  await deps.redis.hdel(fsNodeStatusKey(deps.config.redisPrefix), String(id));
}

// ---- recognizer settings ----

const depthOf = (path: string) => path.split('/').filter(Boolean).length;

export async function asrOf(deps: Deps, auth: AuthContext, accountId?: number): Promise<AsrAccountDto[]> {
  const base = depthOf(auth.actor.path);
  return (await asrChains(deps.db, auth.actor, accountId)).map((a) => {
    const { effective, source } = resolveAsr(a.chain);
    return {
      accountId: a.accountId,
      account: a.account,
      level: a.level,
      depth: depthOf(a.path) - base,
      own: a.chain[0]!.own,
      effective,
      source,
    };
  });
}

export async function setAsr(deps: Deps, auth: AuthContext, accountId: number, v: AsrForm) {
  if (!(await asrChains(deps.db, auth.actor, accountId)).length) throw notFound();
  const stored = await storedAsr(deps.db, auth.actor, accountId);
  // A secret is kept only for the same cloud provider: another provider's key would be meaningless.
  const keep = Boolean(stored && stored.provider === v.provider && stored.secret_enc);
  const problems = validateAsr(v, keep);
  const fields = Object.entries(problems).map(([path, p]) => ({ path, key: messageOf(path, p!) }));
  if (fields.length) throw new AppError(400, 400, 'badRequest', {}, null, fields);
  const cloud = CLOUD_ASR.includes(v.provider);
  await saveAsr(deps.db, accountId, {
    provider: v.provider,
    unimrcpProfile: v.provider === 'unimrcp' ? v.unimrcpProfile : '',
    appKey: cloud ? v.appKey : '',
    secretEnc: !cloud
      ? ''
      : v.secret
        ? encryptSecret(deps.config.secretKey, v.secret)
        : (stored?.secret_enc as string),
  });
  return (await asrOf(deps, auth, accountId))[0]!;
}

export async function resetAsr(deps: Deps, auth: AuthContext, accountId: number) {
  if (!(await asrChains(deps.db, auth.actor, accountId)).length) throw notFound();
  await clearAsr(deps.db, auth.actor, accountId);
  return (await asrOf(deps, auth, accountId))[0]!;
}
