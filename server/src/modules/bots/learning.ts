// Question learning: sentences the bot did not understand (training or calls), and learning one by
// adding it as a keyword to a branch or a knowledge question of the draft.
import type { Knex } from 'knex';
import type { LearningRow } from '../../../../domain/bot/api';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { scoped } from '../../db/scope';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { findBot, updateBot } from './repo';
import { getBot } from './service';

/** A bot_learning row as pg returns it (bigint ids as text). */
interface LearningDbRow {
  id: string;
  bot_id: string;
  account_id: string;
  sentence: string;
  source: LearningRow['source'];
  node_name: string | null;
  learned: boolean;
  created_at: Date;
}

const present = (r: LearningDbRow): LearningRow => ({
  id: Number(r.id),
  botId: Number(r.bot_id),
  sentence: r.sentence,
  source: r.source,
  nodeName: r.node_name ?? null,
  learned: r.learned,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function recordUnmatched(
  db: Knex,
  r: { botId: number; accountId: number; sentence: string; nodeName: string | null },
): Promise<void> {
  await db('bot_learning')
    .insert({
      bot_id: r.botId,
      account_id: r.accountId,
      sentence: r.sentence.slice(0, 500),
      source: 'training',
      node_name: r.nodeName?.slice(0, 100) ?? null,
    })
    .onConflict(['bot_id', 'sentence'])
    .ignore();
}

export async function listLearning(deps: Deps, auth: AuthContext, botId: number, learned?: boolean) {
  await getBot(deps, auth, botId);
  const rows = await scoped(deps.db('bot_learning'), deps.db, auth.actor)
    .where({ bot_id: botId })
    .modify((q) => learned !== undefined && q.where({ learned }))
    .orderBy('id', 'desc')
    .limit(1000)
    .select<LearningDbRow[]>('*');
  return rows.map(present);
}

export interface LearnTarget {
  kind: 'branch' | 'question';
  id: string;
  nodeId?: string;
}

/** Adds `sentence` to the target's keywords; false when the target does not exist. */
function addKeyword(def: BotDefinition, t: LearnTarget, sentence: string): boolean {
  const add = (list: string[]) => {
    if (!list.includes(sentence)) list.push(sentence);
    return true;
  };
  if (t.kind === 'question') {
    const q = def.knowledge.find((k) => k.id === t.id);
    return q ? add(q.keywords) : false;
  }
  for (const f of def.flows)
    for (const n of f.nodes) {
      if (t.nodeId && n.id !== t.nodeId) continue;
      const b = n.branches.find((x) => x.id === t.id);
      if (b) return add(b.keywords);
    }
  return false;
}

export async function learn(deps: Deps, auth: AuthContext, botId: number, lid: number, target: LearnTarget) {
  return deps.db.transaction(async (trx) => {
    const bot = await findBot(trx, auth.actor, botId, true);
    if (!bot) throw notFound();
    const row = await scoped(trx('bot_learning'), trx as unknown as Knex, auth.actor)
      .where({ id: lid, bot_id: botId })
      .forUpdate()
      .first<LearningDbRow | undefined>('*');
    if (!row) throw notFound();
    const def = structuredClone(bot.draft);
    if (!addKeyword(def, target, row.sentence)) throw badRequest('bots.learnTarget');
    await updateBot(trx, auth.actor, botId, {
      draft: JSON.stringify(def),
      draft_rev: trx.raw('draft_rev + 1'),
      status: 'draft',
    });
    const [done] = await scoped(trx('bot_learning'), trx as unknown as Knex, auth.actor)
      .where({ id: lid })
      .update({ learned: true })
      .returning<LearningDbRow[]>('*');
    return present(done!);
  });
}
