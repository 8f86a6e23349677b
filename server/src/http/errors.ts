// One error type for everything a handler refuses; the envelope middleware turns it into a reply.
import type { MessageKey } from '../../../domain/messages';
import { isUniqueViolation } from '../lib/pgErrors';

export class AppError extends Error {
  constructor(
    /** Envelope code (SPEC §8 / domain/api.ts Code). */
    readonly code: number,
    /** HTTP status of the reply. */
    readonly status: number,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
    /** Field errors; the envelope translates them into data.errors like schema errors. */
    readonly fields: FieldProblem[] = [],
  ) {
    super(key);
  }
}

export interface FieldProblem {
  path: string;
  key: MessageKey;
  vars?: Record<string, string | number>;
}

/** A refusal about one field, shaped like a schema error (400, or 409 for a taken name). */
export const fieldError = (
  path: string,
  key: MessageKey,
  vars: Record<string, string | number> = {},
  status = 400,
) => new AppError(status, status, status === 409 ? key : 'badRequest', {}, null, [{ path, key, vars }]);

export const badRequest = (key: MessageKey = 'badRequest', data: unknown = null) =>
  new AppError(400, 400, key, {}, data);
export const forbidden = (key: MessageKey = 'forbidden', vars: Record<string, string | number> = {}) =>
  new AppError(403, 403, key, vars);
export const notFound = () => new AppError(404, 404, 'notFound');

/**
 * Runs a write whose unique constraints stand for values already taken: a violation becomes that
 * field's 409. `taken` is the [field, key] for any unique constraint, or one per constraint name (a
 * constraint not listed stays the error it was).
 */
export async function takenAsConflict<T>(
  run: () => Promise<T>,
  taken: [string, MessageKey] | Record<string, [string, MessageKey]>,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) {
      const hit = Array.isArray(taken) ? taken : taken[(e as { constraint?: string }).constraint ?? ''];
      if (hit) throw fieldError(hit[0], hit[1], {}, 409);
    }
    throw e;
  }
}
