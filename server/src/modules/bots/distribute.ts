// Merchants copy or sync a bot to subordinate accounts (SPEC §6). Targets must be strictly below
// the caller. copy: a new draft in each account. sync: each account's earlier copy of this bot
// (source_bot_id) gets the source's content and is republished; an account without one gets a
// new copy, published. Sync sends the source's published version when it has one (what passed
// review), otherwise its draft, which must then pass the checker.
import type { Knex } from 'knex';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { below } from '../../db/scope';
import { badRequest } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { botsOf, updateBot, type BotDbRow } from './repo';
import { copyRecordings } from './recordingsRepo';
import { enqueueRender, publishInTrx } from './review';
import { copyInto, getBot } from './service';
import type { Actor } from '../../db/scope';

async function syncedDefinition(db: Knex, src: Pick<BotDbRow, 'id' | 'draft' | 'published_version'>) {
  if (src.published_version === null) return src.draft;
  const v = await db('bot_versions')
    .where({ bot_id: src.id, version: src.published_version })
    .first('definition');
  return (v?.definition as BotDefinition) ?? src.draft;
}

async function syncOne(
  trx: Knex.Transaction,
  actor: Actor,
  src: BotDbRow,
  accountId: number,
  def: BotDefinition,
): Promise<number> {
  const earlier = await botsOf(trx, actor)
    .where({ account_id: accountId, source_bot_id: src.id })
    .orderBy('id', 'desc')
    .forUpdate()
    .first();
  const target = earlier
    ? await updateBot(trx, actor, Number(earlier.id), {
        name: src.name,
        industry: src.industry,
        industry_subtype: src.industry_subtype,
        description: src.description,
        draft: JSON.stringify(await copyRecordings(trx, Number(src.id), Number(earlier.id), accountId, def)),
        draft_rev: trx.raw('draft_rev + 1'),
      })
    : await copyInto(trx, src, accountId, src.name, def);
  return (await publishInTrx(trx, actor, target, actor.id)).versionId;
}

export async function distribute(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: { accountIds: number[]; mode: 'copy' | 'sync' },
) {
  const src = await getBot(deps, auth, id);
  const ids = [...new Set(v.accountIds)];
  const found = await below(deps.db('accounts'), auth.actor).whereIn('id', ids).select('id');
  if (found.length !== ids.length) throw badRequest('bots.notSubordinate');
  const def = v.mode === 'sync' ? await syncedDefinition(deps.db, src) : src.draft;
  const versions = await deps.db.transaction(async (trx) => {
    const out: number[] = [];
    for (const accountId of ids)
      if (v.mode === 'copy') await copyInto(trx, src, accountId, src.name);
      else out.push(await syncOne(trx, auth.actor, src, accountId, def));
    return out;
  });
  for (const versionId of versions) await enqueueRender(deps, versionId);
  return { done: ids.length };
}
