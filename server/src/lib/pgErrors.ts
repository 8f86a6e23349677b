// PostgreSQL error codes the services act on, and the one mapping of any database failure to what
// a client is told: a status, an envelope message and (when trying again helps) a Retry-After. The
// client never sees PostgreSQL's own text; the envelope logs it.
import type { MessageKey } from '../../../domain/messages';

/** SQLSTATE of a PostgreSQL error (pg's DatabaseError, also when Knex rethrows it), or null. */
export function sqlStateOf(e: unknown): string | null {
  const err = e as { code?: unknown; severity?: unknown; routine?: unknown } | null;
  // Node's system errors have codes too (ECONNRESET): a SQLSTATE is 5 characters and pg adds severity.
  if (!err || typeof err.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code)) return null;
  return err.severity !== undefined || err.routine !== undefined ? err.code : null;
}

/** A unique constraint refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

/** Serialization failure or deadlock (40001, 40P01): the transaction may simply be run again. */
export const isSerializationFailure = (e: unknown): boolean => {
  const s = sqlStateOf(e);
  return s === '40001' || s === '40P01';
};

export interface DbFailure {
  status: 400 | 409 | 500 | 503;
  key: MessageKey;
  /** Seconds after which trying again should work (503 only). */
  retryAfterS?: number;
  /** The SQLSTATE, or the driver error's name (e.g. KnexTimeoutError), for the log. */
  reason: string;
}

const busy = (reason: string, retryAfterS: number): DbFailure => ({
  status: 503,
  key: 'db.busy',
  retryAfterS,
  reason,
});

/**
 * What a database failure means to the client, or null for an error that is not the database's.
 * - class 22 (data exception: 22P02 bad text for the type, 22007/22008 bad or out-of-range date,
 *   22003 number out of range, 22021/22P05 bad encoding or NUL, 22001 too long) and 23514/23502
 *   (check, not null): the request held a value the database refuses: 400.
 * - 23505 unique: 409 conflict; 23503 foreign key: 409 (a linked row is gone or still used).
 * - 40001/40P01 serialisation failure or deadlock, 55P03 lock not available, 57014 statement
 *   timeout, class 53 (too many connections), class 08 and 57P0x (connection lost, shutting down),
 *   the pool's own acquire timeout: 503 with Retry-After.
 * - anything else from the database: 500.
 */
export function dbFailureOf(e: unknown): DbFailure | null {
  if ((e as Error | null)?.name === 'KnexTimeoutError') return busy('KnexTimeoutError', 2);
  const s = sqlStateOf(e);
  if (!s) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    return cause && cause !== e ? dbFailureOf(cause) : null;
  }
  if (s.startsWith('22') || s === '23514' || s === '23502')
    return { status: 400, key: 'db.badValue', reason: s };
  if (s === '23505') return { status: 409, key: 'db.conflict', reason: s };
  if (s === '23503') return { status: 409, key: 'db.reference', reason: s };
  if (s === '40001' || s === '40P01' || s === '55P03') return busy(s, 1);
  if (s === '57014' || s.startsWith('53') || s.startsWith('08') || /^57P0[1-4]$/.test(s)) return busy(s, 5);
  return { status: 500, key: 'serverError', reason: s };
}
