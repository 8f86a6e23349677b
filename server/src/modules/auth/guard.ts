// Failure-counter checks shared by the auth flows. A refusal carries how long to wait, which the
// auth routes send as Retry-After.
import { Code } from '../../../../domain/api';
import type { Lang } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { Limit } from '../../lib/rateLimit';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

export async function guard(deps: Deps, limits: Limit[]): Promise<void> {
  const wait = await deps.limiter.blockedFor(limits);
  if (wait > 0)
    throw new AppError(
      Code.TooManyRequests,
      429,
      'tooManyAttempts',
      { minutes: Math.ceil(wait / 60) },
      { retryAfter: wait },
    );
}

/** Seconds a 429 from `guard` asks the client to wait, if `e` is one. */
export const retryAfterOf = (e: unknown): number | undefined =>
  e instanceof AppError && e.status === 429
    ? (e.data as { retryAfter?: number } | null)?.retryAfter
    : undefined;
