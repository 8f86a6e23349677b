// Common knowledge (menu bot/commonknow): knowledge questions an account keeps to reuse in its bots.
// Each account sees and edits only its own.
import crypto from 'node:crypto';
import type { CommonKnowledge } from '../../../../domain/bot/api';
import type { KnowledgeQuestion } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { scoped } from '../../db/scope';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';

/** A KnowledgeQuestion checked by knowledgeSchema, whose id may be missing. */
type Input = { id?: string } & Record<string, unknown>;

/** A common_knowledge row as pg returns it (bigint ids as text; question is the stored jsonb). */
interface KnowledgeRow {
  id: string;
  account_id: string;
  question: KnowledgeQuestion;
  created_at: Date;
  updated_at: Date;
}

const present = (r: KnowledgeRow): CommonKnowledge => ({ ...r.question, dbId: Number(r.id) });

const own = (deps: Deps, auth: AuthContext) =>
  scoped(deps.db('common_knowledge'), deps.db, auth.actor).where({ account_id: auth.actor.id });

const stored = (v: Input) => JSON.stringify({ ...v, id: v.id ?? crypto.randomUUID(), common: true });

export const listKnowledge = async (deps: Deps, auth: AuthContext) =>
  (await own(deps, auth).orderBy('id').limit(2000).select<KnowledgeRow[]>('*')).map(present);

export async function createKnowledge(deps: Deps, auth: AuthContext, v: Input) {
  const [row] = await deps
    .db('common_knowledge')
    .insert({ account_id: auth.actor.id, question: stored(v) })
    .returning<KnowledgeRow[]>('*');
  return present(row!);
}

export async function updateKnowledge(deps: Deps, auth: AuthContext, id: number, v: Input) {
  const [row] = await own(deps, auth)
    .where({ id })
    .update({ question: stored(v), updated_at: deps.db.fn.now() })
    .returning<KnowledgeRow[]>('*');
  if (!row) throw notFound();
  return present(row);
}

export async function deleteKnowledge(deps: Deps, auth: AuthContext, id: number) {
  if (!(await own(deps, auth).where({ id }).delete())) throw notFound();
}
