// Bot rows. Every query goes through the tenant scope: a caller reaches the bots of its own subtree
// (a merchant manages what it distributed to its subordinates); soft-deleted bots are gone.
import type { Knex } from 'knex';
import type { BotDetail, BotRow, BotStatus, BotVersionRow } from '../../../../domain/bot/api';
import type { BotDefinition } from '../../../../domain/bot/definition';
import { listPrompts } from '../../../../domain/bot/prompts';
import { likeContains } from '../../../../domain/like';
import { scoped, type Actor } from '../../db/scope';

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A bots row as pg returns it (bigint ids as text; draft is the jsonb definition). */
export interface BotDbRow {
  id: string;
  account_id: string;
  name: string;
  industry: string;
  industry_subtype: string;
  description: string;
  status: BotStatus;
  enabled: boolean;
  reject_reason: string | null;
  is_template: boolean;
  template_published: boolean;
  source_bot_id: string | null;
  draft: BotDefinition;
  draft_rev: number;
  published_version: number | null;
  request_id: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A bot_versions row joined to its author's account name (listVersions). */
interface VersionRow {
  id: string;
  version: number;
  created_at: Date;
  created_by: string | null;
  definition: BotDefinition;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const presentRow = (r: BotDbRow): BotRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  name: r.name,
  industry: r.industry,
  industrySubtype: r.industry_subtype,
  description: r.description,
  status: r.status,
  enabled: r.enabled,
  publishedVersion: r.published_version ?? null,
  rejectReason: r.reject_reason ?? null,
  isTemplate: r.is_template,
  updatedAt: iso(r.updated_at),
});

export const presentDetail = (r: BotDbRow): BotDetail => ({
  ...presentRow(r),
  definition: r.draft,
  draftRev: r.draft_rev,
});

/** Live bots the actor may reach. */
export const botsOf = (db: Knex | Knex.Transaction, actor: Actor) =>
  scoped(db('bots'), db as Knex, actor).whereNull('deleted_at');

export async function listBots(
  db: Knex,
  actor: Actor,
  f: { name?: string; status?: BotStatus; enabled?: 'true' | 'false'; page: number; pageSize: number },
): Promise<Paged<BotRow>> {
  const base = botsOf(db, actor)
    .modify((q) => f.name && q.where('name', 'ilike', likeContains(f.name)))
    .modify((q) => f.status && q.where('status', f.status))
    .modify((q) => f.enabled && q.where('enabled', f.enabled === 'true'));
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = await base
    .clone()
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .select<(BotDbRow & { owner_account: string })[]>(
      'bots.*',
      db('accounts').whereRaw('accounts.id = bots.account_id').select('account').as('owner_account'),
    );
  // The owner is named: a merchant's copy and the market template it came from share their name.
  const items = rows.map((r) => ({ ...presentRow(r), ownerAccount: r.owner_account }));
  return { items, total: Number(n), page: f.page, pageSize: f.pageSize };
}

/** The raw row (draft included) or undefined when out of reach. */
export const findBot = (db: Knex | Knex.Transaction, actor: Actor, id: number, lock = false) =>
  botsOf(db, actor)
    .where({ id })
    .modify((q) => lock && q.forUpdate())
    .first<BotDbRow | undefined>('*');

export interface NewBot {
  accountId: number;
  name: string;
  industry: string;
  industrySubtype: string;
  description: string;
  draft: BotDefinition;
  sourceBotId?: number | null;
  requestId?: string | null;
  isTemplate?: boolean;
}

// The insert itself names the owner; callers have checked it is the actor or below it.
export async function insertBot(db: Knex | Knex.Transaction, b: NewBot) {
  const [row] = await db('bots')
    .insert({
      account_id: b.accountId,
      name: b.name,
      industry: b.industry,
      industry_subtype: b.industrySubtype,
      description: b.description,
      draft: JSON.stringify(b.draft),
      source_bot_id: b.sourceBotId ?? null,
      request_id: b.requestId ?? null,
      is_template: b.isTemplate ?? false,
    })
    .returning<BotDbRow[]>('*');
  return row!;
}

export const findByRequestId = (db: Knex, actor: Actor, requestId: string) =>
  scoped(db('bots'), db, actor)
    .where({ account_id: actor.id, request_id: requestId })
    .first<BotDbRow | undefined>('*');

export async function updateBot(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
  values: Record<string, unknown>,
  where: Record<string, unknown> = {},
) {
  const [row] = await botsOf(db, actor)
    .where({ id, ...where })
    .update({ ...values, updated_at: db.fn.now() })
    .returning<BotDbRow[]>('*');
  return row;
}

/** Recorded prompts play as recorded; the others count once the worker stored their audio. */
function renderedOf(def: BotDefinition, synthesised: number) {
  const prompts = listPrompts(def);
  const recorded = prompts.filter((p) => p.recordingId !== null).length;
  return { promptsRendered: Math.min(prompts.length, recorded + synthesised), promptsTotal: prompts.length };
}

export async function listVersions(db: Knex, actor: Actor, botId: number): Promise<BotVersionRow[]> {
  const rows = await db('bot_versions as v')
    .join('bots as b', 'b.id', 'v.bot_id')
    .whereIn('b.account_id', scoped(db('accounts'), db, actor, 'id').select('id'))
    .where('v.bot_id', botId)
    .leftJoin('accounts as a', 'a.id', 'v.created_by')
    .orderBy('v.version', 'desc')
    .select<VersionRow[]>('v.id', 'v.version', 'v.created_at', 'a.account as created_by', 'v.definition');
  // Rendered prompts: the speech worker's bot_version_prompts rows with audio.
  const rendered = new Map<number, number>();
  if (rows.length) {
    const counts = await db('bot_version_prompts')
      .whereIn(
        'bot_version_id',
        rows.map((r) => r.id),
      )
      .whereNotNull('tts_hash')
      .groupBy('bot_version_id')
      .select<{ bot_version_id: string; n: number }[]>('bot_version_id', db.raw('count(*)::int as n'));
    for (const c of counts) rendered.set(Number(c.bot_version_id), Number(c.n));
  }
  return rows.map((r) => ({
    version: r.version,
    createdAt: iso(r.created_at),
    createdBy: r.created_by ?? '',
    ...renderedOf(r.definition, rendered.get(Number(r.id)) ?? 0),
  }));
}

export async function insertVersion(
  trx: Knex.Transaction,
  botId: number,
  definition: BotDefinition,
  createdBy: number,
): Promise<{ id: number; version: number }> {
  const last = await trx('bot_versions').where({ bot_id: botId }).max({ v: 'version' }).first();
  const version = Number(last?.v ?? 0) + 1;
  const [row] = await trx('bot_versions')
    .insert({ bot_id: botId, version, definition: JSON.stringify(definition), created_by: createdBy })
    .returning<{ id: string; version: number }[]>(['id', 'version']);
  return { id: Number(row!.id), version: row!.version };
}
