// The server's side of the outbound-request guard (config/outbound): the policy in force (the super
// administrator's allow-list), the guarded POST for the LLM, and a refusal as a form's field error.
import type { Knex } from 'knex';
import {
  checkUrl,
  OutboundRefused,
  resolveTarget,
  type OutboundPolicy,
} from '../../../config/outbound/guard';
import { guardedPost, loadPolicy } from '../../../config/outbound/policy';
import type { PostFn } from '../../../domain/bot/llm';
import type { MessageKey } from '../../../domain/messages';
import { fieldError } from '../http/errors';

export const outboundPolicy = (db: Knex, allowAllPrivate = false): Promise<OutboundPolicy> =>
  loadPolicy(db, allowAllPrivate);

/** What the LLM client posts with: every request checked against the allow-list read at that moment. */
export const llmPost = (db: Knex): PostFn => guardedPost(() => loadPolicy(db));

/** A refusal as the 400 of field `path` (SPEC §8 data.errors); anything else is rethrown. */
export function refusalAsFieldError(
  path: string,
  e: unknown,
  blockedKey: MessageKey = 'outbound.blocked',
): never {
  if (!(e instanceof OutboundRefused)) throw e;
  if (e.why === 'blocked') throw fieldError(path, blockedKey, { address: e.address });
  if (e.why === 'port') throw fieldError(path, 'outbound.port', { port: e.address });
  if (e.why === 'unresolvable') throw fieldError(path, 'outbound.unresolvable');
  throw fieldError(path, 'outbound.url');
}

/** The save-time check of a tenant's address (DNS included): the field's 400 when it is refused. */
export async function requireReachable(db: Knex, path: string, url: string): Promise<void> {
  try {
    await resolveTarget(url, await outboundPolicy(db));
  } catch (e) {
    refusalAsFieldError(path, e);
  }
}

/** The DNS-free checks (scheme, credentials, port, a literal IP's range) for a schema refinement. */
export function staticProblem(url: string): OutboundRefused | null {
  try {
    checkUrl(url);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefused) return e;
    throw e;
  }
}
