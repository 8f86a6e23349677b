// Submit, review and publish (SPEC §4 bot statuses). Submitting goes to review when the owner's
// account requires it (bot_review_required); the super administrator's own bots and accounts
// without review publish at once. Publishing freezes the draft as a new bot_versions row, makes
// the bot online and asks the media worker to render its prompts.
import type { Knex } from 'knex';
import { check, compile } from '../../../../domain/bot';
import type { BotDefinition } from '../../../../domain/bot/definition';
import { Code } from '../../../../domain/api';
import { NoticeType } from '../../../../domain/codes';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { notify } from '../notices/service';
import { log } from '../../../../platform/log';
import { findBot, insertVersion, presentRow, updateBot, type BotDbRow } from './repo';
import { mapRecordingIds } from '../../../../domain/bot/prompts';
import type { Actor } from '../../db/scope';

/** 400 with the checker's problems when the draft has errors. */
export function assertPublishable(def: BotDefinition): void {
  const problems = check(def);
  if (problems.some((p) => p.severity === 'error'))
    throw new AppError(Code.BotNotPublishable, 400, 'bots.notPublishable', {}, { problems });
  try {
    compile(def);
  } catch {
    throw new AppError(Code.BotNotPublishable, 400, 'bots.notPublishable', {}, { problems });
  }
}

/**
 * Publishes the locked bot row's draft inside `trx`; returns the new version id. Recording ids
 * that are not this bot's own are dropped, so a version never plays another tenant's audio.
 */
export async function publishInTrx(trx: Knex.Transaction, actor: Actor, bot: BotDbRow, createdBy: number) {
  const draft = bot.draft;
  assertPublishable(draft);
  const own = new Set(
    (await trx('bot_recordings').where({ bot_id: bot.id }).select('id')).map((r) => Number(r.id)),
  );
  const definition = mapRecordingIds(draft, (_k, old) => (old !== null && own.has(old) ? old : null));
  const v = await insertVersion(trx, Number(bot.id), definition, createdBy);
  const row = await updateBot(trx, actor, Number(bot.id), {
    status: 'online',
    published_version: v.version,
    reject_reason: null,
  });
  return { row, versionId: v.id };
}

/**
 * After commit: the media worker renders the version's prompts (jobId makes a repeat a no-op).
 * The version is already live, so a queue outage is logged rather than failing the request.
 */
export async function enqueueRender(deps: Deps, versionId: number): Promise<void> {
  await deps.queues.tts
    .add(
      { kind: 'version', botVersionId: versionId },
      { jobId: `tts:version:${versionId}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
    )
    .catch((e: unknown) => log.error('tts render job not queued', { versionId, err: String(e) }));
}

async function needsReview(trx: Knex.Transaction, accountId: number): Promise<boolean> {
  const a = await trx('accounts').where({ id: accountId }).first('level', 'bot_review_required');
  return a.level !== 0 && a.bot_review_required;
}

export async function submit(deps: Deps, auth: AuthContext, id: number) {
  const out = await deps.db.transaction(async (trx) => {
    const bot = await findBot(trx, auth.actor, id, true);
    if (!bot) throw notFound();
    // Nothing new since the last publish, or already waiting: a repeated submit changes nothing.
    if (bot.status === 'online' || bot.status === 'review') return { row: bot, versionId: null };
    if (await needsReview(trx, Number(bot.account_id))) {
      assertPublishable(bot.draft);
      const row = await updateBot(trx, auth.actor, id, { status: 'review', reject_reason: null });
      return { row, versionId: null };
    }
    return publishInTrx(trx, auth.actor, bot, auth.actor.id);
  });
  if (out.versionId) await enqueueRender(deps, out.versionId);
  return presentRow(out.row!);
}

/** Super administrator only: approve publishes, reject records the reason and tells the owner. */
export async function review(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: { approve: boolean; reason?: string },
) {
  if (auth.actor.level !== 0) throw forbidden('bots.reviewSuperOnly');
  const out = await deps.db.transaction(async (trx) => {
    const bot = await findBot(trx, auth.actor, id, true);
    if (!bot) throw notFound();
    if (bot.status !== 'review') throw new AppError(409, 409, 'bots.notInReview');
    if (v.approve) return { ...(await publishInTrx(trx, auth.actor, bot, auth.actor.id)), bot };
    const row = await updateBot(trx, auth.actor, id, { status: 'rejected', reject_reason: v.reason ?? '' });
    return { row, versionId: null, bot };
  });
  if (out.versionId) await enqueueRender(deps, out.versionId);
  const vars = { name: out.bot.name, reason: v.reason ?? '' };
  await notify(deps, {
    accountId: Number(out.bot.account_id),
    type: NoticeType.System,
    titleKey: v.approve ? 'botApproved.title' : 'botRejected.title',
    bodyKey: v.approve ? 'botApproved.body' : 'botRejected.body',
    params: vars,
  });
  return presentRow(out.row!);
}
