// Bot rules: create (idempotent with requestId), edit meta, save the draft under draftRev optimistic
// concurrency, copy, soft delete, enable. Publishing and review are in review.ts.
import type { Knex } from 'knex';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { MAX_DEFINITION_BYTES } from './definitionSchema';
import {
  findBot,
  findByRequestId,
  insertBot,
  presentDetail,
  presentRow,
  updateBot,
  type BotDbRow,
} from './repo';
import { copyRecordings } from './recordingsRepo';
import type { MetaInput } from './schema';
import { starterDefinition } from './starter';
import { isUniqueViolation } from '../../lib/pgErrors';

export async function getBot(deps: Deps, auth: AuthContext, id: number) {
  const row = await findBot(deps.db, auth.actor, id);
  if (!row) throw notFound();
  return row;
}

/** A repeated create with the same requestId (double click, retried request) returns the first bot. */
export async function createBot(deps: Deps, auth: AuthContext, v: MetaInput & { requestId?: string }) {
  const { actor } = auth;
  if (v.requestId) {
    const first = await findByRequestId(deps.db, actor, v.requestId);
    if (first) return presentDetail(first);
  }
  try {
    const row = await insertBot(deps.db, { ...v, accountId: actor.id, draft: starterDefinition() });
    return presentDetail(row);
  } catch (e) {
    if (!v.requestId || !isUniqueViolation(e)) throw e;
    // Two identical requests raced: the other one won.
    return presentDetail((await findByRequestId(deps.db, actor, v.requestId))!);
  }
}

export async function updateMeta(deps: Deps, auth: AuthContext, id: number, v: MetaInput) {
  const row = await updateBot(deps.db, auth.actor, id, {
    name: v.name,
    industry: v.industry,
    industry_subtype: v.industrySubtype,
    description: v.description,
  });
  if (!row) throw notFound();
  return presentDetail(row);
}

export function assertSize(def: unknown): void {
  if (Buffer.byteLength(JSON.stringify(def)) > MAX_DEFINITION_BYTES) throw badRequest('bots.tooLarge');
}

/**
 * Saves the draft if nobody saved since `draftRev`. Any edit makes the bot a draft again (a bot in
 * review is withdrawn); the published version, if any, stays live until the next publish.
 */
export async function saveDraft(
  deps: Deps,
  auth: AuthContext,
  id: number,
  definition: BotDefinition,
  draftRev: number,
) {
  assertSize(definition);
  const row = await updateBot(
    deps.db,
    auth.actor,
    id,
    {
      draft: JSON.stringify(definition),
      draft_rev: deps.db.raw('draft_rev + 1'),
      status: 'draft',
      reject_reason: null,
    },
    { draft_rev: draftRev },
  );
  if (row) return presentDetail(row);
  const now = await findBot(deps.db, auth.actor, id);
  if (!now) throw notFound();
  throw new AppError(409, 409, 'bots.staleDraft', { rev: now.draft_rev }, { draftRev: now.draft_rev });
}

/**
 * A new bot with the source's meta and draft (and its recordings) in `accountId`. The copy starts
 * as a draft; `source_bot_id` remembers where it came from.
 */
export async function copyInto(
  trx: Knex.Transaction,
  src: BotDbRow,
  accountId: number,
  name: string,
  definition: BotDefinition = src.draft,
) {
  const row = await insertBot(trx, {
    accountId,
    name,
    industry: src.industry,
    industrySubtype: src.industry_subtype,
    description: src.description,
    draft: definition,
    sourceBotId: Number(src.id),
  });
  const draft = await copyRecordings(trx, Number(src.id), Number(row.id), accountId, definition);
  const [done] = await trx('bots')
    .where({ id: row.id })
    .update({ draft: JSON.stringify(draft) })
    .returning('*');
  return done;
}

/** Copy within the bot's own account. */
export async function copyBot(deps: Deps, auth: AuthContext, id: number, name: string) {
  const src = await getBot(deps, auth, id);
  return presentDetail(await deps.db.transaction((trx) => copyInto(trx, src, Number(src.account_id), name)));
}

/** Soft delete (SPEC §5: the word delete is typed; the schema checked it). Versions stay for call records. */
export async function deleteBot(deps: Deps, auth: AuthContext, id: number) {
  const row = await updateBot(deps.db, auth.actor, id, { deleted_at: deps.db.fn.now(), enabled: false });
  if (!row) throw notFound();
}

export async function setEnabled(deps: Deps, auth: AuthContext, id: number, enabled: boolean) {
  const row = await updateBot(deps.db, auth.actor, id, { enabled });
  if (!row) throw notFound();
  return presentRow(row);
}
