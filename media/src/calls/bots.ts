// What a call needs of its bot: the compiled version (compiled once per version and kept), the
// rendered prompt hashes, and the account's LLM settings for askLlm.
import type { Knex } from 'knex';
import { decryptSecret } from '../../../config/secrets';
import { compile, type CompiledBot } from '../../../domain/bot';
import type { BotDefinition } from '../../../domain/bot/definition';
import { askLlm, fetchPost, type LlmCallSettings, type LlmInput, type PostFn } from '../../../domain/bot/llm';
import { versionHashes } from './prompts';

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

/** Answers the engine's askLlm with the account's model within its timeout; null when off. */
export async function answerWithLlm(
  db: Knex,
  secretKey: string,
  accountId: number,
  input: LlmInput,
  post: PostFn = fetchPost,
): Promise<string | null> {
  const r = await db('llm_settings').where({ account_id: accountId }).first();
  if (!r || !r.enabled || !r.base_url) return null;
  const settings: LlmCallSettings = {
    baseUrl: r.base_url,
    model: r.model,
    key: r.key_enc ? decryptSecret(secretKey, r.key_enc) : '',
    systemPrompt: r.system_prompt ?? '',
    timeoutMs: Number(r.timeout_ms) || 3000,
  };
  return askLlm(post, settings, input);
}
