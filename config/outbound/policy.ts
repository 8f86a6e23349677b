// The super administrator's allow-list (table outbound_allow_hosts, platform-wide: no tenant column),
// read by server and media alike, and the guarded POST the LLM client uses (domain/bot/llm PostFn).
import type { Knex } from 'knex';
import type { PostFn } from '../../domain/bot/llm';
import { resolveTarget, type Lookup, type OutboundPolicy } from './guard';
import { sendRequest } from './request';

export async function allowHosts(db: Knex): Promise<string[]> {
  return (await db('outbound_allow_hosts').orderBy('host').select('host')).map(
    (r: { host: string }) => r.host,
  );
}

/** The policy in force now; `allowAllPrivate` is the pushes page's switch (pushes only). */
export async function loadPolicy(db: Knex, allowAllPrivate = false): Promise<OutboundPolicy> {
  return { allowHosts: new Set(await allowHosts(db)), allowAllPrivate };
}

/** A model's answer is a sentence or two: 256 KiB is far beyond any real reply. */
export const LLM_REPLY_MAX_BYTES = 256 * 1024;
/** The caller's AbortSignal ends a request sooner; this is the backstop. */
const LLM_HARD_TIMEOUT_MS = 30_000;

/**
 * A PostFn through the guard: refused targets reject with OutboundRefused (askLlm reports its
 * message), a 3xx is returned as its status (never followed), an answer past the cap rejects.
 */
export function guardedPost(policy: () => Promise<OutboundPolicy>, lookup?: Lookup): PostFn {
  return async (url, body, headers, signal) => {
    const target = await resolveTarget(url, await policy(), lookup);
    const reply = await sendRequest(target, {
      method: 'POST',
      headers,
      body,
      timeoutMs: LLM_HARD_TIMEOUT_MS,
      maxBytes: LLM_REPLY_MAX_BYTES,
      signal,
    });
    if (reply.truncated) throw new Error(`reply larger than ${LLM_REPLY_MAX_BYTES} bytes`);
    const text = reply.body.toString('utf8');
    return {
      status: reply.status,
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    };
  };
}
