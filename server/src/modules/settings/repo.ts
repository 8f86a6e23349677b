// FreeSWITCH nodes (platform-wide, the super administrator's cluster: no tenant column) and the
// recognizer settings of accounts (asr_settings, one row per account that chose; reached only
// through the tenant scope).
import type { Knex } from 'knex';
import type { AsrChainLink, AsrInput, FsNodeDto } from '../../../../domain/telephony-config';
import { asrOwnOf, asrSettingsOf, type AsrRow } from '../../../../platform/asrSettings';
import { scoped, type Actor } from '../../db/scope';

/** An fs_nodes row as NODE_COLS selects it. */
interface NodeRow {
  id: string;
  name: string;
  esl_host: string;
  esl_port: number;
  esl_password_enc: string;
  weight: number;
  enabled: boolean;
  updated_at: Date;
}

const NODE_COLS = [
  'id',
  'name',
  'esl_host',
  'esl_port',
  'esl_password_enc',
  'weight',
  'enabled',
  'updated_at',
];

export type FsNodeRow = Omit<FsNodeDto, 'status'>;

const presentNode = (r: NodeRow): FsNodeRow => ({
  id: Number(r.id),
  name: r.name,
  eslHost: r.esl_host,
  eslPort: r.esl_port,
  eslPasswordSet: r.esl_password_enc !== '',
  weight: r.weight,
  enabled: r.enabled,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const listNodes = async (db: Knex): Promise<FsNodeRow[]> =>
  (await db('fs_nodes').orderBy('id').select<NodeRow[]>(NODE_COLS)).map(presentNode);

export const findNode = async (db: Knex, id: number) => {
  const r = await db('fs_nodes').where({ id }).first<NodeRow | undefined>(NODE_COLS);
  return r ? presentNode(r) : undefined;
};

export interface NodeValues {
  name: string;
  eslHost: string;
  eslPort: number;
  eslPasswordEnc?: string;
  weight: number;
  enabled: boolean;
}

export async function saveNode(db: Knex, v: NodeValues, id?: number): Promise<FsNodeRow | undefined> {
  const row = {
    name: v.name,
    esl_host: v.eslHost,
    esl_port: v.eslPort,
    ...(v.eslPasswordEnc !== undefined ? { esl_password_enc: v.eslPasswordEnc } : {}),
    weight: v.weight,
    enabled: v.enabled,
  };
  const [r] = id
    ? await db('fs_nodes')
        .where({ id })
        .update({ ...row, updated_at: db.fn.now() })
        .returning<NodeRow[]>(NODE_COLS)
    : await db('fs_nodes').insert(row).returning<NodeRow[]>(NODE_COLS);
  return r ? presentNode(r) : undefined;
}

export const deleteNode = async (db: Knex, id: number) => (await db('fs_nodes').where({ id }).delete()) > 0;

/** Super administrators: their sockets hear the cluster's live state. */
export const superAdminIds = async (db: Knex): Promise<number[]> =>
  (await db('accounts').where({ level: 0 }).select<{ id: string }[]>('id')).map((r) => Number(r.id));

// ---- recognizer settings ----

const ancestors = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * Accounts of the actor's subtree (itself first, by path), each with its chain up to the root
 * (SPEC §6: blank = the superior's). `accountId` narrows to one account of the subtree.
 */
export async function asrChains(
  db: Knex,
  actor: Actor,
  accountId?: number,
): Promise<{ accountId: number; account: string; level: number; path: string; chain: AsrChainLink[] }[]> {
  const accounts = await scoped(db('accounts'), db, actor, 'id')
    .modify((q) => accountId && q.where('id', accountId))
    .orderBy('path')
    .limit(2000)
    .select<{ id: string; account: string; level: number; path: string }[]>('id', 'account', 'level', 'path');
  if (!accounts.length) return [];
  // Ancestors above the actor are read too: the actor inherits from them (their settings, not their data).
  const ids = new Set<number>();
  for (const a of accounts) for (const id of ancestors(a.path)) ids.add(id);
  const [names, settingOf] = await Promise.all([
    db('accounts')
      .whereIn('id', [...ids])
      .select<{ id: string; account: string }[]>('id', 'account'),
    asrSettingsOf(db, [...ids]),
  ]);
  const nameOf = new Map(names.map((r) => [Number(r.id), r.account]));
  return accounts.map((a) => ({
    accountId: Number(a.id),
    account: a.account,
    level: a.level,
    path: a.path,
    chain: ancestors(a.path)
      .reverse()
      .map((id) => ({ accountId: id, account: nameOf.get(id) ?? '', own: asrOwnOf(settingOf.get(id)) })),
  }));
}

/** The stored secret of an account in the actor's subtree (sealed), or undefined. */
export const storedAsr = async (db: Knex, actor: Actor, accountId: number) =>
  scoped(db('asr_settings'), db, actor)
    .where({ account_id: accountId })
    .first<Pick<AsrRow, 'provider' | 'secret_enc'> | undefined>('provider', 'secret_enc');

export async function saveAsr(
  db: Knex,
  accountId: number,
  v: Omit<AsrInput, 'secret'> & { secretEnc: string },
): Promise<void> {
  await db('asr_settings')
    .insert({
      account_id: accountId,
      provider: v.provider,
      unimrcp_profile: v.unimrcpProfile,
      app_key: v.appKey,
      secret_enc: v.secretEnc,
    })
    .onConflict('account_id')
    .merge({
      provider: v.provider,
      unimrcp_profile: v.unimrcpProfile,
      app_key: v.appKey,
      secret_enc: v.secretEnc,
      updated_at: db.fn.now(),
    });
}

export const clearAsr = (db: Knex, actor: Actor, accountId: number) =>
  scoped(db('asr_settings'), db, actor).where({ account_id: accountId }).delete();
