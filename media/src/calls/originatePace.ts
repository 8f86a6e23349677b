// The line's send rate on the wire: a call is originated only with a token of the line's originate
// window (domain/rateWindow.ts). The scheduler already claims at most n numbers of a line per m
// seconds, but the dial queue may hand them over bunched (a busy worker catching up, a retried job,
// a test call); without this the carrier could see more than n originates in a window and block the
// line. Waits are short: tokens free up as the window slides.
import type Redis from 'ioredis';
import {
  originateSeqKey,
  originateWindowKey,
  RATE_TAKE_SCRIPT,
  validRate,
  type LineRate,
} from '../../../domain/rateWindow';

const RETRY_MS = 20;

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
): Promise<number | null> {
  // A line without a valid rate cannot be saved (SPEC §5); nothing to pace.
  if (!validRate(rate)) return Date.now();
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const got = (await redis.eval(
      RATE_TAKE_SCRIPT,
      2,
      originateWindowKey(prefix, lineId),
      originateSeqKey(prefix, lineId),
      rate.m * 1000,
      rate.n,
      1,
    )) as string[];
    // Member names are `<stamp ms>:<sequence>`.
    if (got.length) return Number(got[0]!.split(':')[0]);
    if (Date.now() >= deadline) return null;
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}
