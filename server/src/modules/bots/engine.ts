// The engine as the API uses it: compiled drafts cached per (bot, draftRev) in a small LRU, so a
// training chat does not recompile the bot on every sentence; a new draft save is a new key.
import { compile } from '../../../../domain/bot';
import type { BotDefinition } from '../../../../domain/bot/definition';

export type Compiled = ReturnType<typeof compile>;

const MAX_ENTRIES = 50;
const cache = new Map<string, Compiled>();

export function compiledDraft(botId: number, draftRev: number, def: BotDefinition): Compiled {
  const key = `${botId}:${draftRev}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-insert: Map keeps insertion order, so the first key is the least recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compile(def);
  cache.set(key, compiled);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return compiled;
}
