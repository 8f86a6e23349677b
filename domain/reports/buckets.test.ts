import { HANGUP_BUCKETS, HANGUP_FROM_MS, bucketSql, hangupBucket, roundBucket } from './buckets';

describe('SPEC §9 buckets', () => {
  it('puts each boundary in its bucket', () => {
    expect([0, 9_999, 10_000, 59_999, 60_000, 119_999, 120_000, 3_600_000].map(hangupBucket)).toEqual([
      'lt10',
      'lt10',
      's10_59',
      's10_59',
      's60_119',
      's60_119',
      'ge120',
      'ge120',
    ]);
    expect([0, 2, 3, 4, 5, 6, 7, 9, 10, 99].map(roundBucket)).toEqual([
      'r0_2',
      'r0_2',
      'r3_4',
      'r3_4',
      'r5_6',
      'r5_6',
      'r7_9',
      'r7_9',
      'r10',
      'r10',
    ]);
  });

  it('writes the same bounds as SQL', () => {
    expect(bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, 'lt10', 't')).toBe('t >= 0 AND t < 10000');
    expect(bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, 'ge120', 't')).toBe('t >= 120000');
  });
});
