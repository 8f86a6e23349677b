// The bot market (menu bot/botviewmarket): the super administrator marks his bots as templates;
// everyone below him sees the published ones and clones them into their own account. Visibility
// follows the account tree: templates owned by the caller or its ancestors (the super
// administrator is everyone's ancestor), never a sibling tree's.
import type { Knex } from 'knex';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { scoped, type Actor } from '../../db/scope';
import { forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { presentDetail, presentRow, updateBot } from './repo';
import { copyInto } from './service';

const ancestorIds = (actor: Actor) => actor.path.split('/').filter(Boolean).map(Number);

const templates = (db: Knex | Knex.Transaction, actor: Actor) =>
  db('bots')
    .where((w) => {
      scoped(w, db as Knex, actor).orWhereIn('account_id', ancestorIds(actor));
    })
    .whereNull('deleted_at')
    .where({ is_template: true, template_published: true });

export async function listMarket(deps: Deps, auth: AuthContext) {
  return (await templates(deps.db, auth.actor).orderBy('id', 'desc').limit(500)).map(presentRow);
}

export async function publishTemplate(deps: Deps, auth: AuthContext, id: number, published: boolean) {
  if (auth.actor.level !== 0) throw forbidden('bots.templateSuperOnly');
  const row = await updateBot(
    deps.db,
    auth.actor,
    id,
    { is_template: true, template_published: published },
    { account_id: auth.actor.id },
  );
  if (!row) throw notFound();
  return presentRow(row);
}

/** A draft copy in the caller's account: of the template's published version, or its draft. */
export async function cloneTemplate(deps: Deps, auth: AuthContext, id: number, name: string) {
  return deps.db.transaction(async (trx) => {
    const src = await templates(trx, auth.actor).where({ id }).first();
    if (!src) throw notFound();
    const v = src.published_version
      ? await trx('bot_versions').where({ bot_id: id, version: src.published_version }).first('definition')
      : null;
    const def = (v?.definition ?? src.draft) as BotDefinition;
    return presentDetail(await copyInto(trx, src, auth.actor.id, name, def));
  });
}
