// The line's send rate on the wire: a call is originated only with a token of the line's originate
// window (platform/rateWindow.ts). The scheduler already claims at most n numbers of a line per m
// seconds, but the dial queue may hand them over bunched (a busy worker catching up, a retried job,
// a test call); without this the carrier could see more than n originates in a window and block the
// line. Waits are usually short: tokens free up as the window slides. A call that gets no token for
// a while (more calls queued for the line than its rate serves) keeps waiting, polling less often
// (waitOriginateToken), until its record is closed by someone else (the dialer withdrew it): giving up
// failed the job three times and left its number neither dialled nor returned (issue 21 point 9).
import type Redis from 'ioredis';
import { RateWindows, tokenTakenAt, validRate, type LineRate } from '../../../platform/rateWindow';

const RETRY_MS = 20;
/** A long waiter polls at most this often (hundreds may wait on one line). */
const SLOW_RETRY_MS = 250;
/** How long one round of waiting lasts before the caller checks its call is still wanted. */
const ROUND_MS = 10_000;

/**
 * The moment (ms, Redis' clock) the line's token for one more originate was granted; null when no
 * token came within `maxWaitMs`. The call's record is stamped with this moment (claimOriginate), so
 * the records show the window the switch was held to.
 */
export async function awaitOriginateToken(
  redis: Redis,
  prefix: string,
  lineId: number,
  rate: LineRate,
  maxWaitMs: number,
  retryMs = RETRY_MS,
): Promise<number | null> {
  // A line without a valid rate cannot be saved (SPEC §5); nothing to pace.
  if (!validRate(rate)) return Date.now();
  const windows = new RateWindows(redis, prefix, 'originate');
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const got = await windows.take(lineId, rate, 1);
    if (got.length) return tokenTakenAt(got[0]!);
    if (Date.now() >= deadline) return null;
    // Jittered: waiters that started together do not all poll in step.
    await new Promise((r) => setTimeout(r, retryMs * (0.5 + Math.random())));
  }
}

/**
 * Waits for the line's token however long it takes (first a short round at the normal pace, then
 * rounds at a slow poll), asking `wanted` between rounds; null once the call is no longer wanted.
 */
export async function waitOriginateToken(
  redis: Redis,
  prefix: string,
  lineId: number,
  rate: LineRate,
  wanted: () => Promise<boolean>,
): Promise<number | null> {
  let retryMs = RETRY_MS;
  for (;;) {
    const at = await awaitOriginateToken(redis, prefix, lineId, rate, ROUND_MS, retryMs);
    if (at !== null) return at;
    if (!(await wanted())) return null;
    retryMs = SLOW_RETRY_MS;
  }
}
