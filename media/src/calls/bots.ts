// What a call needs of its bot: the compiled version (compiled once per version and kept), the
// rendered prompt hashes, and the account's LLM settings for askLlm.
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import { compile, type CompiledBot } from '../../../domain/bot';
import type { BotDefinition } from '../../../domain/bot/definition';
import {
  askLlm,
  gradeWithLlm,
  llmCallSettingsOf,
  type LlmCallSettings,
  type LlmGrade,
  type LlmInput,
  type PostFn,
} from '../../../domain/bot/llm';
import { guardedPost, loadPolicy } from '../../../config/outbound/policy';
import { versionHashes } from './prompts';
import { setLlmGrade } from '../../../platform/callRecord';

/** The LLM is a tenant-given address: every request goes through the outbound-request guard. */
const llmPost = (db: Knex): PostFn => guardedPost(() => loadPolicy(db));

export interface LoadedBot {
  compiled: CompiledBot;
  /** Prompt text -> tts hash (fixed prompts rendered at publish). */
  hashes: Map<string, string>;
}

const MAX_CACHED = 200;

export class BotCache {
  private readonly cache = new Map<string, Promise<LoadedBot | null>>();

  constructor(private readonly db: Knex) {}

  /** The bot version, if the bot belongs to the account; null otherwise (never dial it). */
  load(accountId: number, botId: number, version: number): Promise<LoadedBot | null> {
    const key = `${accountId}:${botId}:${version}`;
    let p = this.cache.get(key);
    if (!p) {
      p = this.fetch(accountId, botId, version);
      this.cache.set(key, p);
      if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      // A miss is not remembered: the version may be published a moment later.
      void p.then(
        (v) => v || this.cache.delete(key),
        () => this.cache.delete(key),
      );
    }
    return p;
  }

  private async fetch(accountId: number, botId: number, version: number): Promise<LoadedBot | null> {
    const row = await this.db('bot_versions as v')
      .join('bots as b', 'b.id', 'v.bot_id')
      .where({ 'v.bot_id': botId, 'v.version': version, 'b.account_id': accountId })
      .first('v.definition');
    if (!row) return null;
    const def = row.definition as BotDefinition;
    return { compiled: compile(def), hashes: await versionHashes(this.db, botId, version, def) };
  }
}

/** The account's LLM settings (key decrypted), or null when it has none or they are off. */
export async function llmSettingsOf(
  db: Knex,
  secretKey: string,
  accountId: number,
): Promise<LlmCallSettings | null> {
  const row = await db('llm_settings').where({ account_id: accountId }).first();
  return llmCallSettingsOf(row, (sealed) => decryptSecret(secretKey, sealed));
}

/** Answers the engine's askLlm with the account's model within its timeout; null when off. */
export async function answerWithLlm(
  db: Knex,
  secretKey: string,
  accountId: number,
  input: LlmInput,
  post: PostFn = llmPost(db),
): Promise<string | null> {
  const settings = await llmSettingsOf(db, secretKey, accountId);
  return settings ? askLlm(post, settings, input) : null;
}

/**
 * The "LLM grade" of an ended, answered call whose bot asks for one: the stored transcript graded
 * by the account's model, written to calls.llm_grade. Never throws; a silent model leaves it empty.
 */
export async function storeLlmGrade(
  db: Knex,
  secretKey: string,
  call: { id: number; accountId: number },
  post: PostFn = llmPost(db),
): Promise<LlmGrade | null> {
  try {
    const settings = await llmSettingsOf(db, secretKey, call.accountId);
    if (!settings) return null;
    const lines: { khtype: string; khcontent: string }[] = await db('conversation_lines')
      .where({ call_id: call.id })
      .orderBy('seq')
      .select('khtype', 'khcontent');
    if (!lines.some((l) => l.khtype === 'customer')) return null;
    const g = await gradeWithLlm(
      post,
      settings,
      lines.map((l) => ({ role: l.khtype === 'robot' ? 'bot' : 'customer', text: l.khcontent })),
    );
    if (g) await setLlmGrade(db, call.id, g);
    return g;
  } catch {
    return null;
  }
}
