// SPEC §9 buckets of a connected call: how long the customer stayed (hang-up under 10 s, 10-59 s,
// 60-119 s, 120 s or more, by talk time) and how many dialogue rounds it had (0-2, 3-4, 5-6, 7-9, 10
// or more). Lower bounds in ms and rounds; a value belongs to the last bucket whose bound it reaches.

export const HANGUP_BUCKETS = ['lt10', 's10_59', 's60_119', 'ge120'] as const;
export type HangupBucket = (typeof HANGUP_BUCKETS)[number];
export const HANGUP_FROM_MS: Record<HangupBucket, number> = {
  lt10: 0,
  s10_59: 10_000,
  s60_119: 60_000,
  ge120: 120_000,
};

export const ROUND_BUCKETS = ['r0_2', 'r3_4', 'r5_6', 'r7_9', 'r10'] as const;
export type RoundBucket = (typeof ROUND_BUCKETS)[number];
export const ROUNDS_FROM: Record<RoundBucket, number> = { r0_2: 0, r3_4: 3, r5_6: 5, r7_9: 7, r10: 10 };

/** The SQL condition "`expr` is in bucket `b`" (bounds from the tables above). */
export function bucketSql<B extends string>(
  order: readonly B[],
  from: Record<B, number>,
  b: B,
  expr: string,
): string {
  const i = order.indexOf(b);
  const lo = `${expr} >= ${from[b]}`;
  const next = order[i + 1];
  return next === undefined ? lo : `${lo} AND ${expr} < ${from[next]}`;
}
