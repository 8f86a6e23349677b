// The account's LLM and TTS settings (menu bot/bigmodel). Keys are encrypted at rest and never sent
// back (keySet says whether one is stored). askAccountLlm is what training uses for askLlm actions.
import type { LlmSettings, TtsSettings } from '../../../../domain/bot/api';
import {
  askLlm,
  askLlmOutcome,
  gradeWithLlm,
  llmCallSettingsOf,
  type LlmCallSettings,
  type LlmInput,
  type LlmTurn,
} from '../../../../domain/bot/llm';
import { decryptSecret, encryptSecret } from '../../../../platform/secrets';
import type { Deps } from '../../deps';
import type { AuthContext } from '../auth/sessions';
import { llmPost, requireReachable } from '../../lib/outbound';

const DEFAULT_LLM: LlmSettings = {
  enabled: false,
  baseUrl: '',
  model: '',
  systemPrompt: '',
  timeoutMs: 3000,
  keySet: false,
};
const DEFAULT_TTS: TtsSettings = { engine: 'espeak', voice: '', keySet: false };

// Settings rows are keyed by the caller's own account id: nobody reads or writes another's.
export async function getLlm(deps: Deps, auth: AuthContext): Promise<LlmSettings> {
  const r = await deps.db('llm_settings').where({ account_id: auth.actor.id }).first();
  if (!r) return { ...DEFAULT_LLM };
  return {
    enabled: r.enabled,
    baseUrl: r.base_url,
    model: r.model,
    systemPrompt: r.system_prompt,
    timeoutMs: r.timeout_ms,
    keySet: !!r.key_enc,
  };
}

/**
 * `key` absent keeps the stored key; an empty string clears it. The address must pass the
 * outbound-request guard now (a 400 on baseUrl), and every request to it is checked again.
 */
export async function putLlm(deps: Deps, auth: AuthContext, v: Omit<LlmSettings, 'keySet'>) {
  if (v.baseUrl) await requireReachable(deps.db, 'baseUrl', v.baseUrl);
  const values: Record<string, unknown> = {
    account_id: auth.actor.id,
    enabled: v.enabled,
    base_url: v.baseUrl,
    model: v.model,
    system_prompt: v.systemPrompt,
    timeout_ms: v.timeoutMs,
    updated_at: deps.db.fn.now(),
  };
  if (v.key !== undefined) values.key_enc = v.key ? encryptSecret(deps.config.secretKey, v.key) : null;
  await deps.db('llm_settings').insert(values).onConflict('account_id').merge();
  return getLlm(deps, auth);
}

/** The account's LLM settings to call with; null when off (unless `evenIfOff`: the Test button) or without an address. */
async function llmCallSettings(
  deps: Deps,
  accountId: number,
  evenIfOff = false,
): Promise<LlmCallSettings | null> {
  const row = await deps.db('llm_settings').where({ account_id: accountId }).first();
  return llmCallSettingsOf(row && (evenIfOff ? { ...row, enabled: true } : row), (sealed) =>
    decryptSecret(deps.config.secretKey, sealed),
  );
}

/** The bot owner's LLM answer, or null when it is off, unset or does not answer in time. */
export async function askAccountLlm(deps: Deps, accountId: number, input: LlmInput): Promise<string | null> {
  const s = await llmCallSettings(deps, Number(accountId));
  return s ? askLlm(llmPost(deps.db), s, input) : null;
}

/** The account model's grade of a transcript (the "LLM grade"); null when off or without an answer. */
export async function gradeWithAccountLlm(
  deps: Deps,
  accountId: number,
  transcript: LlmTurn[],
): Promise<string | null> {
  const s = await llmCallSettings(deps, Number(accountId));
  return s ? gradeWithLlm(llmPost(deps.db), s, transcript) : null;
}

/**
 * The settings page's test button: one 'ping' to the stored settings. A failure says why in one short
 * line (a refused address, HTTP status with a bounded excerpt, timeout); the body of something that
 * is not a model never comes back whole.
 */
export async function testLlm(deps: Deps, auth: AuthContext) {
  const s = await llmCallSettings(deps, auth.actor.id, true);
  if (!s) return { ok: false, latencyMs: 0, error: 'not configured', reply: null };
  const t = Date.now();
  const r = await askLlmOutcome(llmPost(deps.db), s, { history: [], utterance: 'ping' });
  const latencyMs = Date.now() - t;
  return r.text === null
    ? { ok: false, latencyMs, error: r.error, reply: null }
    : { ok: true, latencyMs, error: null, reply: r.text };
}

export async function getTts(deps: Deps, auth: AuthContext): Promise<TtsSettings> {
  const r = await deps.db('tts_settings').where({ account_id: auth.actor.id }).first();
  if (!r) return { ...DEFAULT_TTS };
  return {
    engine: r.engine,
    voice: r.voice,
    ...(r.region ? { region: r.region } : {}),
    keySet: !!r.key_enc,
  };
}

export async function putTts(deps: Deps, auth: AuthContext, v: Omit<TtsSettings, 'keySet'>) {
  const values: Record<string, unknown> = {
    account_id: auth.actor.id,
    engine: v.engine,
    voice: v.voice,
    region: v.region || null,
    updated_at: deps.db.fn.now(),
  };
  if (v.key !== undefined) values.key_enc = v.key ? encryptSecret(deps.config.secretKey, v.key) : null;
  await deps.db('tts_settings').insert(values).onConflict('account_id').merge();
  return getTts(deps, auth);
}
