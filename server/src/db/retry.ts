// A transaction PostgreSQL aborted to break a deadlock (40P01) or a serialisation conflict (40001)
// did nothing: it is safe to run the whole of it again. Balance changes run through here (recharges,
// settlements, softphone CDRs), so such an abort costs a short wait instead of an HTTP 500. Each retry
// is logged (warn), and so is giving up (error): a failure is never silent.
import type { Knex } from 'knex';
import { log } from '../../../platform/log';

const RETRYABLE = new Set(['40001', '40P01']);

/** A deadlock or serialisation failure: the transaction was rolled back and may be run again. */
export const isRetryableTxError = (e: unknown): boolean =>
  RETRYABLE.has((e as { code?: string } | null)?.code ?? '');

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The first wait; each next one doubles, with full jitter. */
  baseMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in a transaction of `db`, again (a fresh transaction) when PostgreSQL aborts it with
 * 40001 or 40P01, at most `attempts` times. `fn` must keep no state across runs that a rolled-back
 * run could have left half-done (build what it returns inside the run).
 */
export async function retryingTransaction<T>(
  db: Knex,
  what: string,
  fn: (trx: Knex.Transaction) => Promise<T>,
  o: RetryOptions = {},
): Promise<T> {
  const attempts = o.attempts ?? 6;
  const base = o.baseMs ?? 15;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      if (!isRetryableTxError(e)) throw e;
      const code = (e as { code: string }).code;
      if (attempt >= attempts) {
        log.error('transaction aborted; retries exhausted', { what, attempts, code, err: String(e) });
        throw e;
      }
      // Full jitter: two transactions that collided do not collide again at the same moment.
      const waitMs = Math.round(Math.random() * base * 2 ** (attempt - 1));
      log.warn('transaction aborted; retrying', { what, attempt, code, waitMs });
      await sleep(waitMs);
    }
  }
}
