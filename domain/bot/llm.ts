// The LLM protocol: OpenAI-compatible chat completions (POST `${baseUrl}/chat/completions`).
// Pure apart from the injected PostFn, so the call session, the training chat and tests share it.
// A call cannot wait on a slow model: askLlm never rejects and gives up after timeoutMs.

/** One line of the conversation so far, as the engine's askLlm action carries it. */
export interface LlmTurn {
  role: 'bot' | 'customer';
  text: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  max_tokens: number;
  stream: false;
}

/**
 * A POST with a JSON body. The server and the media worker pass config/outbound's guardedPost (the
 * outbound-request guard: checked and pinned address, no redirects, bounded time and size); it
 * rejects when the guard refuses the address.
 */
export type PostFn = (
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
) => Promise<{ status: number; json(): Promise<unknown>; text?(): Promise<string> }>;

export interface LlmCallSettings {
  baseUrl: string;
  model: string;
  /** May be empty for local models that take no key. */
  key: string;
  systemPrompt: string;
  timeoutMs: number;
}

/** A row of table llm_settings, as the server and the media worker read it. */
export interface LlmSettingsRow {
  enabled: boolean;
  base_url: string | null;
  model: string;
  key_enc: string | null;
  system_prompt: string | null;
  timeout_ms: number | null;
}

/** The settings to call with, when the account's LLM is on and has an address; `decrypt` opens the key. */
export function llmCallSettingsOf(
  row: LlmSettingsRow | undefined,
  decrypt: (sealed: string) => string,
): LlmCallSettings | null {
  if (!row || !row.enabled || !row.base_url) return null;
  return {
    baseUrl: row.base_url,
    model: row.model,
    key: row.key_enc ? decrypt(row.key_enc) : '',
    systemPrompt: row.system_prompt ?? '',
    timeoutMs: Number(row.timeout_ms) || 3000,
  };
}

export interface LlmInput {
  history: LlmTurn[];
  utterance: string;
}

/** Spoken answers must stay short: a phone turn is a sentence or two. */
const MAX_TOKENS = 200;

export function buildChatRequest(r: {
  model: string;
  systemPrompt: string;
  history: LlmTurn[];
  utterance: string;
}): ChatRequest {
  const messages: ChatMessage[] = [];
  if (r.systemPrompt.trim()) messages.push({ role: 'system', content: r.systemPrompt });
  for (const t of r.history)
    messages.push({ role: t.role === 'bot' ? 'assistant' : 'user', content: t.text });
  messages.push({ role: 'user', content: r.utterance });
  return { model: r.model, messages, temperature: 0.3, max_tokens: MAX_TOKENS, stream: false };
}

/** The first choice's text, trimmed; null when the reply has none. */
export function parseChatReply(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const choices = (json as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const content = (choices[0] as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content !== 'string') return null;
  const text = content.trim();
  return text || null;
}

export const chatUrl = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

/** The longest answer kept (what the engine's llmReply takes). */
export const LLM_REPLY_MAX = 2000;
const EXCERPT_MAX = 80;

/**
 * A short, printable piece of a non-answer for the settings page: never a whole body, no control
 * characters or markup, so whatever sits behind the address is not read back through this path.
 */
export function excerptOf(text: string): string {
  const flat = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX)}…` : flat;
}

export type LlmOutcome = { text: string; error: null } | { text: null; error: string };

/**
 * Asks the model; never rejects, gives up after timeoutMs. On failure `error` says why in one short
 * line: 'timeout', 'HTTP 500: <excerpt>', 'HTTP 302: redirect not followed', 'no answer text', or the
 * transport's own reason (a refused address, ECONNREFUSED, a reply past the size cap).
 */
export function askLlmOutcome(post: PostFn, settings: LlmCallSettings, input: LlmInput): Promise<LlmOutcome> {
  const ctrl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<LlmOutcome>((resolve) => {
    timer = setTimeout(() => {
      ctrl.abort();
      resolve({ text: null, error: 'timeout' });
    }, settings.timeoutMs);
  });
  const attempt = (async (): Promise<LlmOutcome> => {
    const body = buildChatRequest({ model: settings.model, systemPrompt: settings.systemPrompt, ...input });
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (settings.key) headers.Authorization = `Bearer ${settings.key}`;
    const res = await post(chatUrl(settings.baseUrl), JSON.stringify(body), headers, ctrl.signal);
    if (res.status >= 300 && res.status < 400)
      return { text: null, error: `HTTP ${res.status}: redirect not followed` };
    if (res.status < 200 || res.status > 299) {
      const excerpt = res.text ? excerptOf(await res.text().catch(() => '')) : '';
      return { text: null, error: `HTTP ${res.status}${excerpt ? `: ${excerpt}` : ''}` };
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      return { text: null, error: 'no answer text' };
    }
    const text = parseChatReply(json);
    return text === null
      ? { text: null, error: 'no answer text' }
      : { text: text.slice(0, LLM_REPLY_MAX), error: null };
  })().catch((e: unknown) => ({
    text: null,
    error: excerptOf(e instanceof Error ? e.message : String(e)) || 'error',
  }));
  return Promise.race([attempt, timedOut]).finally(() => clearTimeout(timer));
}

/** Asks the model; resolves null on timeout, transport error, non-2xx or a reply without text. */
export async function askLlm(
  post: PostFn,
  settings: LlmCallSettings,
  input: LlmInput,
): Promise<string | null> {
  return (await askLlmOutcome(post, settings, input)).text;
}

// --- The "LLM grade" of a finished call ---

export type LlmGrade = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

const GRADE_SYSTEM =
  'You grade sales phone calls by the customer intention. Grades: A strong intention (asked to be contacted, ' +
  'agreed), B clear interest, C possible interest, D not clear or too short to tell, E not interested, ' +
  'F refused or hostile. Reply with the single letter only.';

/** System prompt and user message asking for a grade of the transcript. */
export function gradePrompt(transcript: LlmTurn[]): { systemPrompt: string; utterance: string } {
  const lines = transcript.map((t) => `${t.role === 'bot' ? 'Bot' : 'Customer'}: ${t.text}`);
  return { systemPrompt: GRADE_SYSTEM, utterance: `Transcript:\n${lines.join('\n')}\n\nGrade (A-F):` };
}

/** The grade letter in a reply like 'B', 'Grade: c.' or '等级：A'; null when there is none or several. */
export function parseGrade(text: string | null | undefined): LlmGrade | null {
  if (!text) return null;
  const letters = text.toUpperCase().match(/(?<![A-Z])[A-F](?![A-Z])/g);
  if (!letters) return null;
  const distinct = [...new Set(letters)];
  return distinct.length === 1 ? (distinct[0] as LlmGrade) : null;
}

/** Grades a transcript with the account's model; null when the model does not answer with a grade. */
export async function gradeWithLlm(
  post: PostFn,
  settings: LlmCallSettings,
  transcript: LlmTurn[],
): Promise<LlmGrade | null> {
  const p = gradePrompt(transcript);
  return parseGrade(
    await askLlm(
      post,
      { ...settings, systemPrompt: p.systemPrompt },
      { history: [], utterance: p.utterance },
    ),
  );
}
